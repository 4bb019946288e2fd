import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../ui/Placeholder.tsx';

export const insightsRoutes: RouteObject[] = [{ path: '/support/insights', element: <Placeholder title="Insights console" /> }];
