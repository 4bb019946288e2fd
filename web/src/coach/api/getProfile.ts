import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { CoachProfile } from './types.ts';

export const COACH_PROFILE_KEY = ['coach', 'profile'] as const;
export const FETCH_PROFILE_FALLBACK = 'Unable to fetch profile';

/** GET /coach/profile. */
export function getCoachProfile() {
  return apiRequest<CoachProfile>('/coach/profile', { fallback: FETCH_PROFILE_FALLBACK });
}

export function useCoachProfile() {
  return useQuery({ queryKey: COACH_PROFILE_KEY, queryFn: getCoachProfile });
}
