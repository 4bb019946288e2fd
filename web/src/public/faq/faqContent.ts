import type { TFunction } from 'i18next';
import { i18n, LANGUAGES, type Language } from '../../i18n/index.ts';
import { currentLanguage } from '../../i18n/language.ts';
import { catalogTree } from '../catalogTree.ts';

/**
 * FAQ content: read by the FAQ page and by the chat assistant (one home). The structure (groups,
 * entry ids, links) lives here; the texts are the catalog's faq.groups.<group> and
 * faq.entries.<entry> in each language.
 */
export interface FaqEntry {
  id: string;
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

const STRUCTURE: Array<{ id: string; entries: Array<{ id: string; to?: string }> }> = [
  {
    id: 'athletes',
    entries: [
      { id: 'matching' },
      { id: 'whoCanJoin' },
      { id: 'gpa' },
      { id: 'whenMatches' },
      { id: 'athleteCost', to: '/pricing' },
      { id: 'video' },
      { id: 'agency' },
    ],
  },
  {
    id: 'coaches',
    entries: [
      { id: 'findAthletes', to: '/coach-register' },
      { id: 'scoring' },
      { id: 'contactAthlete' },
      { id: 'premium', to: '/pricing' },
      { id: 'compliance', to: '/consent-policy' },
    ],
  },
  {
    id: 'general',
    entries: [{ id: 'launch' }, { id: 'demoData' }, { id: 'sports' }, { id: 'data', to: '/privacy' }, { id: 'contact', to: '/contact' }],
  },
];

/** The assistant's three suggested questions (each answered from the FAQ). */
const SUGGESTED_IDS = ['matching', 'gpa', 'athleteCost'];

type EntryText = { question: string; answer: string; link?: string };

/** The FAQ in the language of `t` (bound to the `public` namespace). */
export function faqGroups(t: TFunction): FaqGroup[] {
  const titles = catalogTree<Record<string, string>>(t, 'faq.groups');
  const texts = catalogTree<Record<string, EntryText>>(t, 'faq.entries');
  return STRUCTURE.map((group) => ({
    id: group.id,
    title: titles[group.id],
    entries: group.entries.map(({ id, to }) => {
      const { question, answer, link } = texts[id];
      return to && link ? { id, question, answer, link: { to, label: link } } : { id, question, answer };
    }),
  }));
}

const publicT = (language: Language) => i18n.getFixedT(language, 'public');

/** Every FAQ entry in one language (default: the current one). */
export function faqEntries(language: Language = currentLanguage()): FaqEntry[] {
  return faqGroups(publicT(language)).flatMap((group) => group.entries);
}

/** The FAQ entries of every language, for understanding a question asked in any of them. */
export function faqEntriesInEveryLanguage(): FaqEntry[] {
  return LANGUAGES.flatMap((language) => faqEntries(language));
}

export function suggestedQuestions(language: Language = currentLanguage()): string[] {
  const entries = faqEntries(language);
  return SUGGESTED_IDS.map((id) => entries.find((entry) => entry.id === id)!.question);
}
