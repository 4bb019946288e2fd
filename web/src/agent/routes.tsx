import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../ui/Placeholder.tsx';

export const agentRoutes: RouteObject[] = [
  { path: '/agent-login', element: <Placeholder title="Agent sign in" /> },
  { path: '/agent-register', element: <Placeholder title="Register your agency" /> },
  { path: '/agent-dashboard', element: <Placeholder title="Agent dashboard" /> },
  { path: '/agent/players', element: <Placeholder title="Agency roster" /> },
];
