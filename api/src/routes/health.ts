import { databaseAnswers, indexHealth } from '@app/worker/store';
import type { FastifyInstance } from 'fastify';
import { errorResponses, healthSchema } from '@app/domain';
import { isInternalAddress } from '../lib/trust-proxy.ts';

/** Queue statistics come from Redis; a hung connection must not hang the health check. */
const QUEUE_STATS_TIMEOUT_MS = 1500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * GET /api/health: database and queue reachability (200 when both answer, else 503), plus the
 * match index's operating figures:
 * - queue: jobs waiting / active / delayed (depth), and completed / failed in total;
 * - index.lagSeconds: now minus the oldest change not yet indexed (0 when caught up);
 * - index.unindexedAthletes / unindexedRequests: changes waiting to be indexed;
 * - outbox: rows not yet turned into jobs, and whether this process's relay is failing.
 * The figures go to callers on loopback or a private network only (monitors, load balancers,
 * the containers' health checks; the client address as TRUST_PROXY resolves it): anyone else
 * learns whether the service is up, not how busy it is.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { response: { 200: healthSchema, 503: healthSchema, ...errorResponses } } }, async (request, reply) => {
    const { db, queue, database, outbox } = app.services;
    const withFigures = isInternalAddress(request.ip);
    const database_ = { status: (await databaseAnswers(db)) ? ('up' as const) : ('down' as const), embedded: database.embedded };
    const queue_ = await withTimeout(queue.stats(), QUEUE_STATS_TIMEOUT_MS)
      .then((stats) => ({ status: 'up' as const, kind: queue.kind, ...(withFigures ? stats : {}) }))
      .catch(() => ({ status: 'down' as const, kind: queue.kind }));
    const ok = database_.status === 'up' && queue_.status === 'up';
    if (!withFigures) return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database: database_, queue: queue_ });

    let index = null;
    let outbox_ = null;
    if (database_.status === 'up') {
      const row = await indexHealth(db);
      const age = (since: Date | null) => (since ? Math.max(0, (new Date(row.now).getTime() - new Date(since).getTime()) / 1000) : 0);
      index = {
        lagSeconds: Math.round(age(row.oldest_unindexed) * 10) / 10,
        oldestUnindexedAt: row.oldest_unindexed ? new Date(row.oldest_unindexed).toISOString() : null,
        unindexedAthletes: Number(row.unindexed_athletes),
        unindexedRequests: Number(row.unindexed_requests),
      };
      const relay = outbox.status();
      outbox_ = {
        unpublished: Number(row.unpublished),
        oldestUnpublishedSeconds: Math.round(age(row.oldest_unpublished) * 10) / 10,
        relayLastSuccessAt: relay.lastSuccessAt?.toISOString() ?? null,
        // Whether this process's relay is failing (the reason stays in the server log).
        relayFailing: relay.lastError !== null,
      };
    }
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database: database_, queue: queue_, index, outbox: outbox_ });
  });
}
