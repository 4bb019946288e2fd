import { spaRouteOf } from '@app/domain/spa-routes';
import type { Role } from '../auth/api.ts';

/** Top navigation entries, in the spec's order (section 2, "Shared chrome"). */
export interface NavEntry {
  label: string;
  /** An internal route. */
  to?: string;
  /** An external link (opens in a new tab). */
  href?: string;
  /** Kept in the list but not displayed (Partnerships). */
  hidden?: boolean;
}

export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Home', to: '/get-started' },
  { label: 'Community', to: '/community' },
  { label: 'Partnerships', to: '/partnerships', hidden: true },
  { label: 'Pricing', to: '/pricing' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact', to: '/contact' },
  { label: 'About Us', to: '/about-us' },
];

/** The entries the top bar shows. */
export function visibleNavEntries(entries: NavEntry[] = NAV_ENTRIES): NavEntry[] {
  return entries.filter((entry) => !entry.hidden);
}

/** Each signed-in role's own links, shown in the top bar inside that role's area. */
export const ROLE_NAV_ENTRIES: Record<Role, NavEntry[]> = {
  athlete: [
    { label: 'Dashboard', to: '/athlete-dashboard' },
    { label: 'Profile', to: '/athlete-profile' },
    { label: 'Matches', to: '/athlete-matches' },
  ],
  coach: [
    { label: 'Requests', to: '/coach-requests' },
    { label: 'Profile', to: '/coach-profile' },
  ],
  agent: [
    { label: 'Dashboard', to: '/agent-dashboard' },
    { label: 'Players', to: '/agent/players' },
  ],
};

/**
 * The top bar's links for a page: the role's own inside a signed-in area (its pages only open
 * for that role; a page all roles share shows the signed-in user's), the marketing navigation
 * everywhere else.
 */
export function navEntriesFor(pathname: string, signedInRole?: keyof typeof ROLE_NAV_ENTRIES | null): NavEntry[] {
  const area = spaRouteOf(pathname)?.area;
  if (area === 'athlete' || area === 'coach' || area === 'agent') return ROLE_NAV_ENTRIES[area];
  if (area === 'signed-in' && signedInRole) return ROLE_NAV_ENTRIES[signedInRole];
  return visibleNavEntries(NAV_ENTRIES);
}

/** Footer "Quick Links", in the spec's order. */
export const QUICK_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Partnerships', to: '/partnerships' },
  { label: 'Contact', to: '/contact' },
];

export const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Coach Consent Policy', to: '/consent-policy' },
];

export const BRAND_NAME = 'RecruitMatch';

/** Contact details shown in the footer, on Contact, About and the legal pages: one home. */
export const CONTACT_DETAILS = {
  email: 'hello@recruiting.local',
  privacyEmail: 'privacy@recruiting.local',
  phone: '+1 (212) 555-0147',
  city: 'New York, NY',
  replyPromise: 'We reply within 24 hours or one business day.',
};

export type SocialNetwork = 'instagram' | 'linkedin' | 'x' | 'youtube';

/** Social profiles. The handles are set here, in one place, when the accounts go live. */
export const SOCIAL_LINKS: { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { network: 'x', label: 'X', href: 'https://x.com/' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
];
