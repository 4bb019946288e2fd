import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScoringAnswer, ScoringBatch, ScoringThreadData } from './index-rebuild-thread.ts';
import type { AthleteScoringRow, RequestScoringRow } from '../store/scoring-inputs.ts';

/**
 * The rebuild's scoring threads (node:worker_threads): each gets the open requests once and then
 * scores batches of athletes, answering with binary COPY tuples. Batches go to whichever thread is free;
 * answers come back in any order (the index is a set of rows, so the load does not care).
 *
 * Running as TypeScript (tsx in development and tests, vitest): the thread is this folder's .ts
 * file, loaded through tsx's ESM loader (`--import tsx`) so it may import .ts modules like the
 * main thread does. In the server bundle (scripts/build-server.mjs) the thread is an entry point
 * of its own beside the bundle's files, named at build time by `__BUNDLED_REBUILD_THREAD__`;
 * `import.meta['url']` is the bundle file's own address there (the build rewrites only the
 * dotted form to the source's).
 */
declare const __BUNDLED_REBUILD_THREAD__: string | undefined;
const BUNDLED_THREAD = typeof __BUNDLED_REBUILD_THREAD__ === 'string' ? __BUNDLED_REBUILD_THREAD__ : undefined;
const THREAD_FILE = BUNDLED_THREAD
  ? new URL(`./${BUNDLED_THREAD}`, import.meta['url'])
  : import.meta.url.endsWith('.ts')
    ? new URL('./index-rebuild-thread.ts', import.meta.url)
    : new URL('./index-rebuild-thread.js', import.meta.url);
/**
 * Under the tsx CLI the threads inherit its loader with the parent's options (left unset: Node
 * refuses per-process flags such as --max-old-space-size in a thread's own execArgv); elsewhere
 * (vitest) a .ts thread gets tsx's loader. The bundle's thread is plain JavaScript.
 */
const THREAD_EXEC_ARGV =
  !BUNDLED_THREAD && import.meta.url.endsWith('.ts') && !process.execArgv.some((arg) => /tsx/.test(arg)) ? ['--import', 'tsx'] : undefined;

export interface ScoredBatch {
  /** The batch's listed pairs as binary COPY tuples (none listed: null). */
  tuples: Uint8Array | null;
  listed: number;
  /** Listed pairs per request id. */
  perRequest: Array<[string, number]>;
}

export class ScoringThreads {
  readonly size: number;
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly waiting: Array<{ athletes: AthleteScoringRow[]; resolve: (b: ScoredBatch) => void; reject: (e: unknown) => void }> = [];
  private readonly pending = new Map<number, { resolve: (b: ScoredBatch) => void; reject: (e: unknown) => void; worker: Worker }>();
  private nextBatch = 0;
  private failure: Error | null = null;

  constructor(requests: readonly RequestScoringRow[], size = availableParallelism()) {
    this.size = Math.max(1, size);
    const workerData: ScoringThreadData = { requests: [...requests] };
    for (let i = 0; i < this.size; i++) {
      const worker = new Worker(THREAD_FILE, { workerData, execArgv: THREAD_EXEC_ARGV });
      worker.on('message', (answer: ScoringAnswer) => this.answered(worker, answer));
      worker.on('error', (error) => this.fail(error instanceof Error ? error : new Error(String(error))));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`index rebuild scoring thread exited with code ${code}`));
      });
      this.all.push(worker);
      this.idle.push(worker);
    }
  }

  /** Scores a batch of athletes on the next free thread. */
  score(athletes: AthleteScoringRow[]): Promise<ScoredBatch> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const worker = this.idle.pop();
      if (worker) this.dispatch(worker, athletes, resolve, reject);
      else this.waiting.push({ athletes, resolve, reject });
    });
  }

  /** Stops every thread (after the last answer, or after a failure). */
  async close(): Promise<void> {
    this.fail(new Error('index rebuild scoring threads closed'));
    await Promise.all(this.all.map((worker) => worker.terminate()));
  }

  private dispatch(worker: Worker, athletes: AthleteScoringRow[], resolve: (b: ScoredBatch) => void, reject: (e: unknown) => void) {
    const batch = this.nextBatch++;
    this.pending.set(batch, { resolve, reject, worker });
    worker.postMessage({ batch, athletes } satisfies ScoringBatch);
  }

  private answered(worker: Worker, answer: ScoringAnswer) {
    const entry = this.pending.get(answer.batch);
    if (!entry) return;
    this.pending.delete(answer.batch);
    const next = this.waiting.shift();
    if (next) this.dispatch(worker, next.athletes, next.resolve, next.reject);
    else this.idle.push(worker);
    if ('error' in answer) entry.reject(new Error(`index rebuild scoring thread failed: ${answer.error}`));
    else entry.resolve({ tuples: answer.tuples, listed: answer.listed, perRequest: answer.perRequest });
  }

  private fail(error: Error) {
    if (this.failure) return;
    this.failure = error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    for (const { reject } of this.waiting.splice(0)) reject(error);
  }
}
