import { MetricsTime, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { fallbackLogger, type Logger } from '../logger.ts';
import { jobPriority, PermanentJobError, QUEUE_NAME, type JobQueue, type Processors } from './queue.ts';

const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 250 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
} as const;

/** Per-minute completed/failed counters kept in Redis (every worker must use the same setting). */
const METRICS = { maxDataPoints: MetricsTime.ONE_WEEK };

/**
 * Producer side. The connection does not queue commands while Redis is down, so `add` fails
 * at once instead of making the API wait (and a hung connection times out); the outbox keeps
 * the change for a later relay.
 */
export function createBullQueue(redisUrl: string, prefix = 'rp'): JobQueue {
  const connection = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 5000, lazyConnect: false });
  connection.on('error', () => {
    /* reported through failed adds and /api/health */
  });
  const queue = new Queue(QUEUE_NAME, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  queue.on('error', () => {});
  return {
    kind: 'bullmq',
    async add(name, data, options) {
      await queue.add(name, data, { jobId: options?.jobId, priority: jobPriority(name) });
    },
    async addBulk(jobs) {
      if (jobs.length === 0) return;
      await queue.addBulk(jobs.map((j) => ({ name: j.name, data: j.data, opts: { jobId: j.jobId, priority: jobPriority(j.name) } })));
    },
    async stats() {
      const [counts, completed, failed] = await Promise.all([
        queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized'),
        queue.getMetrics('completed', 0, 0),
        queue.getMetrics('failed', 0, 0),
      ]);
      return {
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        // Totals from the workers' metrics; the job counts only hold the jobs still kept.
        completed: Math.max(Number(completed.meta.count) || 0, counts.completed ?? 0),
        failed: Math.max(Number(failed.meta.count) || 0, counts.failed ?? 0),
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

export interface BullWorkerOptions {
  /**
   * How long a job stays locked to a worker without a lock renewal; a worker that died (SIGKILL,
   * lost host) gives its jobs back after about this long. Default 30 s.
   */
  lockDurationMs?: number;
  log?: Logger;
}

/** Consumer side: a BullMQ worker running the shared processors. */
export function startBullWorker(redisUrl: string, processors: Processors, concurrency: number, prefix = 'rp', options: BullWorkerOptions = {}): Worker {
  const log = options.log ?? fallbackLogger;
  // Workers must keep retrying their blocking commands across Redis restarts.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => {
    /* reported through the worker's 'error' event */
  });
  const lockDuration = options.lockDurationMs ?? 30_000;
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
    { connection, concurrency, prefix, metrics: METRICS, lockDuration, stalledInterval: lockDuration },
  );
  // BullMQ leaves a connection it was given open; this one is the worker's alone.
  worker.on('closed', () => connection.disconnect());
  worker.on('error', (err) => log.error(`[worker] error: ${err.message}`));
  worker.on('failed', (job, err) => {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError;
    (final ? log.error.bind(log) : log.warn.bind(log))(
      `[worker] job ${job.name} ${job.id} ${final ? 'failed for good' : `failed (attempt ${job.attemptsMade}), will retry`}: ${err.message}`,
    );
  });
  return worker;
}
