import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import type { CoachDashboard } from './types.ts';

export const COACH_DASHBOARD_KEY = ['coach', 'dashboard'] as const;

/** GET /coach/dashboard: the coach and the summary of their matches (spec section 8: server message, no fallback). */
export function getCoachDashboard() {
  return apiRequest<CoachDashboard>('/coach/dashboard');
}

export function useCoachDashboard() {
  return useQuery({ queryKey: COACH_DASHBOARD_KEY, queryFn: getCoachDashboard });
}
