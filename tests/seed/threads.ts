import { Worker } from 'node:worker_threads';
import type { AthleteChunkText } from './copy.ts';
import type { ChunkAnswer, ChunkOrder } from './seed-thread.ts';

const THREAD_FILE = new URL(import.meta.url.endsWith('.ts') ? './seed-thread.ts' : './seed-thread.js', import.meta.url);
/**
 * As for the rebuild's scoring threads (worker/src/processors/index-rebuild-pool.ts): under the
 * tsx CLI a thread inherits its loader; elsewhere (vitest) a .ts thread gets tsx's loader.
 */
const THREAD_EXEC_ARGV = import.meta.url.endsWith('.ts') && !process.execArgv.some((arg) => /tsx/.test(arg)) ? ['--import', 'tsx'] : undefined;

/** One generating thread of the parallel seed: chunks in, COPY text out. */
export class ChunkThread {
  private readonly worker = new Worker(THREAD_FILE, { execArgv: THREAD_EXEC_ARGV });
  private readonly pending = new Map<number, { resolve: (text: AthleteChunkText) => void; reject: (error: Error) => void }>();
  private nextJob = 0;
  private failure: Error | null = null;

  constructor() {
    this.worker.on('message', (answer: ChunkAnswer) => {
      const entry = this.pending.get(answer.job);
      if (!entry) return;
      this.pending.delete(answer.job);
      if ('error' in answer) entry.reject(new Error(`seed thread failed: ${answer.error}`));
      else entry.resolve(answer.text);
    });
    this.worker.on('error', (error) => this.fail(error instanceof Error ? error : new Error(String(error))));
    this.worker.on('exit', (code) => this.fail(new Error(`seed thread exited with code ${code}`)));
  }

  generate(order: Omit<ChunkOrder, 'job'>): Promise<AthleteChunkText> {
    if (this.failure) return Promise.reject(this.failure);
    const job = this.nextJob++;
    return new Promise((resolve, reject) => {
      this.pending.set(job, { resolve, reject });
      this.worker.postMessage({ job, ...order } satisfies ChunkOrder);
    });
  }

  async close(): Promise<void> {
    this.fail(new Error('seed thread closed'));
    await this.worker.terminate();
  }

  private fail(error: Error) {
    if (this.failure) return;
    this.failure = error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
