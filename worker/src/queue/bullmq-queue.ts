import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { PermanentJobError, QUEUE_NAME, type JobQueue, type Processors } from './queue.ts';

const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 250 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
} as const;

/**
 * Producer side. The connection does not queue commands while Redis is down, so `add` fails
 * at once instead of making the API wait; the outbox keeps the change for a later relay.
 */
export function createBullQueue(redisUrl: string, prefix = 'rp'): JobQueue {
  const connection = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  connection.on('error', () => {
    /* reported through failed adds and /api/health */
  });
  const queue = new Queue(QUEUE_NAME, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  queue.on('error', () => {});
  return {
    kind: 'bullmq',
    async add(name, data, options) {
      await queue.add(name, data, { jobId: options?.jobId });
    },
    async stats() {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
      return {
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        completed: counts.completed ?? 0,
        failed: counts.failed ?? 0,
      };
    },
    async whenIdle() {
      for (;;) {
        const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (!c.waiting && !c.active && !c.delayed && !c.prioritized) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}

/** Consumer side: a BullMQ worker running the shared processors. */
export function startBullWorker(redisUrl: string, processors: Processors, concurrency: number, prefix = 'rp'): Worker {
  // Workers must keep retrying their blocking commands across Redis restarts.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const worker = new Worker(
    QUEUE_NAME,
    async (job) => {
      const processor = processors[job.name];
      if (!processor) throw new UnrecoverableError(`No processor for job ${job.name}`);
      try {
        await processor(job.data);
      } catch (error) {
        if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    { connection, concurrency, prefix },
  );
  worker.on('error', (err) => console.error('[worker] error', err.message));
  return worker;
}
