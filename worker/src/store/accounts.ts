import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Account, Agency, Language, Role } from '@app/domain';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import { insertAthlete, type StoredAthleteProfile } from './athletes.ts';
import { insertCoach } from './coaches.ts';
import { storeImage, type ImageUpload } from './images.ts';
import { found, refusedWith, type Db } from './result.ts';

/**
 * Accounts: users, server-side sessions (decision A1) and emailed verification codes (decisions
 * A2, A8). The API keeps the HTTP side (cookies, messages, mails); this module every statement.
 */

// ---------------------------------------------------------------------------------------------
// Sessions

/**
 * Sessions end after the idle limit without use or the absolute limit after sign-in, whichever
 * comes first, and on logout. Without "Remember me" the limits are shorter.
 */
export const IDLE_TIMEOUT_MS = 3 * 24 * 60 * 60 * 1000; // 3 days
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000; // 30 days
export const SHORT_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000; // 2 hours
export const SHORT_ABSOLUTE_TIMEOUT_MS = 24 * 60 * 60 * 1000; // 1 day
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The rule for a live session, in SQL: the user of the session whose cookie hashes to `idHash`, if
 * it is neither revoked, expired nor idle too long; `session_stale` says its last_seen_at is due for a touch.
 * Its one home: findLiveSession runs it alone, and a hot read may run it inside its own statement
 * to spare a round trip.
 */
export function liveSessionSql(idHash: string) {
  return sql`select u.id as session_user_id, u.role as session_role, u.email as session_email,
      s.last_seen_at < now() - make_interval(secs => ${TOUCH_INTERVAL_MS / 1000}) as session_stale
    from sessions s join users u on u.id = s.user_id
    where s.id_hash = ${idHash} and s.revoked_at is null and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(secs => case when s.remembered then ${IDLE_TIMEOUT_MS / 1000}::float8 else ${SHORT_IDLE_TIMEOUT_MS / 1000}::float8 end)`;
}

/** A row of liveSessionSql, alone or carried by a read's own rows. */
export interface LiveSessionRow {
  session_user_id: string;
  session_role: Role;
  session_email: string;
  session_stale: boolean;
}

/** The live session of a cookie hash, or undefined. Runs on every signed-in request: a prepared statement. */
export async function findLiveSession(db: Db, idHash: string): Promise<LiveSessionRow | undefined> {
  const { rows } = await sql<LiveSessionRow>`${prepared} ${liveSessionSql(idHash)}`.execute(db);
  return rows[0];
}

/** Records a new session (revoking the one it replaces, if any), its id stored only as a hash. */
export async function createSession(
  db: Kysely<Database>,
  session: { idHash: string; replacesHash?: string; userId: string; role: Role; remember: boolean },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (session.replacesHash) await revokeSession(trx, session.replacesHash);
    await trx
      .insertInto('sessions')
      .values({
        id_hash: session.idHash,
        user_id: session.userId,
        role: session.role,
        remembered: session.remember,
        expires_at: new Date(Date.now() + (session.remember ? ABSOLUTE_TIMEOUT_MS : SHORT_ABSOLUTE_TIMEOUT_MS)),
      })
      .execute();
  });
}

/** Sets one of a session's times to now. */
async function stampSession(db: Db, idHash: string, column: 'revoked_at' | 'last_seen_at'): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ [column]: sql`now()` })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function revokeSession(db: Db, idHash: string): Promise<void> {
  await stampSession(db, idHash, 'revoked_at');
}

/** Marks the session as used now (called when liveSessionSql said it was stale). */
export async function touchSession(db: Db, idHash: string): Promise<void> {
  await stampSession(db, idHash, 'last_seen_at');
}

// ---------------------------------------------------------------------------------------------
// Users

/** What the client learns about the signed-in user (decision A1): the domain's wire type. */
export type AccountView = Account;

