import { afterAll, beforeAll } from 'vitest';
import { i18n } from '../i18n/index.ts';

/** The tests of the calling file or describe block run with the app in Spanish, in English again after them. */
export function inSpanish() {
  beforeAll(async () => {
    await i18n.changeLanguage('es');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });
}
