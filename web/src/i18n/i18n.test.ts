import { describe, expect, it } from 'vitest';
import { catalogs, i18n, NAMESPACES } from './index.ts';

describe('i18n setup', () => {
  it('loads every namespace of both languages from the catalog files', () => {
    expect(NAMESPACES).toContain('common');
    expect(Object.keys(catalogs.es).sort()).toEqual(Object.keys(catalogs.en).sort());
  });

  it('answers in the chosen language and falls back to English', async () => {
    expect(i18n.t('language.label')).toBe('Language');
    await i18n.changeLanguage('es');
    expect(i18n.t('language.label')).toBe('Idioma');
    await i18n.changeLanguage('en');
  });
});