/** The account as GET /validate-token, login and registration answer it. */
export async function accountView(db: Db, user: { id: string; role: Role; email: string }): Promise<AccountView> {
  const photo = sql<string | null>`profile->>'profilePhotoUrl'`.as('profilePhotoUrl');
  const account = await db.selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirst();
  const names =
    user.role === 'athlete'
      ? await db.selectFrom('athletes').select(['full_name as fullName', photo]).where('id', '=', user.id).executeTakeFirst()
      : user.role === 'coach'
        ? await db.selectFrom('coaches').select(['first_name as firstName', 'last_name as lastName', photo]).where('id', '=', user.id).executeTakeFirst()
        : await db
            .selectFrom('agents')
            .select(['first_name as firstName', 'last_name as lastName', 'agency', 'profile_photo_url as profilePhotoUrl'])
            .where('id', '=', user.id)
            .executeTakeFirst();
  const { profilePhotoUrl, ...rest } = names ?? {};
  return { id: user.id, role: user.role, email: user.email, ...rest, ...(profilePhotoUrl ? { profilePhotoUrl } : {}), language: account?.language ?? null };
}

/** Saves the account's language (issue 19). */
export async function setAccountLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** The language of the account with this role and email, null when there is none or it never chose one. */
export async function accountLanguage(db: Db, role: Role, email: string): Promise<Language | null> {
  const row = await db.selectFrom('users').select('language').where('role', '=', role).where('email', '=', email).executeTakeFirst();
  return row?.language ?? null;
}

