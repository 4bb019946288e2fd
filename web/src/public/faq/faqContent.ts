/** FAQ content: read by the FAQ page and by the chat assistant (one home). */
export interface FaqEntry {
  question: string;
  answer: string;
  /** A page that says more, shown under the answer on the FAQ page. */
  link?: { to: string; label: string };
}

export interface FaqGroup {
  id: string;
  title: string;
  entries: FaqEntry[];
}

export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: 'athletes',
    title: 'For Athletes',
    entries: [
      {
        question: 'How does the matching work?',
        answer:
          'You complete your profile once: academics, athletic profile, preferences and a highlight video. US college coaches post recruitment requests, and our matching scores every complete profile against each request on position, academics, league level, start term, school size, region, budget and extras. Coaches only see players who reach 70% or more, and when a coach shares a ⚡️ match you can accept or decline it from your dashboard.',
      },
      {
        question: 'Who can create an athlete profile?',
        answer:
          'International student-athletes who want to study and play at a US university (NCAA, NAIA or NJCAA). Today we focus on soccer players based in Spain and the rest of Europe; more sports are planned.',
      },
      {
        question: 'How do I convert my grades to a U.S. GPA?',
        answer:
          'Pick your grading scale (0–10, 0–20 or 0–100) on your profile and enter your academic average: we convert it for you as average ÷ scale maximum × 4, rounded to one decimal. For example, 8.5 out of 10 becomes a 3.4 GPA. If you already have a 4.0-scale GPA, choose the custom scale and type it in.',
      },
      {
        question: 'When will I see my matches?',
        answer:
          'As soon as your profile is complete, the View matches card on your dashboard unlocks. Matches appear there whenever a coach shares one with you. If you prefer, turn on “Auto-accept coach matches” in Preferences and every match a coach shares is accepted for you.',
      },
      {
        question: 'What does it cost for athletes?',
        answer:
          'Athletes pay a one-time commitment fee, plus a separate one-time semi-professional player fee. There is no monthly subscription for athletes. Our team shares the exact amounts during onboarding; see the Pricing page for what each fee covers.',
        link: { to: '/pricing', label: 'See pricing' },
      },
      {
        question: 'Why do I need a highlight video?',
        answer:
          'Coaches want to see you play before they reach out. A 3–5 minute YouTube or Vimeo highlight video with your best actions, your shirt number and the date makes your profile complete and stronger in the ranking.',
      },
      {
        question: 'What does my partner agency do?',
        answer:
          'Your partner agency (Eture, Global College or Mae) represents you: it follows the matches coaches share with you, introduces you to the programs and helps with admissions, eligibility and visas.',
      },
    ],
  },
  {
    id: 'coaches',
    title: 'For Coaches & Universities',
    entries: [
      {
        question: 'How do I find athletes for my program?',
        answer:
          'Create your university profile, then submit a recruitment request with the positions, levels, age range, start terms, budget and extras you need. You get a curated shortlist ranked by score, and you can request contact with the athletes you like.',
        link: { to: '/coach-register', label: 'Register your program' },
      },
      {
        question: 'How are athletes scored?',
        answer:
          'Each athlete gets a score out of 100 against your request, explained by six parts: Position, Academics, LYFS (league, start year and school size), Region, Budget and Extras. Urgent requests give position more weight. Only athletes at 70% or above appear on your shortlist.',
      },
      {
        question: 'How do I get in touch with an athlete?',
        answer:
          'Press ⚡️ on an athlete to share a match. The athlete can accept it, and their partner agency follows up with you. You can also open the full profile with email, phone and highlight video at any time.',
      },
      {
        question: 'What does the premium subscription include?',
        answer:
          'The premium subscription gives coaches and universities access to the top 5% of athletes on the platform. Paid analytics and scouting reports, and collaboration with our partner agencies, are also available.',
        link: { to: '/pricing', label: 'See pricing' },
      },
      {
        question: 'Is the platform compliant with recruiting rules?',
        answer:
          'When you register you acknowledge your compliance obligations and consent to be contacted about matches. You stay responsible for following NCAA, NAIA or NJCAA recruiting rules; our Coach Consent Policy explains how we handle contact between programs and athletes.',
        link: { to: '/consent-policy', label: 'Read the Coach Consent Policy' },
      },
    ],
  },
  {
    id: 'general',
    title: 'General Questions',
    entries: [
      {
        question: 'When does the platform launch?',
        answer: 'We are in early access today: athletes, coaches and partner agencies can sign up now. The team is based in New York.',
      },
      {
        question: 'Are the athlete profiles real?',
        answer:
          'During early access, the athlete profiles used to demonstrate and test the matching are synthetic demo data. Real athletes’ profiles are only shown to coaches once they are complete.',
      },
      {
        question: 'Which sports do you support?',
        answer: 'Soccer today, for men’s and women’s teams. Other sports are planned after launch.',
      },
      {
        question: 'How do you protect my data?',
        answer:
          'Your profile is only visible to the coaches it matches and to the partner agency you choose. We never sell your data. Our Privacy Policy explains what we store and how to ask us to delete it.',
        link: { to: '/privacy', label: 'Read the Privacy Policy' },
      },
      {
        question: 'How can I contact you?',
        answer: 'Send us a message through the contact form or email our team. We reply within 24 hours or one business day.',
        link: { to: '/contact', label: 'Go to the contact form' },
      },
    ],
  },
];

export const FAQ_ENTRIES: FaqEntry[] = FAQ_GROUPS.flatMap((group) => group.entries);

/** The assistant's three suggested questions (each answered from the FAQ). */
export const SUGGESTED_QUESTIONS = ['How does the matching work?', 'How do I convert my grades to a U.S. GPA?', 'What does it cost for athletes?'];
