/// <reference types="vite/client" />
import i18n from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';

/**
 * The web app's translations (issue 19). Messages are ICU MessageFormat (`{count, plural, ...}`,
 * `{name}`), one JSON catalog per language and namespace under ./locales/<lang>/<namespace>.json (the
 * `reference` namespace excepted: the domain's REFERENCE_NAMES).
 * English is the fallback and holds the spec's texts word for word.
 */
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@app/domain/language';
import { REFERENCE_NAMES } from '@app/domain/reference-names';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language };

type Catalog = Record<string, unknown>;
const files = import.meta.glob<Catalog>('./locales/*/*.json', { eager: true, import: 'default' });

/** { en: { common: {...}, public: {...} }, es: {...} } from the catalog files. */
export const catalogs: Record<Language, Record<string, Catalog>> = { en: {}, es: {} };
for (const [path, catalog] of Object.entries(files)) {
  const [, language, namespace] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? [];
  if (language && namespace && isLanguage(language)) catalogs[language][namespace] = catalog;
}
// The reference values' names live in the domain: the worker's texts use them too.
for (const language of LANGUAGES) catalogs[language].reference = REFERENCE_NAMES[language];
export const NAMESPACES = Object.keys(catalogs.en);

/**
 * Namespaces only English has (issue 19: the coach area and the insights console speak to US
 * staff); every other namespace has the same keys in every language (the catalog test checks).
 */
export const ENGLISH_ONLY_NAMESPACES: readonly string[] = ['coach', 'insights'];

void i18n
  .use(ICU)
  .use(initReactI18next)
  .init({
    resources: catalogs,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    initAsync: false,
  });

export { i18n };
