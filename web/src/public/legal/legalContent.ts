import type { TFunction } from 'i18next';
import { BRAND_NAME, CONTACT_DETAILS } from '../../chrome/navigation.ts';
import { catalogTree } from '../catalogTree.ts';
import { replyPromise } from '../replyPromise.ts';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  /** ISO date of the last change. */
  updated: string;
  intro: string;
  sections: LegalSection[];
}

/** The legal pages and their routes; their texts are the catalog's legal.<key>. */
export const LEGAL_ROUTES = { privacy: '/privacy', terms: '/terms', consent: '/consent-policy' } as const;
export type LegalDocumentKey = keyof typeof LEGAL_ROUTES;

const UPDATED = '2025-06-01';

/** A legal document in the language of `t` (bound to the `public` namespace). */
export function legalDocument(t: TFunction, doc: LegalDocumentKey): LegalDocument {
  const values = { brand: BRAND_NAME, email: CONTACT_DETAILS.email, privacyEmail: CONTACT_DETAILS.privacyEmail, replyPromise: replyPromise() };
  type Text = Omit<LegalDocument, 'updated'>;
  const text = {
    privacy: () => catalogTree<Text>(t, 'legal.privacy', values),
    terms: () => catalogTree<Text>(t, 'legal.terms', values),
    consent: () => catalogTree<Text>(t, 'legal.consent', values),
  }[doc]();
  return { ...text, updated: UPDATED };
}
