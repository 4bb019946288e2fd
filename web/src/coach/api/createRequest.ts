import type { CoachRequestForm } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { COACH_REQUESTS_KEY } from './getRequests.ts';
import type { CoachRequest } from './types.ts';

export const CREATE_REQUEST_FALLBACK = 'Unable to create request';

/** POST /coach/requests. */
export function createCoachRequest(request: CoachRequestForm) {
  return apiRequest<CoachRequest>('/coach/requests', { method: 'POST', body: request, fallback: CREATE_REQUEST_FALLBACK });
}

export function useCreateCoachRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoachRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COACH_REQUESTS_KEY }),
  });
}
