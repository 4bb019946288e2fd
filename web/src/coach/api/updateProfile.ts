import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { SESSION_KEY } from '../../auth/api.ts';
import { COACH_DASHBOARD_KEY } from './getDashboard.ts';
import { COACH_PROFILE_KEY } from './getProfile.ts';
import type { CoachProfile } from './types.ts';

export const UPDATE_COACH_PROFILE_FALLBACK = 'Unable to update coach profile';

/** PUT /coach/profile: the editable fields, with photo and logo as base64 + mime when new ones were picked. */
export function updateCoachProfile(payload: Record<string, unknown>) {
  return apiRequest<CoachProfile>('/coach/profile', { method: 'PUT', body: payload, fallback: UPDATE_COACH_PROFILE_FALLBACK });
}

export function useUpdateCoachProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoachProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(COACH_PROFILE_KEY, profile);
      void queryClient.invalidateQueries({ queryKey: COACH_DASHBOARD_KEY });
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}
