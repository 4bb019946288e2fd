import {
  ATHLETE_POSITIONS,
  ATHLETE_REGION_CHOICES,
  ATHLETE_START_TERMS,
  COACH_REGIONS,
  ENGLISH_LEVELS,
  EXTRAS,
  MAJORS,
  MATCH_STATUSES,
  REQUEST_POSITIONS,
  REQUEST_START_TERMS,
  SCHOOL_SIZE_PREFERENCES,
  SCHOOL_SIZES,
  TEAM_CATEGORIES,
} from '@app/domain';
import { i18n } from './index.ts';

/**
 * The product's reference values as the athlete area shows them (issue 19). The values stay the
 * stored English words (the API and scoring use them); the `reference` catalog names each in the
 * reader's language, keyed by list and value. The catalog test checks every value of these lists
 * has its text in both languages, and nothing else.
 */
export const REFERENCE_LISTS = {
  positions: [...new Set([...ATHLETE_POSITIONS, ...REQUEST_POSITIONS])],
  majors: [...MAJORS],
  regions: [...new Set([...ATHLETE_REGION_CHOICES, ...COACH_REGIONS])],
  terms: [...new Set([...ATHLETE_START_TERMS, ...REQUEST_START_TERMS])],
  englishLevels: [...ENGLISH_LEVELS],
  schoolSizes: [...SCHOOL_SIZE_PREFERENCES, ...SCHOOL_SIZES],
  extras: [...EXTRAS],
  teamCategories: [...TEAM_CATEGORIES],
  matchStatuses: [...MATCH_STATUSES],
} satisfies Record<string, readonly string[]>;
export type ReferenceList = keyof typeof REFERENCE_LISTS;

/** A stored value in the reader's language; the value itself when the catalog has no text for it. */
export function referenceLabel(list: ReferenceList, value: string): string;
export function referenceLabel(list: ReferenceList, value: string | null | undefined): string | undefined;
export function referenceLabel(list: ReferenceList, value: string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const texts = (i18n.getResourceBundle(language, 'reference') ?? i18n.getResourceBundle('en', 'reference')) as
    Record<string, Record<string, string>> | undefined;
  return texts?.[list]?.[value] ?? value;
}

/** Options of a select or checkbox list: the stored values with their texts. */
export function referenceOptions(list: ReferenceList, values: readonly string[]): Array<{ value: string; label: string }> {
  return values.map((value) => ({ value, label: referenceLabel(list, value) }));
}
