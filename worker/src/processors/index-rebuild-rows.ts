import { resolveAthlete } from '@app/domain';
import { listedRow, type ScoreRow } from '../store/match-scores.ts';
import { athleteScoringInput, listFilterValues, type AthleteScoringRow, type OpenRequest } from '../store/scoring-inputs.ts';
import { listedPair } from './index-scoring.ts';

/**
 * Scores athletes against the requests that can list them (`requestsFor`: the position rule of
 * index-prefilter.ts) and hands each listed pair to `emit`. The one scoring loop of the rebuild,
 * run in the main thread or in a scoring thread (index-rebuild-thread.ts).
 */
export function scoreAthletes(
  athletes: readonly AthleteScoringRow[],
  requestsFor: (athlete: ReturnType<typeof resolveAthlete>) => readonly OpenRequest[],
  emit: (row: ScoreRow) => void,
): void {
  for (const athleteRow of athletes) {
    const athlete = resolveAthlete(athleteScoringInput(athleteRow));
    const filters = listFilterValues(athleteRow);
    for (const request of requestsFor(athlete)) {
      const scored = listedPair(athlete, request.resolved);
      if (scored) emit(listedRow(athleteRow, filters, request, scored));
    }
  }
}
