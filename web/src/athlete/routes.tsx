import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AthleteRegisterPage, LoginPage, ResetPasswordPage } from '../auth/pages.ts';
import { guarded } from '../auth/guarded.tsx';

const AthleteDashboardPage = lazy(() => import('./AthleteDashboardPage.tsx').then((m) => ({ default: m.AthleteDashboardPage })));
const CompleteProfilePage = lazy(() => import('./CompleteProfilePage.tsx').then((m) => ({ default: m.CompleteProfilePage })));
const AthleteProfilePage = lazy(() => import('./AthleteProfilePage.tsx').then((m) => ({ default: m.AthleteProfilePage })));
const AthleteMatchesPage = lazy(() => import('./matches/AthleteMatchesPage.tsx'));

export const athleteRoutes: RouteObject[] = [
  { path: '/athlete-login', element: <LoginPage role="athlete" /> },
  { path: '/athlete-reset-password', element: <ResetPasswordPage role="athlete" /> },
  { path: '/athlete-register', element: <AthleteRegisterPage /> },
  { path: '/athlete-complete-profile', element: guarded('athlete', <CompleteProfilePage />) },
  { path: '/athlete-dashboard', element: guarded('athlete', <AthleteDashboardPage />) },
  { path: '/athlete-profile', element: guarded('athlete', <AthleteProfilePage />) },
  { path: '/athlete-matches', element: guarded('athlete', <AthleteMatchesPage />) },
];
