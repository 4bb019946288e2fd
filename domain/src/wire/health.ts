// GET /api/health: reachability of the database and the queue, and the match index's figures.
import { z } from 'zod';
import { isoDateTime } from './common.ts';

const up = z.enum(['up', 'down']);

/** 200 when database and queue both answer, else 503 with the same body. */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ status: up, embedded: z.boolean() }),
    /** Jobs waiting / active / delayed (depth), completed / failed in total: given when the queue answers. */
    queue: z.object({
      status: up,
      kind: z.string(),
      waiting: z.number().optional(),
      active: z.number().optional(),
      delayed: z.number().optional(),
      completed: z.number().optional(),
      failed: z.number().optional(),
    }),
    index: z
      .object({ lagSeconds: z.number(), oldestUnindexedAt: isoDateTime().nullable(), unindexedAthletes: z.number(), unindexedRequests: z.number() })
      .nullable(),
    outbox: z
      .object({ unpublished: z.number(), oldestUnpublishedSeconds: z.number(), relayLastSuccessAt: isoDateTime().nullable(), relayFailing: z.boolean() })
      .nullable(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
