import type { NoteAnswer, NoteList } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

export const FETCH_NOTE_FALLBACK = 'Unable to load your note';
export const SAVE_NOTE_FALLBACK = 'Unable to save your note';

/** Who writes notes: a coach (on completed athletes) or an agent (on their agency's athletes). */
export type NoteRole = 'coach' | 'agent';

export const notesKey = (role: NoteRole) => ['notes', role] as const;
export const noteKey = (role: NoteRole, athleteId: string) => ['notes', role, athleteId] as const;

const notePath = (role: NoteRole, athleteId: string) => `/${role}/athletes/${encodeURIComponent(athleteId)}/note`;

/** GET /<role>/athletes/{id}/note: the signed-in author's private note on the athlete (null when none). */
export function getNote(role: NoteRole, athleteId: string, signal?: AbortSignal) {
  return apiRequest<NoteAnswer>(notePath(role, athleteId), { fallback: FETCH_NOTE_FALLBACK, signal });
}

export function useNote(role: NoteRole, athleteId: string) {
  return useQuery({ queryKey: noteKey(role, athleteId), queryFn: ({ signal }) => getNote(role, athleteId, signal) });
}

/** GET /<role>/notes: the author's notes as excerpts, by athlete id (the lists' "Your note" lines). */
export function useNoteExcerpts(role: NoteRole) {
  return useQuery({
    queryKey: notesKey(role),
    queryFn: ({ signal }) => apiRequest<NoteList>(`/${role}/notes`, { fallback: FETCH_NOTE_FALLBACK, signal }),
    select: (answer) => new Map(answer.notes.map((n) => [n.athleteId, n])),
  });
}

/** PUT /<role>/athletes/{id}/note: saves the note (an empty one removes it); the answer becomes the cached note and the excerpts are read again. */
export function useSaveNote(role: NoteRole, athleteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<NoteAnswer>(notePath(role, athleteId), { method: 'PUT', body: { body }, fallback: SAVE_NOTE_FALLBACK }),
    onSuccess: (answer) => {
      queryClient.setQueryData(noteKey(role, athleteId), answer);
      void queryClient.invalidateQueries({ queryKey: notesKey(role), exact: true });
    },
  });
}
