import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AgentRegisterPage, LoginPage, ResetPasswordPage } from '../auth/pages.ts';
import { guarded } from '../auth/guarded.tsx';

const AgentDashboardPage = lazy(() => import('./AgentDashboardPage.tsx'));
const AgentPlayersPage = lazy(() => import('./AgentPlayersPage.tsx'));
const AgentPlayerPage = lazy(() => import('./AgentPlayerPage.tsx'));

export const agentRoutes: RouteObject[] = [
  { path: '/agent-login', element: <LoginPage role="agent" /> },
  { path: '/agent-reset-password', element: <ResetPasswordPage role="agent" /> },
  { path: '/agent-register', element: <AgentRegisterPage /> },
  // Logged-out visitors of agent pages go to the agent login (decision A4).
  { path: '/agent-dashboard', element: guarded('agent', <AgentDashboardPage />, '/agent-login') },
  { path: '/agent/players', element: guarded('agent', <AgentPlayersPage />, '/agent-login') },
  { path: '/agent/players/:athleteId', element: guarded('agent', <AgentPlayerPage />, '/agent-login') },
];
