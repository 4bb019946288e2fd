/**
 * The job queue port. Two adapters run the same processors: BullMQ over Redis (production,
 * any number of worker processes) and in-process (the embedded default, no Redis).
 */
export type JobData = Record<string, unknown>;
export type Processor = (data: any) => Promise<void>;
export type Processors = Record<string, Processor>;

export interface QueueStats {
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'inline';
  /** Adds a job. A job whose id is already queued collapses into it (deterministic ids). */
  add(name: string, data: JobData, options?: { jobId?: string }): Promise<void>;
  stats(): Promise<QueueStats>;
  /** Resolves when no job is waiting or running (tests and scripts). */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
}

export const QUEUE_NAME = 'jobs';

/** Thrown by a processor for a job that can never succeed: it is failed without retries. */
export class PermanentJobError extends Error {}
