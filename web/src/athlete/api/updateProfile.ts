import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { SESSION_KEY } from '../../auth/api.ts';
import { ATHLETE_DASHBOARD_KEY } from './getDashboard.ts';
import type { AthleteProfile } from './types.ts';

export const UPDATE_PROFILE_FALLBACK = 'Unable to update profile';

/** PUT /athlete/profile: the profile fields, with the photo as base64 + mime when a new one was picked. */
export function updateAthleteProfile(payload: Record<string, unknown>) {
  return apiRequest<AthleteProfile>('/athlete/profile', { method: 'PUT', body: payload, fallback: UPDATE_PROFILE_FALLBACK });
}

export function useUpdateAthleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAthleteProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(ATHLETE_DASHBOARD_KEY, profile);
      // The session carries the athlete's name.
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}
