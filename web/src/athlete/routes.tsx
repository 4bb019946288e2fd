import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../ui/Placeholder.tsx';

export const athleteRoutes: RouteObject[] = [
  { path: '/athlete-login', element: <Placeholder title="Athlete sign in" /> },
  { path: '/athlete-register', element: <Placeholder title="Create your athlete account" /> },
  { path: '/athlete-complete-profile', element: <Placeholder title="Complete your profile" /> },
  { path: '/athlete-dashboard', element: <Placeholder title="Athlete dashboard" /> },
  { path: '/athlete-profile', element: <Placeholder title="Your profile" /> },
];
