import { BRAND_NAME, CONTACT_DETAILS } from '../../chrome/navigation.ts';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

const UPDATED = 'June 1, 2025';

export const LEGAL_DOCUMENTS = {
  privacy: {
    title: 'Privacy Policy',
    updated: UPDATED,
    intro: `This policy explains what personal data ${BRAND_NAME} collects when you use the platform, why we collect it, who can see it and the choices you have. It applies to athletes, coaches, agents and visitors of our public pages.`,
    sections: [
      {
        heading: 'Data we collect',
        list: [
          'Account data: your email address, name, role and a securely hashed password.',
          'Athlete profile data you enter: age, gender, nationality, phone, academic record and GPA, language level, athletic profile, preferences, agency partner, photo, highlight video and external links.',
          'Coach profile data: program, division, staff and contact details, recruiting preferences and recruitment requests.',
          'Agent data: name, agency, agency website and photo.',
          'Messages you send through the contact form or the assistant on our site.',
          'Technical data needed to keep you signed in and the service secure, such as a session cookie and server logs.',
        ],
      },
      {
        heading: 'How we use it',
        list: [
          'To create and secure your account and verify your email address.',
          'To score athletes against coaches’ recruitment requests and show the results to the coaches concerned.',
          'To let the partner agency an athlete chooses follow that athlete and their matches.',
          'To answer your messages and support requests.',
          'To improve the platform, using aggregated statistics that do not identify you.',
        ],
      },
      {
        heading: 'Who can see your data',
        paragraphs: [
          'A complete athlete profile is visible to coaches whose requests it matches, including contact details, so that they can request contact. The agency an athlete selects sees that athlete’s profile and the matches coaches share. Athletes never see coaches’ recruitment requests.',
          'We use service providers (hosting, email delivery) who process data only on our instructions. We never sell personal data.',
        ],
      },
      {
        heading: 'Demo data',
        paragraphs: ['During early access, the athlete profiles used to demonstrate and test the matching are synthetic demo data and do not describe real people.'],
      },
      {
        heading: 'Retention and security',
        paragraphs: [
          'We keep your data while your account is active and delete it, or make it anonymous, within 30 days of a deletion request, except where the law requires us to keep it longer. Passwords are stored hashed, sessions can be ended by signing out, and access to data is limited by role.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'Depending on where you live (for example under the GDPR in the European Union), you can ask to access, correct, export or delete your data, object to or restrict its use, and complain to your data protection authority. Athletes under 18 should use the platform with the consent of a parent or guardian.',
          `To exercise your rights, email ${CONTACT_DETAILS.privacyEmail}. ${CONTACT_DETAILS.replyPromise}`,
        ],
      },
      {
        heading: 'International transfers',
        paragraphs: ['We are based in New York. When data about athletes in Europe is shared with US programs, we rely on appropriate safeguards such as standard contractual clauses.'],
      },
      {
        heading: 'Changes',
        paragraphs: ['We will announce material changes to this policy on the platform before they take effect.'],
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    updated: UPDATED,
    intro: `These terms govern your use of ${BRAND_NAME}. By creating an account or using the platform you agree to them. Please read them together with our Privacy Policy and, for coaches, our Coach Consent Policy.`,
    sections: [
      {
        heading: 'The service',
        paragraphs: [
          `${BRAND_NAME} connects international student-athletes with US college programs and partner recruitment agencies. Matches and scores are recommendations to help people find each other; they are not an offer of admission, a scholarship or a place on a team.`,
          'The platform is in early access. Features may change, and some are marked as coming soon.',
        ],
      },
      {
        heading: 'Accounts',
        list: [
          'You must give accurate information and keep it up to date.',
          'You are responsible for keeping your password secret and for what happens under your account.',
          'Each partner agency may have one agent account.',
          'Athletes under 18 need the permission of a parent or guardian.',
        ],
      },
      {
        heading: 'Fees',
        paragraphs: [
          'Athletes pay a one-time commitment fee and, where it applies, a separate one-time semi-professional player fee. Coaches and universities may subscribe to a premium plan and order paid analytics and scouting reports. The amounts are confirmed to you in writing before you pay.',
        ],
      },
      {
        heading: 'Acceptable use',
        list: [
          'Use athlete information only to recruit for your program or to represent the athlete.',
          'Do not scrape, resell or publish data from the platform.',
          'Do not upload content you have no right to share, or that is misleading, offensive or unlawful.',
          'Do not try to access accounts or data that are not yours.',
        ],
      },
      {
        heading: 'Your content',
        paragraphs: [
          'You keep ownership of what you upload (photos, videos, profile text). You allow us to store it and show it to the users who are meant to see it, for as long as your account is active.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'We work hard to keep the platform accurate and available, but we provide it as it is. We are not responsible for decisions made by programs, athletes or agencies, and, to the extent the law allows, our liability is limited to the fees you paid us in the previous twelve months.',
        ],
      },
      {
        heading: 'Ending your account',
        paragraphs: [`You can close your account at any time by writing to ${CONTACT_DETAILS.email}. We may suspend accounts that break these terms.`],
      },
      {
        heading: 'Law',
        paragraphs: ['These terms are governed by the laws of the State of New York, without prejudice to the mandatory consumer protections of the country you live in.'],
      },
    ],
  },
  consent: {
    title: 'Coach Consent Policy',
    updated: UPDATED,
    intro: 'This policy explains what coaches and university staff agree to when they register, and how contact between programs, athletes and agencies works on the platform.',
    sections: [
      {
        heading: 'Compliance acknowledgement',
        paragraphs: [
          'When you register, you confirm that you are authorised to recruit for your program and that you will follow the recruiting rules of your governing body (NCAA, NAIA, NJCAA or other), including rules on contact periods, communications and inducements. The platform does not decide whether a contact is permitted; you remain responsible for it.',
        ],
      },
      {
        heading: 'Consent to contact',
        paragraphs: [
          'You agree that we, partner agencies and athletes who accept your matches may contact you by your preferred contact method and by email about those matches and about your recruitment requests.',
        ],
      },
      {
        heading: 'How athlete contact works',
        list: [
          'You share a ⚡️ match with an athlete from one of your recruitment requests.',
          'The athlete accepts or declines it; athletes can also choose to accept matches automatically.',
          'The athlete’s partner agency sees the match and follows up with you.',
          'You may decline or restore athletes at any time; every change is recorded.',
        ],
      },
      {
        heading: 'Use of athlete information',
        paragraphs: [
          'Athlete profiles, including contact details and videos, may be used only to evaluate and recruit athletes for your program. Do not share them outside your staff, and delete any copies when they are no longer needed.',
        ],
      },
      {
        heading: 'Withdrawing consent',
        paragraphs: [`You can withdraw your consent to be contacted at any time by writing to ${CONTACT_DETAILS.email}. Your account and requests will then be closed.`],
      },
    ],
  },
} satisfies Record<string, LegalDocument>;

export type LegalDocumentKey = keyof typeof LEGAL_DOCUMENTS;
