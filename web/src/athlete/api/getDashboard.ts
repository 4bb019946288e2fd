import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { AthleteProfile } from './types.ts';

export const ATHLETE_DASHBOARD_KEY = ['athlete', 'dashboard'] as const;

/** GET /athlete/dashboard: the athlete's own profile (spec section 8: the server message, no fallback). */
export function getAthleteDashboard() {
  return apiRequest<AthleteProfile>('/athlete/dashboard');
}

export function useAthleteDashboard() {
  return useQuery({ queryKey: ATHLETE_DASHBOARD_KEY, queryFn: getAthleteDashboard });
}
