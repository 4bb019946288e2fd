import type { Database, Role } from '@app/worker';
import type { Kysely } from 'kysely';

/** What the client learns about the signed-in user (decision A1): id, role, email and names. */
export interface AccountView {
  id: string;
  role: Role;
  email: string;
  fullName?: string;
  firstName?: string;
  lastName?: string;
  agency?: string;
}

/** The account as GET /validate-token, login and registration answer it. */
export async function accountView(db: Kysely<Database>, user: { id: string; role: Role; email: string }): Promise<AccountView> {
  const names =
    user.role === 'athlete'
      ? await db.selectFrom('athletes').select(['full_name as fullName']).where('id', '=', user.id).executeTakeFirst()
      : user.role === 'coach'
        ? await db.selectFrom('coaches').select(['first_name as firstName', 'last_name as lastName']).where('id', '=', user.id).executeTakeFirst()
        : await db.selectFrom('agents').select(['first_name as firstName', 'last_name as lastName', 'agency']).where('id', '=', user.id).executeTakeFirst();
  return { id: user.id, role: user.role, email: user.email, ...names };
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