/** Whether an account of this role already uses the email (emails are stored lower-cased). */
export async function emailTaken(db: Db, role: Role, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('role', '=', role).where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** The account a login names, with its password hash, or undefined. */
export async function findLoginUser(db: Db, role: Role, email: string): Promise<{ id: string; password_hash: string } | undefined> {
  return db.selectFrom('users').select(['id', 'password_hash']).where('role', '=', role).where('email', '=', email).executeTakeFirst();
}

/** The password hashes of the email's accounts of the other roles. */
export async function otherRoleAccounts(db: Db, email: string, role: Role): Promise<Array<{ role: Role; password_hash: string }>> {
  return db.selectFrom('users').select(['role', 'password_hash']).where('email', '=', email).where('role', '!=', role).execute();
}

/** The agencies that already have their agent (decision A3: one per agency). */
export async function takenAgencies(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('agents').select('agency').execute();
  return new Set(rows.map((r) => r.agency));
}

export async function agencyTaken(db: Db, agency: string): Promise<boolean> {
  const row = await db.selectFrom('agents').select('id').where('agency', '=', agency).executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Verification codes: 6 random digits, valid 10 minutes, at most 5 wrong tries, stored hashed, a
// new one at most every 60 s, bound to an email, a role and a purpose (registration, a password
// reset, or a signed-in user's new email, which binds the user too). Issuing a code voids the
// previous ones of that purpose.

export type CodePurpose = 'register' | 'reset' | 'email-change';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_AFTER_MS = 60 * 1000;

/** Why a code was refused (the API words each one). */
export type CodeRefusal =
  { reason: 'code-missing' } | { reason: 'code-expired' } | { reason: 'code-too-many-attempts' } | { reason: 'code-wrong'; triesLeft: number };
export type CodeCheck = { ok: true } | ({ ok: false } & CodeRefusal);

/**
 * The code is hashed together with its role and email (and, for a new email, the user asking):
 * a row is useless for another account, and the table never holds a code in the clear. (Six
 * digits are few; the 10-minute life and the 5-try limit are what protect them, not the hash.)
 */
function hashCode(role: Role, email: string, purpose: CodePurpose, code: string, userId?: string): Buffer {
  // Registration codes keep the original form, so codes issued before purposes existed still work.
  const bound =
    purpose === 'register' ? `${role}\n${email}\n${code}` : `${purpose}\n${role}\n${email}\n${purpose === 'email-change' ? `${userId ?? ''}\n` : ''}${code}`;
  return createHash('sha256').update(bound).digest();
}

/**
 * Serializes code requests and checks of one email, role and purpose (two tabs, double clicks).
 * Email-change codes are per user, but the key stays per address, not per user: it is still
 * right (only coarser), and two users moving to one address at once are rare and wait milliseconds.
 */
async function lockAccount(trx: Transaction<Database>, role: Role, email: string, purpose: CodePurpose) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`code:${purpose}:${role}:${email}`}, 0))`.execute(trx);
}

/** Whose codes: an 'email-change' code's user, or no user (registration and reset codes). */
function codeOwner(userId: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'verification_codes'>) => (userId === undefined ? eb('user_id', 'is', null) : eb('user_id', '=', userId));
}

/**
 * Creates a new code for the email and role, voiding earlier ones, and returns it for mailing;
 * refused ('too-soon', with the seconds to wait) while the previous code is younger than 60 s.
 * An 'email-change' code is bound to the signed-in user asking (`userId`): it proves that this
 * user, not merely someone, holds the new address; and it is this user's alone, so the voiding
 * and the 60-second wait concern only this user's codes (another user asking for the same
 * address neither voids them nor learns of them).
 */
export async function issueCode(
  db: Kysely<Database>,
  role: Role,
  email: string,
  purpose: CodePurpose = 'register',
  userId?: string,
): Promise<{ ok: true; value: { id: string; code: string } } | { ok: false; reason: 'too-soon'; waitSeconds: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, role, email, purpose);
    const recent = await trx
      .selectFrom('verification_codes')
      .select(sql<number>`ceil(extract(epoch from (created_at + make_interval(secs => ${CODE_RESEND_AFTER_MS / 1000}) - now())))::int`.as('wait'))
      .where('email', '=', email)
      .where('role', '=', role)
      .where('purpose', '=', purpose)
      .where(codeOwner(userId))
      .where(sql<boolean>`created_at > now() - make_interval(secs => ${CODE_RESEND_AFTER_MS / 1000})`)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (recent) return { ok: false, reason: 'too-soon', waitSeconds: Math.max(1, recent.wait) } as const;
    // "consumed" covers used and voided codes alike: either way the code no longer works.
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: sql`now()` })
      .where('email', '=', email)
      .where('role', '=', role)
      .where('purpose', '=', purpose)
      .where(codeOwner(userId))
      .where('consumed_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('verification_codes')
      .values({
        email,
        role,
        purpose,
        user_id: userId ?? null,
        code_hash: hashCode(role, email, purpose, code, userId).toString('hex'),
        expires_at: sql`now() + make_interval(secs => ${CODE_TTL_MS / 1000})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return found({ id: row.id, code });
  });
}

/** Removes a code whose mail could not be sent, so the person can ask again at once. */
export async function discardCode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('verification_codes').where('id', '=', id).execute();
}

/**
 * Checks a code inside the caller's transaction and marks it used when right. A wrong code
 * counts one try: the caller must COMMIT (not roll back) a failed check, so the count sticks.
 * `refuse` answers a right code as a wrong one (and counts the try): for a code of an email whose
 * answer must not differ from any other's (decision A8), e.g. a registration for a taken email.
 * An 'email-change' code is looked for among `userId`'s codes only.
 */
export async function consumeCode(
  trx: Transaction<Database>,
  role: Role,
  email: string,
  code: string,
  { purpose = 'register', refuse = false, userId }: { purpose?: CodePurpose; refuse?: boolean; userId?: string } = {},
): Promise<CodeCheck> {
  await lockAccount(trx, role, email, purpose);
  const row = await trx
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('email', '=', email)
    .where('role', '=', role)
    .where('purpose', '=', purpose)
    .where(codeOwner(userId))
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'code-missing' };
  if (row.expired) return { ok: false, reason: 'code-expired' };
  if (row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, reason: 'code-too-many-attempts' };

  const expected = Buffer.from(row.code_hash, 'hex');
  const given = hashCode(role, email, purpose, code, userId);
  if (expected.length === given.length && timingSafeEqual(expected, given) && !refuse) {
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    return { ok: true };
  }
  const attempts = row.attempts + 1;
  await trx.updateTable('verification_codes').set({ attempts }).where('id', '=', row.id).execute();
  return attempts >= CODE_MAX_ATTEMPTS
    ? { ok: false, reason: 'code-too-many-attempts' }
    : { ok: false, reason: 'code-wrong', triesLeft: CODE_MAX_ATTEMPTS - attempts };
}

