import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { ATHLETE_DASHBOARD_KEY } from './getDashboard.ts';
import type { AthleteProfile } from './types.ts';

/** POST /athlete/budget-prompt/dismiss: "Not now" on the dashboard's budget prompt (decision S15). */
export function useDismissBudgetPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/athlete/budget-prompt/dismiss', { method: 'POST', fallback: 'Unable to update profile' }),
    onSuccess: () => {
      queryClient.setQueryData<AthleteProfile>(ATHLETE_DASHBOARD_KEY, (profile) => (profile ? { ...profile, budgetUnconfirmed: undefined } : profile));
    },
  });
}
