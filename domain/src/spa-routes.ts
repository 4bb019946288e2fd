// The web app's page routes, in one place: the web router is checked against this list
// (web/src/routes.test.ts) and the API server answers 404 for any other path it serves the SPA
// for (api/src/app.ts), so an unknown address is a real 404 with the SPA's not-found page.

/**
 * Who a page is for: anyone, the sign-in pages, a signed-in role's own area, a page every
 * signed-in role shares (notifications, conversations), or the staff console.
 */
export type SpaArea = 'public' | 'auth' | 'athlete' | 'coach' | 'agent' | 'signed-in' | 'insights';

export interface SpaRoute {
  /** A react-router path; `:name` is one path segment. */
  path: string;
  area: SpaArea;
}

export const SPA_ROUTES: readonly SpaRoute[] = [
  { path: '/', area: 'public' },
  { path: '/get-started', area: 'public' },
  { path: '/about-us', area: 'public' },
  { path: '/pricing', area: 'public' },
  { path: '/partnerships', area: 'public' },
  { path: '/faq', area: 'public' },
  { path: '/contact', area: 'public' },
  { path: '/community', area: 'public' },
  { path: '/privacy', area: 'public' },
  { path: '/terms', area: 'public' },
  { path: '/consent-policy', area: 'public' },

  { path: '/athlete-login', area: 'auth' },
  { path: '/athlete-register', area: 'auth' },
  { path: '/coach-login', area: 'auth' },
  { path: '/coach-register', area: 'auth' },
  { path: '/agent-login', area: 'auth' },
  { path: '/agent-register', area: 'auth' },
  { path: '/athlete-reset-password', area: 'auth' },
  { path: '/coach-reset-password', area: 'auth' },
  { path: '/agent-reset-password', area: 'auth' },
  // Signed out too: the link in an email turns that kind of email off.
  { path: '/unsubscribe', area: 'public' },

  { path: '/athlete-complete-profile', area: 'athlete' },
  { path: '/athlete-dashboard', area: 'athlete' },
  { path: '/athlete-profile', area: 'athlete' },
  { path: '/athlete-matches', area: 'athlete' },

  { path: '/coach-dashboard', area: 'coach' },
  { path: '/coach-profile', area: 'coach' },
  { path: '/coach-request', area: 'coach' },
  { path: '/coach-requests', area: 'coach' },
  { path: '/coach-requests/:requestId/edit', area: 'coach' },
  { path: '/coach/athletes/:athleteId', area: 'coach' },

  { path: '/agent-dashboard', area: 'agent' },
  { path: '/agent/players', area: 'agent' },
  { path: '/agent/players/:athleteId', area: 'agent' },

  { path: '/notifications', area: 'signed-in' },
  { path: '/notification-settings', area: 'signed-in' },
  { path: '/account-password', area: 'signed-in' },
  { path: '/account-email', area: 'signed-in' },
  { path: '/account-data', area: 'signed-in' },
  { path: '/messages', area: 'signed-in' },
  { path: '/messages/:matchId', area: 'signed-in' },

  { path: '/support/insights', area: 'insights' },
];

function segments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

function matches(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const have = segments(pathname);
  return want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part.toLowerCase() === have[i].toLowerCase()));
}

/**
 * The route a pathname opens, as react-router matches it (case-insensitive, a trailing slash
 * ignored, a `:param` any one segment); null when no page has that address.
 */
export function spaRouteOf(pathname: string): SpaRoute | null {
  return SPA_ROUTES.find((route) => matches(route.path, pathname)) ?? null;
}

export function isSpaRoute(pathname: string): boolean {
  return spaRouteOf(pathname) !== null;
}
