// Private notes on athletes: a coach's or an agent's, one per author and athlete, read by their author only.
import { z } from 'zod';
import { optionalText } from './fields.ts';
import { isoDateTime } from './wire/common.ts';

export const NOTE_MAX = 2000;

/** PUT /api/coach/athletes/:id/note, /api/agent/athletes/:id/note. An empty (or blank) body removes the note. */
export const noteInputSchema = z.strictObject({ body: optionalText(NOTE_MAX) });
export type NoteInput = z.infer<typeof noteInputSchema>;

/** GET/PUT …/athletes/:id/note: the author's note on the athlete, null when none. */
export const noteAnswerSchema = z.object({ note: z.object({ body: z.string(), updatedAt: isoDateTime() }).nullable() }).meta({ id: 'Note' });
export type NoteAnswer = z.infer<typeof noteAnswerSchema>;

/** GET /api/coach/notes, /api/agent/notes: the author's notes as excerpts (the first 200 characters), the latest first, for the lists. */
export const noteListSchema = z
  .object({ notes: z.array(z.object({ athleteId: z.string(), excerpt: z.string(), truncated: z.boolean(), updatedAt: isoDateTime() })) })
  .meta({ id: 'NoteList' });
export type NoteList = z.infer<typeof noteListSchema>;
