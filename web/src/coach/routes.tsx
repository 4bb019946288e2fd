import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../ui/Placeholder.tsx';

export const coachRoutes: RouteObject[] = [
  { path: '/coach-login', element: <Placeholder title="Coach sign in" /> },
  { path: '/coach-register', element: <Placeholder title="Register your program" /> },
  { path: '/coach-dashboard', element: <Placeholder title="Coach dashboard" /> },
  { path: '/coach-profile', element: <Placeholder title="Program profile" /> },
  { path: '/coach-request', element: <Placeholder title="Create a Request" /> },
  { path: '/coach-requests', element: <Placeholder title="Ongoing Requests" /> },
  { path: '/coach/athletes/:athleteId', element: <Placeholder title="Athlete profile" /> },
];
