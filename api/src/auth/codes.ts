import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '@app/domain';
import { mailTexts, type Config, type Database, type Role } from '@app/worker';
import { sql, type Kysely, type Transaction } from 'kysely';
import { HttpError } from '../lib/http-errors.ts';

/**
 * Emailed verification codes (decision A2): 6 random digits, valid 10 minutes, at most 5 wrong
 * tries, stored hashed, a new one at most every 60 s, bound to an email, a role and a purpose
 * (registration, or a password reset: decision A8). Issuing a code voids the previous ones of
 * that purpose, so only the newest code mailed can ever work.
 */
export type CodeRole = Role;
export type CodePurpose = 'register' | 'reset';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_AFTER_MS = 60 * 1000;

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

/**
 * The code is hashed together with its role and email: a row is useless for another account,
 * and the table never holds a code in the clear. (Six digits are few; the 10-minute life and the
 * 5-try limit are what protect them, not the hash.)
 */
function hashCode(role: CodeRole, email: string, purpose: CodePurpose, code: string): Buffer {
  // Registration codes keep the original form, so codes issued before purposes existed still work.
  const bound = purpose === 'register' ? `${role}\n${email}\n${code}` : `${purpose}\n${role}\n${email}\n${code}`;
  return createHash('sha256').update(bound).digest();
}

/** Serializes code requests and checks of one email, role and purpose (two tabs, double clicks). */
async function lockAccount(trx: Transaction<Database>, role: CodeRole, email: string, purpose: CodePurpose) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`code:${purpose}:${role}:${email}`}, 0))`.execute(trx);
}

/**
 * Creates a new code for the email and role, voiding earlier ones, and returns it for mailing.
 * Refuses with 429 while the previous code is younger than 60 seconds.
 */
export async function issueCode(db: Kysely<Database>, role: CodeRole, email: string, purpose: CodePurpose = 'register'): Promise<{ id: string; code: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, role, email, purpose);
    const recent = await trx
      .selectFrom('verification_codes')
      .select(sql<number>`ceil(extract(epoch from (created_at + make_interval(secs => ${CODE_RESEND_AFTER_MS / 1000}) - now())))::int`.as('wait'))
      .where('email', '=', email)
      .where('role', '=', role)
      .where('purpose', '=', purpose)
      .where(sql<boolean>`created_at > now() - make_interval(secs => ${CODE_RESEND_AFTER_MS / 1000})`)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (recent) throw new HttpError(429, resendWaitMessage(Math.max(1, recent.wait)));
    // "consumed" covers used and voided codes alike: either way the code no longer works.
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: sql`now()` })
      .where('email', '=', email)
      .where('role', '=', role)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('verification_codes')
      .values({
        email,
        role,
        purpose,
        code_hash: hashCode(role, email, purpose, code).toString('hex'),
        expires_at: sql`now() + make_interval(secs => ${CODE_TTL_MS / 1000})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, code };
  });
}

/** Removes a code whose mail could not be sent, so the person can ask again at once. */
export async function discardCode(db: Kysely<Database>, id: string) {
  await db.deleteFrom('verification_codes').where('id', '=', id).execute();
}

export type CodeCheck = { ok: true } | { ok: false; message: string };

/**
 * Checks a code inside the caller's transaction and marks it used when right. A wrong code
 * counts one try: the caller must COMMIT (not roll back) a failed check, so the count sticks.
 * `refuse` answers a right code as a wrong one (and counts the try): for a code of an email whose
 * answer must not differ from any other's (decision A8), e.g. a registration for a taken email.
 */
export async function consumeCode(
  trx: Transaction<Database>,
  role: CodeRole,
  email: string,
  code: string,
  { purpose = 'register', refuse = false }: { purpose?: CodePurpose; refuse?: boolean } = {},
): Promise<CodeCheck> {
  await lockAccount(trx, role, email, purpose);
  const row = await trx
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('email', '=', email)
    .where('role', '=', role)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) return { ok: false, message: CODE_MESSAGES.missing };
  if (row.expired) return { ok: false, message: CODE_MESSAGES.expired };
  if (row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, message: CODE_MESSAGES.tooManyAttempts };

  const expected = Buffer.from(row.code_hash, 'hex');
  const given = hashCode(role, email, purpose, code);
  if (expected.length === given.length && timingSafeEqual(expected, given) && !refuse) {
    await trx.updateTable('verification_codes').set({ consumed_at: sql`now()` }).where('id', '=', row.id).execute();
    return { ok: true };
  }
  const attempts = row.attempts + 1;
  await trx.updateTable('verification_codes').set({ attempts }).where('id', '=', row.id).execute();
  return { ok: false, message: attempts >= CODE_MAX_ATTEMPTS ? CODE_MESSAGES.tooManyAttempts : wrongCodeMessage(CODE_MAX_ATTEMPTS - attempts) };
}

/** Where links in mails point: the configured public origin, never the request's Host header. */
export function publicLink(config: Config, path: string): string {
  const origin = config.PUBLIC_ORIGIN ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  return new URL(path, origin).toString();
}

const LOGIN_PATH: Record<CodeRole, string> = { athlete: '/athlete-login', coach: '/coach-login', agent: '/agent-login' };

// The mails' texts, in both languages, live in worker/src/mail-texts.ts; each mail goes out in the
// recipient's language (the account's, else the requester's: see mailLanguage in routes/auth.ts).
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
