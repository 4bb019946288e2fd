import type { QueueStats } from '@app/domain';

/**
 * The job queue port. Two adapters run the same processors: BullMQ over Redis (production,
 * any number of worker processes) and in-process (the embedded default, no Redis).
 */
export type JobData = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each processor declares its own payload type; a map of them needs `any` here
export type Processor = (data: any) => Promise<void>;
export type Processors = Record<string, Processor>;

/** Jobs waiting / active / delayed, and completed / failed for good (after their retries) in total: the health answer's figures. */
export type { QueueStats };

export interface QueuedJob {
  name: string;
  data: JobData;
  jobId?: string;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'inline';
  /** Adds a job. A job whose id is already queued collapses into it (deterministic ids). */
  add(name: string, data: JobData, options?: { jobId?: string }): Promise<void>;
  /** Adds several jobs in one round trip; all or none are accepted. */
  addBulk(jobs: readonly QueuedJob[]): Promise<void>;
  stats(): Promise<QueueStats>;
  /** Resolves when no job is waiting or running (tests and scripts). */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
}

export const QUEUE_NAME = 'jobs';

/**
 * The jobs' names, in one place: the processors register under them (processors/index.ts), the
 * outbox relay and the sweeps queue them (store/outbox.ts, notifications/sweep.ts). Kept here, the
 * modules that queue a job need not import the one that runs it.
 */
export const INDEX_ATHLETE_JOB = 'index.athlete';
export const INDEX_REQUEST_JOB = 'index.request';
export const CONTACT_NOTIFICATION_JOB = 'mail.contact';
export const NOTIFY_EVENT_JOB = 'notify.event';

/**
 * Index jobs ('index.*') run before every other job: a backlog of notification or mail jobs must
 * not hold back a save's rescoring (save -> visible within 1 s; an email within 2 s). The other
 * jobs get this priority; BullMQ runs jobs without one first.
 */
export const BACKGROUND_JOB_PRIORITY = 10;
export const jobPriority = (name: string): number | undefined => (name.startsWith('index.') ? undefined : BACKGROUND_JOB_PRIORITY);

/** Thrown by a processor for a job that can never succeed: it is failed without retries. */
export class PermanentJobError extends Error {}
