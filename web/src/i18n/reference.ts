import { REFERENCE_LISTS, type ReferenceList } from '@app/domain';
import { i18n } from './index.ts';

/**
 * The product's reference values as the app shows them (issue 19): the `reference` catalog is the
 * domain's table (REFERENCE_NAMES), so the worker's notification texts name them the same way.
 */
export { REFERENCE_LISTS, type ReferenceList };

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
