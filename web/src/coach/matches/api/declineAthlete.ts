import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { CREATE_MATCH_FALLBACK } from './createMatch.ts';
import { invalidateAfterMatchChange, type CoachMatch } from './matchMutations.ts';

/**
 * POST /coach/matches/decline (💣 on an athlete without a match, decision M4): creates the match
 * already declined in one server transaction, so the athlete never sees it shared on the way.
 */
export function declineAthlete(body: { athleteId: string; requestId: string }) {
  return apiRequest<CoachMatch>('/coach/matches/decline', { method: 'POST', body, fallback: CREATE_MATCH_FALLBACK });
}

export function useDeclineAthlete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineAthlete,
    onSuccess: (match) => invalidateAfterMatchChange(queryClient, match.requestId),
  });
}
