import { preferredLanguage, type Language, type Role } from '@app/domain';
import { accountLanguage, type Db } from '@app/worker/store';

/** Messages of the account routes (the accounts' statements are the store's: worker/src/store/accounts.ts). */
export const AUTH_MESSAGES = {
  invalidLogin: 'Invalid email or password',
  agencyTaken: (agency: string) => `${agency} is already registered. Each agency may have only one agent profile.`,
  registered: 'Registration successful!',
  signedIn: 'Signed in successfully!',
} as const;

/**
 * The language of a mail about this role and email (issue 19): the account's choice, else the
 * language of the request that caused it (the web app sends its language as Accept-Language).
 */
export async function mailLanguage(db: Db, role: Role, email: string, acceptLanguage: string | undefined): Promise<Language> {
  return (await accountLanguage(db, role, email)) ?? preferredLanguage(acceptLanguage);
}