// ---------------------------------------------------------------------------------------------
// Registration and password reset

export type RegistrationResult = { ok: true; value: { id: string } } | ({ ok: false } & (CodeRefusal | { reason: 'email-taken' } | { reason: 'agency-taken' }));

/** The constraint a Postgres unique-violation error names, or null for any other error. */
function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? (e.constraint ?? '') : null;
}

/**
 * Creates a user of `role` and its profile row in one transaction, if the code is right. A
 * refused code commits its counted try. A taken email never gets this far: its code is refused
 * like a wrong one (decision A8); should a concurrent registration still take the email (or, for
 * agents, the agency: decision A3) first, the unique constraint lets exactly one commit and the
 * other answers 'email-taken' / 'agency-taken'.
 */
async function registerAccount(
  db: Kysely<Database>,
  account: { role: Role; email: string; passwordHash: string; code: string },
  insertProfile: (trx: Transaction<Database>, userId: string) => Promise<void>,
): Promise<RegistrationResult> {
  const { role, email } = account;
  try {
    return await db.transaction().execute(async (trx): Promise<RegistrationResult> => {
      const check = await consumeCode(trx, role, email, account.code, { refuse: await emailTaken(trx, role, email) });
      if (!check.ok) return check;
      const user = await trx.insertInto('users').values({ role, email, password_hash: account.passwordHash }).returning('id').executeTakeFirstOrThrow();
      await insertProfile(trx, user.id);
      return found({ id: user.id });
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_role_email_key') return refusedWith('email-taken');
    if (constraint === 'agents_agency_key') return refusedWith('agency-taken');
    throw error;
  }
}

/** An athlete account and its (incomplete) profile: the same profile -> columns mapping as profile saves. */
export function registerAthlete(
  db: Kysely<Database>,
  account: { email: string; passwordHash: string; code: string; fullName: string; profile: StoredAthleteProfile },
): Promise<RegistrationResult> {
  return registerAccount(db, { ...account, role: 'athlete' }, (trx, id) =>
    insertAthlete(trx, { id, email: account.email, fullName: account.fullName, profile: account.profile }),
  );
}

/** A coach account and its profile, with the uploaded photo and logo stored under it; consent is dated now. */
export function registerCoach(
  db: Kysely<Database>,
  account: {
    email: string;
    passwordHash: string;
    code: string;
    profile: Record<string, unknown> & { coachFirstName: string; coachLastName: string };
    photo?: ImageUpload;
    logo?: ImageUpload;
  },
): Promise<RegistrationResult> {
  const { email, profile: fields, photo, logo } = account;
  return registerAccount(db, { ...account, role: 'coach' }, async (trx, id) => {
    const profile = {
      ...fields,
      email,
      ...(photo ? { profilePhotoUrl: await storeImage(trx, photo, id) } : {}),
      ...(logo ? { universityLogoUrl: await storeImage(trx, logo, id) } : {}),
      consentedAt: new Date().toISOString(),
    };
    await insertCoach(trx, { id, email, firstName: fields.coachFirstName, lastName: fields.coachLastName, profile });
  });
}

/** An agent account of `agency` (one per agency, decision A3), with the uploaded photo. */
export function registerAgent(
  db: Kysely<Database>,
  account: { email: string; passwordHash: string; code: string; firstName: string; lastName: string; agency: Agency; agencyUrl: string; photo?: ImageUpload },
): Promise<RegistrationResult> {
  const { email, photo } = account;
  return registerAccount(db, { ...account, role: 'agent' }, async (trx, id) => {
    const photoUrl = photo ? await storeImage(trx, photo, id) : null;
    await trx
      .insertInto('agents')
      .values({
        id,
        email,
        first_name: account.firstName,
        last_name: account.lastName,
        agency: account.agency,
        agency_url: account.agencyUrl,
        profile_photo_url: photoUrl,
      })
      .execute();
  });
}

/**
 * Sets a new password if the reset code is right, and ends every session of the account. An email
 * without an account of the role gets every code refused, as a wrong one (decision A8).
 */
export async function resetPassword(db: Kysely<Database>, role: Role, email: string, code: string, passwordHash: string): Promise<CodeCheck> {
  return db.transaction().execute(async (trx): Promise<CodeCheck> => {
    const user = await trx.selectFrom('users').select('id').where('role', '=', role).where('email', '=', email).forUpdate().executeTakeFirst();
    const check = await consumeCode(trx, role, email, code, { purpose: 'reset', refuse: !user });
    if (!check.ok || !user) return check;
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    return check;
  });
}

/**
 * A signed-in user's new password (the route checked the current one): every other session of
 * the account ends, the one making the change (`keepSessionHash`) stays.
 */
export async function changePassword(db: Kysely<Database>, userId: string, passwordHash: string, keepSessionHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await endOtherSessions(trx, userId, keepSessionHash);
  });
}

