import { parentPort, workerData } from 'node:worker_threads';
import { resolveRequest } from '@app/domain';
import { requestsByPositionGroups } from './index-prefilter.ts';
import { CopyTuples } from '../store/match-scores.ts';
import { requestScoringInput, type AthleteScoringRow, type OpenRequest, type RequestScoringRow } from '../store/scoring-inputs.ts';
import { scoreAthletes } from './index-rebuild-rows.ts';

/**
 * A scoring thread of the full rebuild (index-rebuild-pool.ts): receives the open requests once
 * (as stored; resolved here, since resolved requests do not survive the copy between threads),
 * then batches of athletes, and answers each batch with its listed pairs as binary COPY tuples.
 */
export interface ScoringThreadData {
  requests: RequestScoringRow[];
}
export interface ScoringBatch {
  batch: number;
  athletes: AthleteScoringRow[];
}
export type ScoringAnswer =
  { batch: number; tuples: Uint8Array | null; listed: number; perRequest: Array<[string, number]> } | { batch: number; error: string };

const { requests } = workerData as ScoringThreadData;
const resolved: OpenRequest[] = requests.map((row) => ({ id: row.id, version: row.version, resolved: resolveRequest(requestScoringInput(row)) }));
const requestsFor = requestsByPositionGroups(resolved);
/** One per thread: it keeps each athlete's encoded part and each request's id across batches. */
const tuples = new CopyTuples();

parentPort!.on('message', ({ batch, athletes }: ScoringBatch) => {
  try {
    let listed = 0;
    const perRequest = new Map<string, number>();
    scoreAthletes(athletes, requestsFor, (row) => {
      tuples.add(row);
      listed += 1;
      perRequest.set(row.requestId, (perRequest.get(row.requestId) ?? 0) + 1);
    });
    const bytes = tuples.take();
    // The bytes' memory moves to the main thread instead of being copied.
    parentPort!.postMessage({ batch, tuples: bytes, listed, perRequest: [...perRequest] } satisfies ScoringAnswer, bytes ? [bytes.buffer as ArrayBuffer] : []);
  } catch (error) {
    parentPort!.postMessage({ batch, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ScoringAnswer);
  }
});
