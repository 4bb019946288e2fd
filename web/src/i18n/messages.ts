import { messageCode, type MessageValues } from '@app/domain/error-codes';
import { i18n } from './index.ts';

/**
 * A message from the server or a domain schema, in the reader's language (issue 19): the
 * `validation` catalog's text for its code (the server's, else the one its English text has),
 * with the message's values; the English message itself when no code is known.
 */
export function localizeMessage(message: string, code?: string, values?: MessageValues): string {
  const coded = code ? { code, values } : messageCode(message);
  if (!coded) return message;
  const key = `validation:${coded.code}`;
  return i18n.exists(key) ? i18n.t(key, coded.values ?? {}) : message;
}
