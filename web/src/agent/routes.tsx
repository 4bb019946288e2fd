import type { RouteObject } from 'react-router-dom';
import { AgentRegisterPage, LoginPage } from '../auth/pages.ts';
import { Placeholder } from '../ui/Placeholder.tsx';

export const agentRoutes: RouteObject[] = [
  { path: '/agent-login', element: <LoginPage role="agent" /> },
  { path: '/agent-register', element: <AgentRegisterPage /> },
  { path: '/agent-dashboard', element: <Placeholder title="Agent dashboard" /> },
  { path: '/agent/players', element: <Placeholder title="Agency roster" /> },
];
