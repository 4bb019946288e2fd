// Accounts and sessions (decisions A1, A3, A8, A10).
import { z } from 'zod';
import { AGENCIES } from '../reference.ts';
import { roleSchema } from './common.ts';

/** What the client learns about the signed-in user (A1): id, role, email, names and photo. */
export const accountSchema = z
  .object({
    id: z.string(),
    role: roleSchema,
    email: z.string(),
    fullName: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    agency: z.string().optional(),
    /** `media/<id>` when the user has a photo (the top bar shows its thumbnail). */
    profilePhotoUrl: z.string().optional(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

/** GET /api/validate-token. */
export const validateTokenAnswerSchema = z.object({ user: accountSchema });

/**
 * GET /api/session: always 200. `sessionEnded` says a session cookie came but its session is over
 * (expired, idle, revoked), so the app asks the user to sign in again.
 */
export const sessionAnswerSchema = z.object({ user: accountSchema.nullable(), sessionEnded: z.literal(true).optional() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** What login and registration answer. */
export const signedInSchema = z.object({ message: z.string(), user: accountSchema }).meta({ id: 'SignedIn' });
export type SignedIn = z.infer<typeof signedInSchema>;

/** GET /api/agent/register/options: which partner agencies still have no agent. */
export const agencyOptionSchema = z.object({
  agency: z.enum(AGENCIES),
  available: z.boolean(),
  /** The domains an agent's email must be at (decision A10). */
  emailDomains: z.array(z.string()).readonly(),
});
export type AgencyOption = z.infer<typeof agencyOptionSchema>;
export const agencyOptionsSchema = z.object({ options: z.array(agencyOptionSchema) });
