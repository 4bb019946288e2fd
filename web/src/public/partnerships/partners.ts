/**
 * Claimed figures of the partnerships page (spec section 1), in the order of their labels
 * (athletes enrolled, countries, partner universities, agency collaborators).
 */
export const PARTNERSHIP_STATS = [{ value: '40+' }, { value: '15+' }, { value: '12+' }, { value: '6+' }];

/** A partner's logo; the page words its alt text ("Eture logo") in the current language. */
export interface PartnerLogo {
  src: string;
  name: string;
}

const university = (slug: string, name: string): PartnerLogo => ({ src: `/media/universities/${slug}.svg`, name });
const agency = (slug: string, name: string): PartnerLogo => ({ src: `/media/agencies/${slug}.svg`, name });

export const UNIVERSITY_LOGOS: PartnerLogo[] = [
  university('hudson-valley', 'Hudson Valley University'),
  university('lakeshore-state', 'Lakeshore State University'),
  university('redwood-coast', 'Redwood Coast College'),
  university('bluegrass-christian', 'Bluegrass Christian University'),
  university('prairie-ridge', 'Prairie Ridge College'),
  university('atlantic-pines', 'Atlantic Pines University'),
  university('mesa-verde-state', 'Mesa Verde State University'),
  university('great-lakes-tech', 'Great Lakes Tech Institute'),
];

export const AGENCY_LOGOS: PartnerLogo[] = [
  agency('eture', 'Eture'),
  agency('global-college', 'Global College'),
  agency('mae', 'Mae'),
  agency('iberia-talent', 'Iberia Talent Group'),
  agency('nordic-pathway', 'Nordic Pathway Scholarships'),
  agency('atlantico-sports', 'Atlántico Sports Consulting'),
];
