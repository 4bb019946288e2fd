// What every answer of the API has in common (issue 15: one typed contract from server to browser).
// The schemas describe the server's answers: the API serializes through them and publishes them as
// OpenAPI (GET /api/openapi.json); the web app reads its types from them (z.infer).
import { z } from 'zod';
import { MATCH_STATUSES, ROLES } from '../reference.ts';

/** An ISO 8601 timestamp as the API writes it (`new Date().toISOString()`). */
export const isoDateTime = () => z.string().meta({ format: 'date-time' });

/** Who an account is (decision A1). */
export const roleSchema = z.enum(ROLES);

export const matchStatusSchema = z.enum(MATCH_STATUSES);

/** Every refusal: `message` for the user; `errors` per field when a body or query failed validation. */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
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
