import { messageCode, type CodedMessage } from '@app/domain';

/**
 * A client error with the message users see (spec section 8: clients show `message`) and its
 * stable code (issue 19: the browser shows its own language's text for the code). The code is
 * found from the English text (domain/src/error-codes.ts) when the answer is sent (errorBody), so
 * routes keep throwing texts.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The answer body of an error: `{ message, code, values? }` (no code for a text the table does not know). */
export function errorBody(message: string): { message: string; code?: string; values?: CodedMessage['values'] } {
  const coded = messageCode(message);
  return { message, ...(coded ? { code: coded.code } : {}), ...(coded?.values ? { values: coded.values } : {}) };
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Token invalid') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
