import type { CoachMatch, MatchState } from '@app/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ATHLETE_STANDINGS_KEY } from '../../api/getAthleteStandings.ts';
import { COACH_DASHBOARD_KEY } from '../../api/getDashboard.ts';

/** A match as the coach routes answer it (POST /coach/matches, PATCH /coach/matches/{id}): the domain's wire type. */
export type { CoachMatch, MatchStatus } from '@app/domain';

/** A move's answer as a ranked list's card holds it (null: a restored player back in the pool, never shared). */
export function matchStateOf(match: CoachMatch): MatchState | null {
  if (match.status === null) return null;
  return { id: match.id, status: match.status, autoResolved: match.autoResolved, athleteAnswered: match.athleteAnswered, updatedAt: match.updatedAt };
}

/**
 * What a status change makes stale: the request's ranked lists (every view, and its Hidden list),
 * the coach dashboard's 'Review matches' and the players' standings on their profile pages. Any
 * coach query whose key names the request counts as one of its lists, whatever view or page it holds.
 */
export function invalidateAfterMatchChange(queryClient: QueryClient, requestId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'coach' && q.queryKey.includes(requestId) }),
    queryClient.invalidateQueries({ queryKey: COACH_DASHBOARD_KEY }),
    queryClient.invalidateQueries({ queryKey: ATHLETE_STANDINGS_KEY }),
  ]);
}
