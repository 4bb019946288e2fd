import type { CarouselImage } from './LogoCarousel.tsx';

/** Claimed figures of the partnerships page (spec section 1). */
export const PARTNERSHIP_STATS = [
  { value: '40+', label: 'Athletes enrolled' },
  { value: '15+', label: 'Countries represented' },
  { value: '12+', label: 'Partner universities' },
  { value: '6+', label: 'Agency collaborators' },
];

const university = (slug: string, name: string): CarouselImage => ({ src: `/media/universities/${slug}.svg`, alt: `${name} logo` });
const agency = (slug: string, name: string): CarouselImage => ({ src: `/media/agencies/${slug}.svg`, alt: `${name} logo` });

export const UNIVERSITY_LOGOS: CarouselImage[] = [
  university('hudson-valley', 'Hudson Valley University'),
  university('lakeshore-state', 'Lakeshore State University'),
  university('redwood-coast', 'Redwood Coast College'),
  university('bluegrass-christian', 'Bluegrass Christian University'),
  university('prairie-ridge', 'Prairie Ridge College'),
  university('atlantic-pines', 'Atlantic Pines University'),
  university('mesa-verde-state', 'Mesa Verde State University'),
  university('great-lakes-tech', 'Great Lakes Tech Institute'),
];

export const AGENCY_LOGOS: CarouselImage[] = [
  agency('eture', 'Eture'),
  agency('global-college', 'Global College'),
  agency('mae', 'Mae'),
  agency('iberia-talent', 'Iberia Talent Group'),
  agency('nordic-pathway', 'Nordic Pathway Scholarships'),
  agency('atlantico-sports', 'Atlántico Sports Consulting'),
];
