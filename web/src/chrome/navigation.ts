/** Top navigation entries, in the spec's order (section 2, "Shared chrome"). */
export interface NavEntry {
  label: string;
  to?: string;
  href?: string;
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

export const CONTACT_DETAILS = {
  email: 'hello@recruiting.local',
  phone: '+1 (212) 555-0147',
  city: 'New York, NY',
};
