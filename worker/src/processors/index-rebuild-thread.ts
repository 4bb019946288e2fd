import { parentPort, workerData } from 'node:worker_threads';
import { resolveRequest } from '@app/domain';
import { requestsByPositionGroups } from './index-prefilter.ts';
import { copyLine } from '../store/match-scores.ts';
import { requestScoringInput, type AthleteScoringRow, type OpenRequest, type RequestScoringRow } from '../store/scoring-inputs.ts';
import { scoreAthletes } from './index-rebuild-rows.ts';

/**
 * A scoring thread of the full rebuild (index-rebuild-pool.ts): receives the open requests once
 * (as stored; resolved here, since resolved requests do not survive the copy between threads),
 * then batches of athletes, and answers each batch with its listed pairs as COPY text.
 */
export interface ScoringThreadData {
  requests: RequestScoringRow[];
}
export interface ScoringBatch {
  batch: number;
  athletes: AthleteScoringRow[];
}
export type ScoringAnswer = { batch: number; text: string; listed: number; perRequest: Array<[string, number]> } | { batch: number; error: string };

const { requests } = workerData as ScoringThreadData;
const resolved: OpenRequest[] = requests.map((row) => ({ id: row.id, version: row.version, resolved: resolveRequest(requestScoringInput(row)) }));
const requestsFor = requestsByPositionGroups(resolved);

parentPort!.on('message', ({ batch, athletes }: ScoringBatch) => {
  try {
    // Lines joined once (a long chain of += kept alive across scavenges cost a third of the thread in GC).
    const lines: string[] = [];
    const perRequest = new Map<string, number>();
    scoreAthletes(athletes, requestsFor, (row) => {
      lines.push(copyLine(row));
      perRequest.set(row.requestId, (perRequest.get(row.requestId) ?? 0) + 1);
    });
    parentPort!.postMessage({ batch, text: lines.join(''), listed: lines.length, perRequest: [...perRequest] } satisfies ScoringAnswer);
  } catch (error) {
    parentPort!.postMessage({ batch, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ScoringAnswer);
  }
});
