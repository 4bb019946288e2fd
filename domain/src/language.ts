import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The product's languages (issue 19): English for everyone, Spanish for the athletes, their
 * families and the agencies. English is the default and holds the spec's texts word for word.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The product language of a language tag: 'es-ES' -> 'es', 'en' -> 'en', 'fr' -> undefined. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The first supported language of the browser's preferences (navigator.languages, in order), or
 * of an Accept-Language header ('es-ES,es;q=0.9,en;q=0.8', by quality), else English.
 */
export function preferredLanguage(preferences: string | readonly string[] | null | undefined): Language {
  const tags =
    typeof preferences === 'string'
      ? preferences
          .split(',')
          .map((part, index) => {
            const [tag, ...params] = part.split(';');
            const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
            return { tag, q: q === undefined ? 1 : Number(q), index };
          })
          .filter((entry) => entry.q > 0)
          .sort((a, b) => b.q - a.q || a.index - b.index)
          .map((entry) => entry.tag)
      : (preferences ?? []);
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** PUT /api/account/language body. */
export const accountLanguageSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: MESSAGES.selectFromList }),
});
export type AccountLanguageInput = z.infer<typeof accountLanguageSchema>;
