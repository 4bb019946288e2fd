import type { AthleteStandings } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const FETCH_STANDINGS_FALLBACK = 'Unable to fetch where this player stands in your requests';

/** Every athlete's standings: a match change or a list's new scores make them stale (matchMutations). */
export const ATHLETE_STANDINGS_KEY = ['coach', 'standings'] as const;
export const athleteStandingsKey = (athleteId: string) => [...ATHLETE_STANDINGS_KEY, athleteId] as const;

/** GET /coach/athletes/{id}/standings: the player's score and match in each of the coach's requests that lists them or has a match with them. */
export function useAthleteStandings(athleteId: string) {
  return useQuery({
    queryKey: athleteStandingsKey(athleteId),
    queryFn: ({ signal }) =>
      apiRequest<AthleteStandings>(`/coach/athletes/${encodeURIComponent(athleteId)}/standings`, { fallback: FETCH_STANDINGS_FALLBACK, signal }),
  });
}
