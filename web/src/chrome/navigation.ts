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
