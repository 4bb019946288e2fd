import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterMatchChange, type CoachMatch } from './matchMutations.ts';

export const CREATE_MATCH_FALLBACK = 'Unable to create match';

/**
 * POST /coach/matches (⚡️): shares the athlete for the request (pending, or accepted at once
 * when the athlete auto-accepts), or confirms a pending match (decision M1).
 */
export function createMatch(body: { athleteId: string; requestId: string }) {
  return apiRequest<CoachMatch>('/coach/matches', { method: 'POST', body, fallback: CREATE_MATCH_FALLBACK });
}

export function useCreateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMatch,
    // Awaited: the button stays busy until the list shows the new status.
    onSuccess: (match) => invalidateAfterMatchChange(queryClient, match.requestId),
  });
}
