import type { CoachRegistrationPayload } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { adoptSession, type SignedIn } from './session.ts';

/** POST /coach/register (signs the new coach in). Errors carry the server message only. */
export function registerCoach(payload: CoachRegistrationPayload) {
  return apiRequest<SignedIn>('/coach/register', { method: 'POST', body: payload });
}

export function useRegisterCoach() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerCoach, onSuccess: (data) => adoptSession(queryClient, data.user) });
}
