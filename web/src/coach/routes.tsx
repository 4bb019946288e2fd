import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { CoachRegisterPage, LoginPage, ResetPasswordPage } from '../auth/pages.ts';
import { guarded } from '../auth/guarded.tsx';

const CoachDashboardPage = lazy(() => import('./CoachDashboardPage.tsx').then((m) => ({ default: m.CoachDashboardPage })));
const CoachProfilePage = lazy(() => import('./CoachProfilePage.tsx').then((m) => ({ default: m.CoachProfilePage })));
const CreateRequestPage = lazy(() => import('./CreateRequestPage.tsx').then((m) => ({ default: m.CreateRequestPage })));
const EditRequestPage = lazy(() => import('./EditRequestPage.tsx').then((m) => ({ default: m.EditRequestPage })));
const OngoingRequestsPage = lazy(() => import('./OngoingRequestsPage.tsx').then((m) => ({ default: m.OngoingRequestsPage })));
const CoachAthletePage = lazy(() => import('./athlete/CoachAthletePage.tsx').then((m) => ({ default: m.CoachAthletePage })));

export const coachRoutes: RouteObject[] = [
  { path: '/coach-login', element: <LoginPage role="coach" /> },
  { path: '/coach-reset-password', element: <ResetPasswordPage role="coach" /> },
  { path: '/coach-register', element: <CoachRegisterPage /> },
  { path: '/coach-dashboard', element: guarded('coach', <CoachDashboardPage />) },
  { path: '/coach-profile', element: guarded('coach', <CoachProfilePage />) },
  { path: '/coach-request', element: guarded('coach', <CreateRequestPage />) },
  { path: '/coach-requests', element: guarded('coach', <OngoingRequestsPage />) },
  { path: '/coach-requests/:requestId/edit', element: guarded('coach', <EditRequestPage />) },
  { path: '/coach/athletes/:athleteId', element: guarded('coach', <CoachAthletePage />, '/coach-login') },
];
