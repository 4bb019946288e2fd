import { parentPort } from 'node:worker_threads';
import { athleteChunkText, type AthleteChunkText } from './copy.ts';
import { generateAthleteChunk } from './generate.ts';

/**
 * A generating thread of the parallel seed (threads.ts): answers each chunk it is sent with that
 * chunk's COPY text. A chunk's rows depend only on (seed, kind, chunk), so which thread makes
 * which chunk, and in what order, changes nothing in the data.
 */
export interface ChunkOrder {
  job: number;
  seed: number;
  chunk: number;
  count: number;
  incomplete: boolean;
}
export type ChunkAnswer = { job: number; text: AthleteChunkText } | { job: number; error: string };

parentPort!.on('message', ({ job, seed, chunk, count, incomplete }: ChunkOrder) => {
  try {
    parentPort!.postMessage({ job, text: athleteChunkText(generateAthleteChunk({ seed }, chunk, count, incomplete)) } satisfies ChunkAnswer);
  } catch (error) {
    parentPort!.postMessage({ job, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ChunkAnswer);
  }
});
