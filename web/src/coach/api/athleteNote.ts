import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { CoachNoteAnswer, CoachNoteList } from './types.ts';

export const FETCH_NOTE_FALLBACK = 'Unable to load your note';
export const SAVE_NOTE_FALLBACK = 'Unable to save your note';

export const coachNoteKey = (athleteId: string) => ['coach', 'athletes', athleteId, 'note'] as const;
export const COACH_NOTES_KEY = ['coach', 'notes'] as const;

const notePath = (athleteId: string) => `/coach/athletes/${encodeURIComponent(athleteId)}/note`;

/** GET /coach/athletes/{id}/note: the signed-in coach's private note on the athlete (null when none). */
export function getCoachNote(athleteId: string, signal?: AbortSignal) {
  return apiRequest<CoachNoteAnswer>(notePath(athleteId), { fallback: FETCH_NOTE_FALLBACK, signal });
}

export function useCoachNote(athleteId: string) {
  return useQuery({ queryKey: coachNoteKey(athleteId), queryFn: ({ signal }) => getCoachNote(athleteId, signal) });
}

/** GET /coach/notes: the coach's notes as excerpts, by athlete id (the lists' "Your note" lines). */
export function useCoachNoteExcerpts() {
  return useQuery({
    queryKey: COACH_NOTES_KEY,
    queryFn: ({ signal }) => apiRequest<CoachNoteList>('/coach/notes', { fallback: FETCH_NOTE_FALLBACK, signal }),
    select: (answer) => new Map(answer.notes.map((n) => [n.athleteId, n])),
  });
}

/** PUT /coach/athletes/{id}/note: saves the note (an empty one removes it); the answer becomes the cached note. */
export function useSaveCoachNote(athleteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<CoachNoteAnswer>(notePath(athleteId), { method: 'PUT', body: { body }, fallback: SAVE_NOTE_FALLBACK }),
    onSuccess: (answer) => {
      queryClient.setQueryData(coachNoteKey(athleteId), answer);
      void queryClient.invalidateQueries({ queryKey: COACH_NOTES_KEY });
    },
  });
}
