import type { Language } from '@app/domain';
import { mailTexts, type Config, type Role } from '@app/worker';
import type { CodeRefusal } from '@app/worker/store';

/**
 * Emailed verification codes (decision A2): their messages and mails. The codes themselves (6
 * digits, 10 minutes, 5 tries, hashed, one every 60 s, per email, role and purpose, and per user
 * for an email change) are the store's (worker/src/store/accounts.ts).
 */
export type CodeRole = Role;
export type { CodePurpose } from '@app/worker/store';

export const CODE_MESSAGES = {
  sent: 'Verification code sent!',
  missing: 'Request a verification code first.',
  expired: 'This verification code has expired. Request a new one.',
  tooManyAttempts: 'Too many incorrect attempts. Request a new verification code.',
  sendFailed: 'Unable to send verification code.',
} as const;

export const wrongCodeMessage = (triesLeft: number) => `That verification code is not correct. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
export const resendWaitMessage = (seconds: number) => `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new code.`;

/** The answer to a refused code. */
export function codeRefusalMessage(refusal: CodeRefusal): string {
  switch (refusal.reason) {
    case 'code-missing':
      return CODE_MESSAGES.missing;
    case 'code-expired':
      return CODE_MESSAGES.expired;
    case 'code-too-many-attempts':
      return CODE_MESSAGES.tooManyAttempts;
    case 'code-wrong':
      return wrongCodeMessage(refusal.triesLeft);
  }
}

/** Where links in mails point: the configured public origin, never the request's Host header. */
export function publicLink(config: Config, path: string): string {
  const origin = config.PUBLIC_ORIGIN ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  return new URL(path, origin).toString();
}

const LOGIN_PATH: Record<CodeRole, string> = { athlete: '/athlete-login', coach: '/coach-login', agent: '/agent-login' };

// The mails' texts, in both languages, live in worker/src/mail-texts.ts; each mail goes out in the
// recipient's language (the account's, else the requester's: mailLanguage in auth/accounts.ts).
const mail = (email: string, { subject, lines }: { subject: string; lines: string[] }) => ({ to: email, subject, text: lines.join('\n') });

export function verificationMail(email: string, code: string, language: Language = 'en') {
  return mail(email, mailTexts(language).verification(code));
}

/** Sent instead of a code when someone registers with an email that already has an account (A8). */
export function accountExistsMail(config: Config, email: string, role: CodeRole, language: Language = 'en') {
  return mail(email, mailTexts(language).accountExists(role, publicLink(config, LOGIN_PATH[role])));
}

export function passwordResetMail(email: string, code: string, language: Language = 'en') {
  return mail(email, mailTexts(language).passwordReset(code));
}

/** Sent when a reset is asked for an email without an account of that role (same answer, A8). */
export function noAccountResetMail(config: Config, email: string, role: CodeRole, language: Language = 'en') {
  return mail(email, mailTexts(language).noAccountReset(role, publicLink(config, LOGIN_PATH[role])));
}

export function emailChangeCodeMail(email: string, code: string, language: Language = 'en') {
  return mail(email, mailTexts(language).emailChangeCode(code));
}

/** Sent instead of a code when a user asks to move to an email that has an account of their role (A8). */
export function emailInUseMail(config: Config, email: string, role: CodeRole, language: Language = 'en') {
  return mail(email, mailTexts(language).emailInUse(role, publicLink(config, LOGIN_PATH[role])));
}

/** To the old address after a change: the owner learns of a change they did not make. */
export function emailChangedMail(config: Config, oldEmail: string, role: CodeRole, newEmail: string, language: Language = 'en') {
  return mail(oldEmail, mailTexts(language).emailChanged(role, newEmail, publicLink(config, '/contact')));
}

/** To the address of an account just deleted: its owner learns of a deletion they did not ask for. */
export function accountDeletedMail(config: Config, email: string, role: CodeRole, language: Language = 'en') {
  return mail(email, mailTexts(language).accountDeleted(role, publicLink(config, '/contact')));
}
