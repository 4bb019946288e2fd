import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../api/client.ts';
import type { CoachAthlete } from './types.ts';

export const ATHLETE_NOT_FOUND = 'Athlete not found';
export const FETCH_ATHLETE_FALLBACK = 'Unable to fetch athlete';

export const coachAthleteKey = (id: string) => ['coach', 'athletes', id] as const;

/** GET /coach/athletes/{id}: 404 means 'Athlete not found', otherwise the server message or 'Unable to fetch athlete' (spec section 8). */
export async function getCoachAthlete(id: string) {
  try {
    return await apiRequest<CoachAthlete>(`/coach/athletes/${encodeURIComponent(id)}`, { fallback: FETCH_ATHLETE_FALLBACK });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ApiError(404, ATHLETE_NOT_FOUND);
    throw error;
  }
}

export function useCoachAthlete(id: string | undefined) {
  return useQuery({
    queryKey: coachAthleteKey(id ?? ''),
    queryFn: () => {
      if (!id) throw new Error('Missing athlete id');
      return getCoachAthlete(id);
    },
  });
}
