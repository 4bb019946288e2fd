import { messageCode } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../auth/accounts.ts';
import { CODE_MESSAGES, resendWaitMessage, wrongCodeMessage } from '../auth/codes.ts';
import { LOGIN_BLOCKED } from '../auth/login-throttle.ts';
import { SIGN_IN_REQUIRED } from '../auth/session.ts';
import { AGENT_NOT_FOUND } from '../routes/agent.ts';
import { PROFILE_NOT_FOUND } from '../routes/athlete.ts';
import { ATHLETE_NOT_FOUND, COACH_NOT_FOUND, REQUEST_NOT_FOUND } from '../routes/coach.ts';
import { CONVERSATION_NOT_FOUND } from '../routes/conversations.ts';
import { INSIGHTS_MESSAGES } from '../routes/insights.ts';
import { MATCH_NOT_FOUND } from '../routes/matches.ts';
import { NOTIFICATION_MESSAGES } from '../routes/notifications.ts';
import { errorBody, forbidden, notFound, unauthorized } from './http-errors.ts';

/** Every error text the routes throw has a code (domain/src/error-codes.ts), so the browser can show it in Spanish. */
describe('error codes of the API’s messages', () => {
  const errorTexts = [
    AUTH_MESSAGES.invalidLogin,
    AUTH_MESSAGES.agencyTaken('Eture'),
    ...Object.entries(CODE_MESSAGES)
      .filter(([key]) => key !== 'sent')
      .map(([, text]) => text),
    wrongCodeMessage(1),
    wrongCodeMessage(3),
    resendWaitMessage(1),
    resendWaitMessage(42),
    LOGIN_BLOCKED,
    SIGN_IN_REQUIRED,
    AGENT_NOT_FOUND,
    PROFILE_NOT_FOUND,
    ATHLETE_NOT_FOUND,
    COACH_NOT_FOUND,
    REQUEST_NOT_FOUND,
    CONVERSATION_NOT_FOUND,
    MATCH_NOT_FOUND,
    INSIGHTS_MESSAGES.invalidCredentials,
    ...Object.values(NOTIFICATION_MESSAGES),
    unauthorized().message,
    forbidden().message,
    notFound().message,
  ];
  it.each(errorTexts)('%s', (text) => {
    expect(messageCode(text)).toBeDefined();
    expect(errorBody(text)).toMatchObject({ message: text, code: messageCode(text)!.code });
  });

  it('passes the counts of a plural message as numbers', () => {
    expect(errorBody(wrongCodeMessage(1))).toEqual({ message: wrongCodeMessage(1), code: 'codeWrong', values: { count: 1, unit: 'try' } });
    expect(errorBody(resendWaitMessage(42))).toMatchObject({ code: 'codeResendWait', values: { count: 42 } });
  });

  it('answers a text it does not know with the message alone', () => {
    expect(errorBody('Unheard of')).toEqual({ message: 'Unheard of' });
  });
});
