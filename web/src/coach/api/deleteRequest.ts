import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { COACH_DASHBOARD_KEY } from './getDashboard.ts';
import { COACH_REQUESTS_KEY } from './getRequests.ts';
import type { CoachRequest } from './types.ts';

export const DELETE_REQUEST_FALLBACK = 'Unable to delete request';

/** DELETE /coach/requests/{id}: 204 means success. */
export function deleteCoachRequest(id: string) {
  return apiRequest<void>(`/coach/requests/${encodeURIComponent(id)}`, { method: 'DELETE', fallback: DELETE_REQUEST_FALLBACK });
}

export function useDeleteCoachRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoachRequest,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<CoachRequest[]>(COACH_REQUESTS_KEY, (list) => list?.filter((r) => r._id !== id));
      void queryClient.invalidateQueries({ queryKey: COACH_REQUESTS_KEY });
      void queryClient.invalidateQueries({ queryKey: COACH_DASHBOARD_KEY });
    },
  });
}
