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

export const TEAM: TeamMember[] = [
  {
    name: 'Lucía Fernández',
    role: 'Co-founder & CEO',
    image: '/media/team/lucia-fernandez.svg',
    slug: 'lucia-fernandez',
    story: {
      title: 'From Segunda RFEF to a U.S. campus',
      tagline: 'Lucía lived the recruiting maze as a player before she set out to fix it.',
      paragraphs: [
        'Lucía grew up in Valencia playing in the Segunda RFEF. At eighteen she knew she wanted both a degree and a higher level of football, and the United States offered both, but nobody around her knew where to start.',
        'It took her two years, three agencies and hundreds of unanswered emails to find a program that fit. She eventually played four seasons in NCAA Division I while studying economics, and saw teammates from Brazil, Japan and Germany go through the same guesswork.',
      ],
      highlight: {
        heading: 'What she learned',
        intro: 'The talent was never the problem. The information was.',
        list: ['Coaches need a short, trustworthy shortlist, not a stack of videos.', 'Athletes need to know early which programs fit their grades and budget.', 'Agencies do their best work when the first match is already a good one.'],
      },
      quote: 'Every player should find out what they are worth to a program in days, not years.',
      closing: 'Today she leads the company from New York and still answers athletes’ messages herself every week.',
      mainImage: '/media/stories/travel.svg',
      gallery: [
        { src: '/media/stories/pitch.svg', alt: 'Illustration of a soccer pitch with two players passing' },
        { src: '/media/stories/campus.svg', alt: 'Illustration of a university building' },
      ],
      ctaLabel: 'Start your journey',
      ctaTo: '/get-started',
    },
  },
  {
    name: 'Daniel Brooks',
    role: 'Co-founder & Head of Partnerships',
    image: '/media/team/daniel-brooks.svg',
    slug: 'daniel-brooks',
    story: {
      title: 'A coach’s view of international recruiting',
      tagline: 'Ten years on a college bench taught Daniel what coaches actually need.',
      paragraphs: [
        'Daniel spent a decade as an assistant coach in NCAA Division II and NAIA programs. Every spring his inbox filled with hundreds of highlight reels from abroad, most of them from players who would never meet the academic or budget requirements of his school.',
        'He joined Lucía to build the other side of the platform: recruitment requests that say exactly what a program needs, and a ranked shortlist that explains why each player is on it.',
      ],
      highlight: {
        heading: 'What coaches get',
        intro: 'A recruiting brief goes in; a shortlist worth calling comes out.',
        list: ['Scores explained by position, academics, league, region, budget and extras.', 'Only players at 70% or above.', 'A partner agency on the other end to follow up.'],
      },
      quote: 'Good recruiting is saying no quickly, so you can say yes to the right player.',
      closing: 'Daniel runs our university and agency partnerships and speaks at coaching clinics across the country.',
      mainImage: '/media/stories/classroom.svg',
      gallery: [{ src: '/media/stories/pitch.svg', alt: 'Illustration of a soccer pitch with two players passing' }],
      ctaLabel: 'Talk to our team',
      ctaTo: '/contact',
    },
  },
  {
    name: 'Marta Soler',
    role: 'Head of Athlete Success',
    image: '/media/team/marta-soler.svg',
    slug: 'marta-soler',
    story: {
      title: 'Making the move abroad feel possible',
      tagline: 'Marta guides every athlete from the first profile to the first training session.',
      paragraphs: [
        'A former academic advisor at a Madrid sports school, Marta has helped more than a hundred students prepare applications, language tests and visa paperwork for universities abroad.',
        'At RecruitMatch she makes sure athletes understand their GPA conversion, their options by budget and what each match means before they accept it.',
      ],
      highlight: {
        heading: 'Her checklist for athletes',
        intro: 'Start early and keep it simple:',
        list: ['Convert your grades and know your GPA.', 'Record a 3–5 minute highlight video.', 'Be honest about your budget; there is a program for it.'],
      },
      quote: 'The best match is the one an athlete can still be proud of in their final year.',
      closing: 'When she is not on a call with families, Marta coaches an under-14 girls’ team in Madrid.',
      mainImage: '/media/stories/campus.svg',
      gallery: [
        { src: '/media/stories/classroom.svg', alt: 'Illustration of a GPA chart on a board' },
        { src: '/media/stories/travel.svg', alt: 'Illustration of a flight path from Madrid to New York' },
      ],
      ctaLabel: 'Create your profile',
      ctaTo: '/athlete-register',
    },
  },
  { name: 'Kenji Morales', role: 'Lead Engineer', image: '/media/team/kenji-morales.svg', slug: 'kenji-morales' },
  { name: 'Amara Okafor', role: 'Data & Matching Lead', image: '/media/team/amara-okafor.svg', slug: 'amara-okafor' },
  { name: 'Pablo Ruiz', role: 'Community & Media Manager', image: '/media/team/pablo-ruiz.svg', slug: 'pablo-ruiz' },
];
