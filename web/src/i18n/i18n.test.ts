import { describe, expect, it } from 'vitest';
import { catalogs, ENGLISH_ONLY_NAMESPACES, i18n, NAMESPACES } from './index.ts';

describe('i18n setup', () => {
  it('loads every namespace of both languages from the catalog files (English-only ones in English)', () => {
    expect(NAMESPACES).toContain('common');
    expect(Object.keys(catalogs.es).sort()).toEqual(
      Object.keys(catalogs.en)
        .filter((ns) => !ENGLISH_ONLY_NAMESPACES.includes(ns))
        .sort(),
    );
  });

  it('falls back to English for an English-only namespace', async () => {
    await i18n.changeLanguage('es');
    expect(i18n.t('insights:insightsPage.insightsConsole')).toBe('Insights console');
    await i18n.changeLanguage('en');
  });

  it('answers in the chosen language and falls back to English', async () => {
    expect(i18n.t('language.label')).toBe('Language');
    await i18n.changeLanguage('es');
    expect(i18n.t('language.label')).toBe('Idioma');
    await i18n.changeLanguage('en');
  });
});
