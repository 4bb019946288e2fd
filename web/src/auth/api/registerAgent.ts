import type { AgentRegistrationPayload } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { AGENCY_OPTIONS_KEY } from './agencyOptions.ts';
import { adoptSession, type SignedIn } from './session.ts';

export const AGENT_REGISTER_FALLBACK = 'Unable to register agent.';

/** POST /agent/register (signs the new agent in). */
export function registerAgent(payload: AgentRegistrationPayload) {
  return apiRequest<SignedIn>('/agent/register', { method: 'POST', body: payload, fallback: AGENT_REGISTER_FALLBACK });
}

export function useRegisterAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerAgent,
    onSuccess: (data) => adoptSession(queryClient, data.user),
    // Taken or not, the availability may have changed (e.g. another agent just took the agency).
    onSettled: () => queryClient.invalidateQueries({ queryKey: AGENCY_OPTIONS_KEY }),
  });
}
