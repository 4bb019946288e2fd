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
}

/** The account as GET /validate-token, login and registration answer it. */
export async function accountView(db: Kysely<Database>, user: { id: string; role: Role; email: string }): Promise<AccountView> {
  const photo = sql<string | null>`profile->>'profilePhotoUrl'`.as('profilePhotoUrl');
  const names =
    user.role === 'athlete'
      ? await db.selectFrom('athletes').select(['full_name as fullName', photo]).where('id', '=', user.id).executeTakeFirst()
      : user.role === 'coach'
        ? await db.selectFrom('coaches').select(['first_name as firstName', 'last_name as lastName', photo]).where('id', '=', user.id).executeTakeFirst()
        : await db.selectFrom('agents').select(['first_name as firstName', 'last_name as lastName', 'agency', 'profile_photo_url as profilePhotoUrl']).where('id', '=', user.id).executeTakeFirst();
  const { profilePhotoUrl, ...rest } = names ?? {};
  return { id: user.id, role: user.role, email: user.email, ...rest, ...(profilePhotoUrl ? { profilePhotoUrl } : {}) };
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
