import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LEGAL_ROUTES } from './legal/legalContent.ts';

const LandingPage = lazy(() => import('./LandingPage.tsx'));
const GetStartedPage = lazy(() => import('./GetStartedPage.tsx'));
const AboutPage = lazy(() => import('./AboutPage.tsx'));
const PricingPage = lazy(() => import('./PricingPage.tsx'));
const PartnershipsPage = lazy(() => import('./PartnershipsPage.tsx'));
const FaqPage = lazy(() => import('./FaqPage.tsx'));
const ContactPage = lazy(() => import('./ContactPage.tsx'));
const CommunityPage = lazy(() => import('./CommunityPage.tsx'));
const LegalPage = lazy(() => import('./legal/LegalPage.tsx'));

export const publicRoutes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/get-started', element: <GetStartedPage /> },
  { path: '/about-us', element: <AboutPage /> },
  { path: '/pricing', element: <PricingPage /> },
  { path: '/partnerships', element: <PartnershipsPage /> },
  { path: '/faq', element: <FaqPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/community', element: <CommunityPage /> },
  { path: LEGAL_ROUTES.privacy, element: <LegalPage doc="privacy" /> },
  { path: LEGAL_ROUTES.terms, element: <LegalPage doc="terms" /> },
  { path: LEGAL_ROUTES.consent, element: <LegalPage doc="consent" /> },
];
