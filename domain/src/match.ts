// Matches (spec sections 3, 4, 7; decisions M1-M4).
import { z } from 'zod';
import { MATCH_STATUSES, MATCH_VIEWS } from './reference.ts';
import { MESSAGES } from './messages.ts';

/** Ids are Postgres uuids: any 8-4-4-4-12 hex string (not only RFC version 4). */
const idField = () => z.guid({ error: 'Invalid id' });

/** POST /coach/matches. */
export const matchCreateSchema = z.strictObject({ athleteId: idField(), requestId: idField() });
export type MatchCreate = z.infer<typeof matchCreateSchema>;

/** PATCH /coach/matches/{id}: the status only. */
export const matchUpdateSchema = z.strictObject({ status: z.enum(MATCH_STATUSES, { error: MESSAGES.selectFromList }) });
export type MatchUpdate = z.infer<typeof matchUpdateSchema>;

/** ?view= of a request's ranked list (decision S13). */
export const matchViewSchema = z.enum(MATCH_VIEWS, { error: MESSAGES.selectFromList }).default('top15');
