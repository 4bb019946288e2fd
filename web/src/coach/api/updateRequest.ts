import type { CoachRequestForm } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { COACH_REQUESTS_KEY } from './getRequests.ts';
import type { CoachRequest } from './types.ts';

export const UPDATE_REQUEST_FALLBACK = 'Unable to save the request';

/** PATCH /coach/requests/{id}: the fields sent replace the stored ones (null clears the minimum GPA). */
export function updateCoachRequest({ id, request }: { id: string; request: CoachRequestForm }) {
  return apiRequest<CoachRequest>(`/coach/requests/${encodeURIComponent(id)}`, { method: 'PATCH', body: request, fallback: UPDATE_REQUEST_FALLBACK });
}

/** The list, the request's detail and its ranked lists (keys under ['coach', 'requests']) are refetched: an edit rescores. */
export function useUpdateCoachRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoachRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COACH_REQUESTS_KEY }),
  });
}
