import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** GET /api/health: database and queue reachability (200 when both answer, else 503). */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (_request, reply) => {
    const { db, queue, database } = app.services;
    const database_ = await sql`select 1`
      .execute(db)
      .then(() => ({ status: 'up' as const, embedded: database.embedded }))
      .catch(() => ({ status: 'down' as const, embedded: database.embedded }));
    const queue_ = await queue
      .stats()
      .then((stats) => ({ status: 'up' as const, kind: queue.kind, ...stats }))
      .catch(() => ({ status: 'down' as const, kind: queue.kind }));
    const ok = database_.status === 'up' && queue_.status === 'up';
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database: database_, queue: queue_ });
  });
}
