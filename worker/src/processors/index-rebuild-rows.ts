import type { PairScore } from '@app/domain';
import { resolveAthlete } from '@app/domain';
import { listedPair } from './index-scoring.ts';
import type { OpenRequest, AthleteScoringRow, ScoreRow } from './index-store.ts';
import { athleteScoringInput } from './index-store.ts';

/** The columns the rebuild loads, in the order of a COPY line. */
export const REBUILD_COLUMNS = `request_id, athlete_id, score, sub_position, sub_academics, sub_lyfs, sub_region, sub_budget, sub_extras,
  position_match, position_exact, highlights, athlete_updated_at, athlete_version, request_version`;

/** A text-format COPY field: backslash, tab and line breaks escaped. */
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copyText = (value: string) => (/[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : value);

/** One listed pair as a line of COPY text. */
export function copyLine(row: ScoreRow): string {
  const r: PairScore = row.result;
  const s = r.subScores;
  return `${row.requestId}\t${row.athleteId}\t${r.score}\t${s.position}\t${s.academics}\t${s.lyfs}\t${s.region}\t${s.budget}\t${s.extras}\t${r.positionMatch ?? '\\N'}\t${r.positionExact ? 't' : 'f'}\t${copyText(JSON.stringify(r.highlights))}\t${row.athleteUpdatedAt.toISOString()}\t${row.athleteVersion}\t${row.requestVersion}\n`;
}

/**
 * Scores athletes against the requests that can list them (`requestsFor`: the position rule of
 * index-prefilter.ts) and hands each listed pair to `emit`. The one scoring loop of the rebuild,
 * run in the main thread or in a scoring thread (index-rebuild-thread.ts).
 */
export function scoreAthletes(athletes: readonly AthleteScoringRow[], requestsFor: (athlete: ReturnType<typeof resolveAthlete>) => readonly OpenRequest[], emit: (row: ScoreRow) => void): void {
  for (const athleteRow of athletes) {
    const athlete = resolveAthlete(athleteScoringInput(athleteRow));
    for (const request of requestsFor(athlete)) {
      const scored = listedPair(athlete, request.resolved);
      if (!scored) continue;
      emit({
        requestId: request.id,
        athleteId: athleteRow.id,
        requestVersion: request.version,
        athleteVersion: athleteRow.version,
        athleteUpdatedAt: athleteRow.updated_at,
        result: scored,
      });
    }
  }
}
