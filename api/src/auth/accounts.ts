import { preferredLanguage, type Language } from '@app/domain';
import type { Database, Role } from '@app/worker';
import { sql, type Kysely } from 'kysely';

/** What the client learns about the signed-in user (decision A1): id, role, email, names and photo. */
export interface AccountView {
  id: string;
  role: Role;
  email: string;
  fullName?: string;
  firstName?: string;
  lastName?: string;
  agency?: string;
  /** `media/<id>` when the user has a photo (the top bar shows its thumbnail). */
  profilePhotoUrl?: string;
  /** The language the account chose (issue 19), null while never chosen. */
  language: Language | null;
}

/** The account as GET /validate-token, login and registration answer it. */
export async function accountView(db: Kysely<Database>, user: { id: string; role: Role; email: string }): Promise<AccountView> {
  const photo = sql<string | null>`profile->>'profilePhotoUrl'`.as('profilePhotoUrl');
  const account = await db.selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirst();
  const names =
    user.role === 'athlete'
      ? await db.selectFrom('athletes').select(['full_name as fullName', photo]).where('id', '=', user.id).executeTakeFirst()
      : user.role === 'coach'
        ? await db.selectFrom('coaches').select(['first_name as firstName', 'last_name as lastName', photo]).where('id', '=', user.id).executeTakeFirst()
        : await db.selectFrom('agents').select(['first_name as firstName', 'last_name as lastName', 'agency', 'profile_photo_url as profilePhotoUrl']).where('id', '=', user.id).executeTakeFirst();
  const { profilePhotoUrl, ...rest } = names ?? {};
  return { id: user.id, role: user.role, email: user.email, ...rest, ...(profilePhotoUrl ? { profilePhotoUrl } : {}), language: account?.language ?? null };
}

/** Saves the account's language (issue 19). */
export async function setAccountLanguage(db: Kysely<Database>, userId: string, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** The language of the account with this role and email, null when there is none or it never chose one. */
export async function accountLanguage(db: Kysely<Database>, role: Role, email: string): Promise<Language | null> {
  const row = await db.selectFrom('users').select('language').where('role', '=', role).where('email', '=', email).executeTakeFirst();
  return row?.language ?? null;
}

export const AUTH_MESSAGES = {
  invalidLogin: 'Invalid email or password',
  agencyTaken: (agency: string) => `${agency} is already registered. Each agency may have only one agent profile.`,
  registered: 'Registration successful!',
  signedIn: 'Signed in successfully!',
} as const;

/** Whether an account of this role already uses the email (emails are stored lower-cased). */
export async function emailTaken(db: Kysely<Database>, role: Role, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('role', '=', role).where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** The Postgres error of a unique-constraint violation, with the constraint's name. */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? (e.constraint ?? '') : null;
}

/**
 * The language of a mail about this role and email (issue 19): the account's choice, else the
 * language of the request that caused it (the web app sends its language as Accept-Language).
 */
export async function mailLanguage(db: Kysely<Database>, role: Role, email: string, acceptLanguage: string | undefined): Promise<Language> {
  return (await accountLanguage(db, role, email)) ?? preferredLanguage(acceptLanguage);
}
