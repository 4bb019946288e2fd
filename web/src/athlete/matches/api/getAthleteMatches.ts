import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import type { AthleteMatch } from './types.ts';

export const ATHLETE_MATCHES_KEY = ['athlete', 'matches'] as const;
export const FETCH_MATCHES_FALLBACK = 'Unable to fetch matches';

/** GET /athlete/matches: the matches coaches shared with the signed-in athlete. */
export async function getAthleteMatches() {
  const data = await apiRequest<{ matches: AthleteMatch[] }>('/athlete/matches', { fallback: FETCH_MATCHES_FALLBACK });
  return data.matches;
}

export function useAthleteMatches() {
  return useQuery({ queryKey: ATHLETE_MATCHES_KEY, queryFn: getAthleteMatches });
}