/** Ends every session of the user but `keepSessionHash` (the one asking): "sign out everywhere else". */
export async function endOtherSessions(db: Db, userId: string, keepSessionHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('id_hash', '!=', keepSessionHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Where an account's email is kept: its user row (the sign-in), its role's row and, for athletes
 * and coaches, the stored profile the screens read.
 */
export async function setAccountEmail(trx: Transaction<Database>, role: Role, userId: string, email: string): Promise<void> {
  await trx.updateTable('users').set({ email }).where('id', '=', userId).execute();
  const inProfile = sql<string>`jsonb_set(profile, '{email}', to_jsonb(${email}::text))`;
  if (role === 'athlete') await trx.updateTable('athletes').set({ email, profile: inProfile }).where('id', '=', userId).execute();
  else if (role === 'coach') await trx.updateTable('coaches').set({ email, profile: inProfile }).where('id', '=', userId).execute();
  else await trx.updateTable('agents').set({ email }).where('id', '=', userId).execute();
}

/**
 * A signed-in user's new email, if the code mailed to it for this user is right. An email taken
 * by another account of the role gets every code refused, as a wrong one (decision A8: its owner
 * was mailed a note, never a code); should a concurrent change or registration take it first,
 * the unique constraint refuses this one ('code-missing': ask again). Sessions stay.
 */
export async function changeEmail(db: Kysely<Database>, user: { id: string; role: Role }, email: string, code: string): Promise<CodeCheck> {
  try {
    return await db.transaction().execute(async (trx): Promise<CodeCheck> => {
      const taken = await emailTaken(trx, user.role, email);
      const check = await consumeCode(trx, user.role, email, code, { purpose: 'email-change', userId: user.id, refuse: taken });
      if (check.ok) await setAccountEmail(trx, user.role, user.id, email);
      return check;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_role_email_key') return { ok: false, reason: 'code-missing' };
    throw error;
  }
}

/**
 * Deletes an account and everything it is part of, for everyone, in one transaction (decision
 * record 003): the user row's cascades take its profile, sessions, notifications, a coach's
 * requests, the matches on either side with their conversations (the other side's messages too),
 * the index rows, and the messages it wrote in other threads; the triggers keep every count, list
 * generation and roster tombstone right. Here: the events it caused that have no foreign key (so
 * no one is still told "New message from …" in its words) and the pictures it uploaded.
 */
export async function deleteAccount(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_events').where('actor_id', '=', userId).execute();
    await trx.deleteFrom('images').where('owner_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}

/** The email of a user, or undefined when there is no such user. */
export async function findUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}
