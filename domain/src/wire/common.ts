// What every answer of the API has in common (issue 15: one typed contract from server to browser).
// The schemas describe the server's answers: the API serializes through them and publishes them as
// OpenAPI (GET /api/openapi.json); the web app reads its types from them (z.infer).
import { z } from 'zod';
import { MATCH_STATUSES, ROLES } from '../reference.ts';

/** An ISO 8601 timestamp as the API writes it (`new Date().toISOString()`). */
export const isoDateTime = () => z.string().meta({ format: 'date-time' });

/** When a stored object was created and last changed. */
export const timestampFields = { createdAt: isoDateTime(), updatedAt: isoDateTime() };

/** A coach's or an agent's name as stored (the spec's first and last name fields). */
export const personNameFields = { firstName: z.string(), lastName: z.string() };

/**
 * An athlete as the lists of others show it (agent roster, insights, a match's athlete): null
 * where the profile does not say. Each list picks what it shows.
 */
export const listedAthleteSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  profilePhotoUrl: z.string().nullable(),
  age: z.number().nullable(),
  nationality: z.string().nullable(),
  primaryPosition: z.string().nullable(),
  leagueLevelLabel: z.string().nullable(),
  gpa: z.number().nullable(),
});

/** Who an account is (decision A1). */
export const roleSchema = z.enum(ROLES);

export const matchStatusSchema = z.enum(MATCH_STATUSES);

/** A message's stable code and the values its text varies by (issue 19: domain/src/error-codes.ts). */
const codedFields = {
  code: z.string().optional().describe("The message's stable code; the web app shows its own language's text for it"),
  values: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe("The values of the message's placeholders"),
};

/** Every refusal: `message` for the user (and its code); `errors` per field when a body or query failed validation. */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    ...codedFields,
    errors: z.array(z.object({ path: z.string(), message: z.string(), ...codedFields })).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A confirmation in words (code sent, signed out, thanks for the message). */
export const messageAnswerSchema = z.object({ message: z.string() }).meta({ id: 'MessageAnswer' });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** 204: no body. */
export const noContentSchema = z.undefined().describe('No content');

/** The error statuses every route may answer, each with ApiError (401/403/404 of decision A6, 400 bad input, 409, 429, 5xx). */
export const errorResponses = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;
