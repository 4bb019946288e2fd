// Accounts and sessions (decisions A1, A3, A8, A10).
import { z } from 'zod';
import { LANGUAGES } from '../language.ts';
import { AGENCIES } from '../reference.ts';
import { isoDateTime, roleSchema } from './common.ts';

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
    /** The language the account chose (issue 19), null while never chosen. */
    language: z.enum(LANGUAGES).nullable(),
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

/**
 * GET /api/account/export: a copy of what the product keeps about the signed-in account, for its
 * owner to read or take elsewhere (GDPR access and portability). Kept as stored: the profile as
 * saved, the requests as written. Pictures are listed by their address, not embedded.
 */
export const accountExportSchema = z
  .object({
    exportedAt: isoDateTime(),
    account: z.object({ id: z.string(), role: roleSchema, email: z.string(), language: z.enum(LANGUAGES).nullable(), createdAt: isoDateTime() }),
    /** The athlete, coach or agent profile as stored. */
    profile: z.record(z.string(), z.unknown()),
    /** A coach's recruitment requests, deleted ones included (with `deletedAt`) while they are kept. */
    requests: z.array(
      z.object({
        id: z.string(),
        request: z.record(z.string(), z.unknown()),
        urgent: z.boolean(),
        createdAt: isoDateTime(),
        updatedAt: isoDateTime().nullable(),
        deletedAt: isoDateTime().nullable(),
      }),
    ),
    /** A coach's or an agent's private notes on athletes (only their author ever reads them). */
    notes: z.array(z.object({ athleteId: z.string(), athlete: z.string(), body: z.string(), createdAt: isoDateTime(), updatedAt: isoDateTime() })),
    /** A coach's or an agent's saved list views: a name and the list's settings as an address query. */
    savedViews: z.array(z.object({ name: z.string(), query: z.string(), createdAt: isoDateTime() })),
    /** The matches the account sees: a coach's own, the ones shared with an athlete. */
    matches: z.array(
      z.object({
        id: z.string(),
        requestId: z.string(),
        /** The request as its list names it, in the account's language: "Center Back (Men's Team)". */
        request: z.string(),
        athlete: z.string(),
        coach: z.string(),
        program: z.string().nullable(),
        status: z.string().nullable(),
        sharedAt: isoDateTime().nullable(),
        updatedAt: isoDateTime(),
      }),
    ),
    /** Every message of the conversations the account takes part in, oldest first per conversation. */
    messages: z.array(z.object({ matchId: z.string(), from: z.string(), fromRole: roleSchema, byYou: z.boolean(), body: z.string(), sentAt: isoDateTime() })),
    notifications: z.array(
      z.object({
        kind: z.string(),
        title: z.string(),
        body: z.string(),
        link: z.string(),
        createdAt: isoDateTime(),
        readAt: isoDateTime().nullable(),
        emailedAt: isoDateTime().nullable(),
      }),
    ),
    /** Whether each kind of notification is also emailed. */
    emailSettings: z.record(z.string(), z.boolean()),
    /** Sign-ins: when, last used, and when each ended or ends. */
    sessions: z.array(
      z.object({ signedInAt: isoDateTime(), lastSeenAt: isoDateTime(), expiresAt: isoDateTime(), endedAt: isoDateTime().nullable(), rememberMe: z.boolean() }),
    ),
    /** Pictures the account uploaded, by address (`/api/media/<id>`). */
    images: z.array(z.object({ url: z.string(), mime: z.string(), bytes: z.number(), uploadedAt: isoDateTime() })),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
