// GET /api/health: reachability of the database and the queue, and the match index's figures.
import { z } from 'zod';
import { isoDateTime } from './common.ts';

const up = z.enum(['up', 'down']);

/** The job queue's figures: jobs waiting / active / delayed (its depth), completed / failed for good in total. */
export const queueStatsSchema = z.object({
  waiting: z.number(),
  active: z.number(),
  delayed: z.number(),
  completed: z.number(),
  failed: z.number(),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

/**
 * 200 when database and queue both answer, else 503 with the same body. The figures (the queue's
 * counts, `index`, `outbox`) are given to callers on loopback or a private network only.
 */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ status: up, embedded: z.boolean() }),
    /** The queue's figures are given when the queue answers. */
    queue: queueStatsSchema.partial().extend({ status: up, kind: z.string() }),
    /** Null when the database does not answer. */
    index: z
      .object({ lagSeconds: z.number(), oldestUnindexedAt: isoDateTime().nullable(), unindexedAthletes: z.number(), unindexedRequests: z.number() })
      .nullable()
      .optional(),
    /** Null when the database does not answer. */
    outbox: z
      .object({ unpublished: z.number(), oldestUnpublishedSeconds: z.number(), relayLastSuccessAt: isoDateTime().nullable(), relayFailing: z.boolean() })
      .nullable()
      .optional(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
