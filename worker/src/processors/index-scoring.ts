import { scorePair, scoreValue, MATCH_THRESHOLD, type ScoringRequest, type resolveAthlete } from '@app/domain';

/** The listed result of a pair, or null. `scoreValue` first: most pairs are not listed and it allocates nothing. */
export function listedPair(athlete: ReturnType<typeof resolveAthlete>, request: ScoringRequest) {
  const value = scoreValue(athlete, request);
  if (value === null || value < MATCH_THRESHOLD) return null;
  const result = scorePair(athlete, request);
  return result && result.listed ? result : null;
}
