import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { CoachRequest } from './types.ts';

export const COACH_REQUESTS_KEY = ['coach', 'requests'] as const;
export const FETCH_REQUESTS_FALLBACK = 'Unable to fetch requests';

/** GET /coach/requests: the coach's requests, newest first. */
export function getCoachRequests() {
  return apiRequest<CoachRequest[]>('/coach/requests', { fallback: FETCH_REQUESTS_FALLBACK });
}

export function useCoachRequests(enabled = true) {
  return useQuery({ queryKey: COACH_REQUESTS_KEY, queryFn: getCoachRequests, enabled });
}
