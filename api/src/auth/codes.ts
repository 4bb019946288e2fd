import type { Config, Role } from '@app/worker';
import type { CodeRefusal } from '@app/worker/store';

/**
 * Emailed verification codes (decision A2): their messages and mails. The codes themselves (6
 * digits, 10 minutes, 5 tries, hashed, one every 60 s, per email, role and purpose) are the
 * store's (worker/src/store/accounts.ts).
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

export const wrongCodeMessage = (triesLeft: number) =>
  `That verification code is not correct. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
export const resendWaitMessage = (seconds: number) =>
  `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new code.`;

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

const ROLE_NAME: Record<CodeRole, string> = { athlete: 'player', coach: 'coach', agent: 'agent' };
const LOGIN_PATH: Record<CodeRole, string> = { athlete: '/athlete-login', coach: '/coach-login', agent: '/agent-login' };

export function verificationMail(email: string, code: string) {
  return {
    to: email,
    subject: 'Your verification code',
    text: [
      `Your verification code is ${code}.`,
      '',
      'Enter it on the registration page to create your account. It expires in 10 minutes.',
      'If you did not ask for this code, you can ignore this email.',
    ].join('\n'),
  };
}

/** Sent instead of a code when someone registers with an email that already has an account (A8). */
export function accountExistsMail(config: Config, email: string, role: CodeRole) {
  return {
    to: email,
    subject: 'You already have an account',
    text: [
      `Someone (hopefully you) tried to create a ${ROLE_NAME[role]} account with this email, but you already have one.`,
      '',
      `Sign in here: ${publicLink(config, LOGIN_PATH[role])}`,
      'Forgot your password? Use "Forgot password?" on that page to set a new one.',
      'If this was not you, you can ignore this email: nothing has changed.',
    ].join('\n'),
  };
}

export function passwordResetMail(email: string, code: string) {
  return {
    to: email,
    subject: 'Your password reset code',
    text: [
      `Your password reset code is ${code}.`,
      '',
      'Enter it on the password reset page with your new password. It expires in 10 minutes.',
      'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/** Sent when a reset is asked for an email without an account of that role (same answer, A8). */
export function noAccountResetMail(config: Config, email: string, role: CodeRole) {
  return {
    to: email,
    subject: 'Password reset requested',
    text: [
      `Someone (hopefully you) asked to reset the password of a ${ROLE_NAME[role]} account with this email, but there is no such account.`,
      '',
      'You may have signed up with another email, or for another role.',
      `Create an account or sign in here: ${publicLink(config, LOGIN_PATH[role])}`,
      'If this was not you, you can ignore this email.',
    ].join('\n'),
  };
}
