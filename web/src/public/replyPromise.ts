import { i18n, type Language } from '../i18n/index.ts';

/**
 * The reply promise ('We reply within 24 hours or one business day.') in the current language (or
 * the one given), for the public pages and the assistant that repeat it.
 */
export function replyPromise(language?: Language): string {
  return i18n.getFixedT(language ?? null, 'common')('footer.replyPromise');
}
