// A coach's private note on an athlete (one per coach and athlete; only its coach reads it).
import { z } from 'zod';
import { optionalText } from './fields.ts';

export const COACH_NOTE_MAX = 2000;

/** PUT /api/coach/athletes/:id/note. An empty (or blank) body removes the note. */
export const coachNoteInputSchema = z.strictObject({ body: optionalText(COACH_NOTE_MAX) });
export type CoachNoteInput = z.infer<typeof coachNoteInputSchema>;
