/** Messages of the account routes (the accounts' statements are the store's: worker/src/store/accounts.ts). */
export const AUTH_MESSAGES = {
  invalidLogin: 'Invalid email or password',
  agencyTaken: (agency: string) => `${agency} is already registered. Each agency may have only one agent profile.`,
  registered: 'Registration successful!',
  signedIn: 'Signed in successfully!',
} as const;

