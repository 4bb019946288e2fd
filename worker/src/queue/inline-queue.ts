import { fallbackLogger, type Logger } from '../logger.ts';
import { jobPriority, PermanentJobError, type JobData, type JobQueue, type Processors, type QueueStats } from './queue.ts';

interface PendingJob {
  id: string | undefined;
  name: string;
  data: JobData;
  attempt: number;
}

export interface InlineQueueOptions {
  concurrency?: number;
  attempts?: number;
  backoffMs?: number;
  log?: Logger;
}

/**
 * In-process adapter: jobs run in this process through the same processors as the BullMQ
 * worker, with the same collapse-by-id, priority and retry-with-backoff semantics.
 */
export function createInlineQueue(processors: Processors, options: InlineQueueOptions = {}): JobQueue {
  const concurrency = options.concurrency ?? 1;
  const attempts = options.attempts ?? 5;
  const backoffMs = options.backoffMs ?? 200;
  const log = options.log ?? fallbackLogger;
  const waiting: PendingJob[] = [];
  const queuedIds = new Set<string>();
  let active = 0;
  let delayed = 0;
  let completed = 0;
  let failed = 0;
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  const notifyIdle = () => {
    if (active === 0 && delayed === 0 && waiting.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((w) => w());
    }
  };

  const pump = () => {
    while (!closed && active < concurrency && waiting.length > 0) {
      // Index jobs first, as BullMQ runs them (jobPriority); otherwise in the order added.
      const first = waiting.findIndex((j) => jobPriority(j.name) === undefined);
      const job = waiting.splice(Math.max(first, 0), 1)[0];
      if (job.id) queuedIds.delete(job.id);
      active++;
      void run(job).finally(() => {
        active--;
        pump();
        notifyIdle();
      });
    }
  };

  const run = async (job: PendingJob) => {
    const processor = processors[job.name];
    try {
      if (!processor) throw new PermanentJobError(`No processor for job ${job.name}`);
      await processor(job.data);
      completed++;
    } catch (error) {
      if (!(error instanceof PermanentJobError) && job.attempt + 1 < attempts && !closed) {
        delayed++;
        const wait = backoffMs * 2 ** job.attempt;
        setTimeout(() => {
          delayed--;
          waiting.push({ ...job, attempt: job.attempt + 1 });
          pump();
          notifyIdle();
        }, wait).unref();
      } else {
        failed++;
        log.warn({ err: error }, `[queue] job ${job.name} failed`);
      }
    }
  };

  const add = (name: string, data: JobData, id: string | undefined) => {
    if (closed) throw new Error('Queue is closed');
    if (id && queuedIds.has(id)) return;
    if (id) queuedIds.add(id);
    waiting.push({ id, name, data, attempt: 0 });
    // Run after the caller's current work (e.g. after it answered the request).
    setImmediate(pump);
  };

  return {
    kind: 'inline',
    async add(name, data, opts) {
      add(name, data, opts?.jobId);
    },
    async addBulk(jobs) {
      if (closed) throw new Error('Queue is closed');
      for (const job of jobs) add(job.name, job.data, job.jobId);
    },
    async stats(): Promise<QueueStats> {
      return { waiting: waiting.length, active, delayed, completed, failed };
    },
    whenIdle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        setImmediate(notifyIdle);
      });
    },
    async close() {
      closed = true;
      waiting.length = 0;
      notifyIdle();
    },
  };
}
