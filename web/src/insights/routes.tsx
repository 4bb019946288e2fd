import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const InsightsPage = lazy(() => import('./InsightsPage.tsx'));

export const insightsRoutes: RouteObject[] = [{ path: '/support/insights', element: <InsightsPage /> }];
