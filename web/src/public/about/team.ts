import type { TFunction } from 'i18next';
import { catalogTree } from '../catalogTree.ts';

/** The team on the About page (spec section 3: team member and story shapes). */
export interface Story {
  title: string;
  tagline: string;
  paragraphs: string[];
  highlight: { heading: string; intro: string; list: string[] };
  quote: string;
  closing: string;
  mainImage: string;
  gallery: { src: string; alt: string }[];
  ctaLabel: string;
  /** Where the call to action leads. */
  ctaTo: string;
}

export interface TeamMember {
  name: string;
  role: string;
  image: string;
  slug: string;
  story?: Story;
}

/** What does not change with the language: names, pictures, links. Texts: the catalog's about.team.<slug>. */
interface MemberData {
  name: string;
  slug: string;
  image: string;
  story?: { mainImage: string; gallery: string[]; ctaTo: string };
}

const MEMBERS: MemberData[] = [
  {
    name: 'Lucía Fernández',
    slug: 'lucia-fernandez',
    image: '/media/team/lucia-fernandez.svg',
    story: { mainImage: '/media/stories/travel.svg', gallery: ['/media/stories/pitch.svg', '/media/stories/campus.svg'], ctaTo: '/get-started' },
  },
  {
    name: 'Daniel Brooks',
    slug: 'daniel-brooks',
    image: '/media/team/daniel-brooks.svg',
    story: { mainImage: '/media/stories/classroom.svg', gallery: ['/media/stories/pitch.svg'], ctaTo: '/contact' },
  },
  {
    name: 'Marta Soler',
    slug: 'marta-soler',
    image: '/media/team/marta-soler.svg',
    story: { mainImage: '/media/stories/campus.svg', gallery: ['/media/stories/classroom.svg', '/media/stories/travel.svg'], ctaTo: '/athlete-register' },
  },
  { name: 'Kenji Morales', slug: 'kenji-morales', image: '/media/team/kenji-morales.svg' },
  { name: 'Amara Okafor', slug: 'amara-okafor', image: '/media/team/amara-okafor.svg' },
  { name: 'Pablo Ruiz', slug: 'pablo-ruiz', image: '/media/team/pablo-ruiz.svg' },
];

interface MemberText {
  role: string;
  story?: Omit<Story, 'mainImage' | 'gallery' | 'ctaTo'> & { galleryAlts: string[] };
}

/** The team with its texts in the language of `t` (bound to the `public` namespace). */
export function teamMembers(t: TFunction): TeamMember[] {
  const texts = catalogTree<Record<string, MemberText>>(t, 'about.team');
  return MEMBERS.map(({ story, ...member }) => {
    const text = texts[member.slug];
    if (!story || !text.story) return { ...member, role: text.role };
    const { galleryAlts, ...storyText } = text.story;
    return {
      ...member,
      role: text.role,
      story: { ...storyText, mainImage: story.mainImage, ctaTo: story.ctaTo, gallery: story.gallery.map((src, index) => ({ src, alt: galleryAlts[index] })) },
    };
  });
}
