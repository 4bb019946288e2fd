import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { ATHLETE_MATCHES_KEY } from './getAthleteMatches.ts';
import type { AthleteMatch } from './types.ts';

export const UPDATE_MATCH_FALLBACK = 'Unable to update match';

/** PATCH /athlete/matches/{id}: the athlete accepts or declines a pending match (decision M2). */
export function respondToMatch({ id, status }: { id: string; status: 'accepted' | 'declined' }) {
  return apiRequest<AthleteMatch>(`/athlete/matches/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status }, fallback: UPDATE_MATCH_FALLBACK });
}

export function useRespondToMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToMatch,
    onSuccess: (updated) => {
      queryClient.setQueryData<AthleteMatch[]>(ATHLETE_MATCHES_KEY, (list) => list?.map((m) => (m.id === updated.id ? updated : m)));
      void queryClient.invalidateQueries({ queryKey: ATHLETE_MATCHES_KEY });
    },
  });
}
