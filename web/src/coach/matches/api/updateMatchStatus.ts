import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterMatchChange, type CoachMatch, type MatchStatus } from './matchMutations.ts';

export const UPDATE_MATCH_FALLBACK = 'Unable to update match';

/** PATCH /coach/matches/{id} with the status only (spec section 4): confirm, decline or restore. */
export function updateMatchStatus({ id, status }: { id: string; status: MatchStatus }) {
  return apiRequest<CoachMatch>(`/coach/matches/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status }, fallback: UPDATE_MATCH_FALLBACK });
}

export function useUpdateMatchStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMatchStatus,
    onSuccess: (match) => invalidateAfterMatchChange(queryClient, match.requestId),
  });
}
