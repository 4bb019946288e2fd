import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Placeholder } from '../ui/Placeholder.tsx';

const ContactPage = lazy(() => import('./ContactPage.tsx'));

export const publicRoutes: RouteObject[] = [
  { path: '/', element: <Placeholder title="Your Future, Matched." /> },
  { path: '/get-started', element: <Placeholder title="Choose your role" /> },
  { path: '/about-us', element: <Placeholder title="About us" /> },
  { path: '/pricing', element: <Placeholder title="Pricing" /> },
  { path: '/partnerships', element: <Placeholder title="Partnerships" /> },
  { path: '/faq', element: <Placeholder title="FAQ" /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/community', element: <Placeholder title="Community" /> },
  { path: '/privacy', element: <Placeholder title="Privacy Policy" /> },
  { path: '/terms', element: <Placeholder title="Terms of Service" /> },
  { path: '/consent-policy', element: <Placeholder title="Coach Consent Policy" /> },
];
