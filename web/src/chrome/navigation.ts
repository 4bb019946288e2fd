import { NOTIFICATION_PATHS } from '@app/domain';
import { spaRouteOf } from '@app/domain/spa-routes';
import type { Role } from '../auth/api.ts';

/** Top navigation entries, in the spec's order (section 2, "Shared chrome"). */
export interface NavEntry {
  /** The English label (tests, the public pages' own uses). */
  label: string;
  /** Its text in the `common` catalog (what the chrome shows). */
  labelKey: string;
  /** An internal route. */
  to?: string;
  /** An external link (opens in a new tab). */
  href?: string;
  /** Kept in the list but not displayed (Partnerships). */
  hidden?: boolean;
  /** Also the current entry on the pages under `to` (a thread under /messages, a request's edit page). */
  section?: boolean;
}

export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Home', labelKey: 'nav.home', to: '/get-started' },
  { label: 'Community', labelKey: 'nav.community', to: '/community' },
  { label: 'Partnerships', labelKey: 'nav.partnerships', to: '/partnerships', hidden: true },
  { label: 'Pricing', labelKey: 'nav.pricing', to: '/pricing' },
  { label: 'FAQ', labelKey: 'nav.faq', to: '/faq' },
  { label: 'Contact', labelKey: 'nav.contact', to: '/contact' },
  { label: 'About Us', labelKey: 'nav.aboutUs', to: '/about-us' },
];

/** The entries the top bar shows. */
export function visibleNavEntries(entries: NavEntry[] = NAV_ENTRIES): NavEntry[] {
  return entries.filter((entry) => !entry.hidden);
}

/** Every role's conversations (/messages). */
export const MESSAGES_ENTRY: NavEntry = { label: 'Messages', labelKey: 'nav.messages', to: NOTIFICATION_PATHS.conversations, section: true };

/** Each signed-in role's own links, shown in the top bar inside that role's area. */
export const ROLE_NAV_ENTRIES: Record<Role, NavEntry[]> = {
  athlete: [
    { label: 'Dashboard', labelKey: 'nav.dashboard', to: '/athlete-dashboard' },
    { label: 'Profile', labelKey: 'nav.profile', to: '/athlete-profile' },
    { label: 'Matches', labelKey: 'nav.matches', to: '/athlete-matches' },
    MESSAGES_ENTRY,
  ],
  coach: [
    { label: 'Requests', labelKey: 'nav.requests', to: '/coach-requests', section: true },
    { label: 'Profile', labelKey: 'nav.profile', to: '/coach-profile' },
    MESSAGES_ENTRY,
  ],
  agent: [
    { label: 'Dashboard', labelKey: 'nav.dashboard', to: '/agent-dashboard' },
    { label: 'Players', labelKey: 'nav.players', to: '/agent/players' },
    MESSAGES_ENTRY,
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

/**
 * Pages with a Back of their own that goes back in history as the top bar's does (the coach's view
 * of an athlete, spec section 2): the top bar leaves its Back out there, not to show two.
 */
const PAGES_WITH_OWN_BACK = ['/coach/athletes/:athleteId'];

export function pageHasOwnBack(pathname: string): boolean {
  const path = spaRouteOf(pathname)?.path;
  return path !== undefined && PAGES_WITH_OWN_BACK.includes(path);
}

/** Footer "Quick Links", in the spec's order. */
export const QUICK_LINKS: Array<NavEntry & { to: string }> = [
  { label: 'Home', labelKey: 'nav.home', to: '/' },
  { label: 'About Us', labelKey: 'nav.aboutUs', to: '/about-us' },
  { label: 'Pricing', labelKey: 'nav.pricing', to: '/pricing' },
  { label: 'FAQ', labelKey: 'nav.faq', to: '/faq' },
  { label: 'Partnerships', labelKey: 'nav.partnerships', to: '/partnerships' },
  { label: 'Contact', labelKey: 'nav.contact', to: '/contact' },
];

export const LEGAL_LINKS: Array<NavEntry & { to: string }> = [
  { label: 'Privacy Policy', labelKey: 'nav.privacy', to: '/privacy' },
  { label: 'Terms of Service', labelKey: 'nav.terms', to: '/terms' },
  { label: 'Coach Consent Policy', labelKey: 'nav.consentPolicy', to: '/consent-policy' },
];

export { BRAND_NAME } from '@app/domain';

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
