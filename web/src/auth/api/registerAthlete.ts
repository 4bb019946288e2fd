import type { AthleteRegistration } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { adoptSession, type SignedIn } from './session.ts';

/** POST /athlete/register (signs the new athlete in). Errors carry the server message only. */
export function registerAthlete(payload: AthleteRegistration) {
  return apiRequest<SignedIn>('/athlete/register', { method: 'POST', body: payload });
}

export function useRegisterAthlete() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerAthlete, onSuccess: (data) => adoptSession(queryClient, data.user) });
}
