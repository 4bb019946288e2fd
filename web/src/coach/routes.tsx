import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { CoachRegisterPage, LoginPage, ResetPasswordPage } from '../auth/pages.ts';
import { RequireRole } from '../auth/RequireRole.tsx';

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
  {
    path: '/coach-dashboard',
    element: (
      <RequireRole role="coach">
        <CoachDashboardPage />
      </RequireRole>
    ),
  },
  {
    path: '/coach-profile',
    element: (
      <RequireRole role="coach">
        <CoachProfilePage />
      </RequireRole>
    ),
  },
  {
    path: '/coach-request',
    element: (
      <RequireRole role="coach">
        <CreateRequestPage />
      </RequireRole>
    ),
  },
  {
    path: '/coach-requests',
    element: (
      <RequireRole role="coach">
        <OngoingRequestsPage />
      </RequireRole>
    ),
  },
  {
    path: '/coach-requests/:requestId/edit',
    element: (
      <RequireRole role="coach">
        <EditRequestPage />
      </RequireRole>
    ),
  },
  {
    path: '/coach/athletes/:athleteId',
    element: (
      <RequireRole role="coach" redirectTo="/coach-login">
        <CoachAthletePage />
      </RequireRole>
    ),
  },
];
