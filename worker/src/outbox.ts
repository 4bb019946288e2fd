import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, OutboxTable } from './db/schema.ts';
import type { JobQueue } from './queue/queue.ts';

export type OutboxKind = 'athlete' | 'request' | 'contact';

/** Which job each kind of outbox row becomes. */
export const OUTBOX_JOBS: Record<OutboxKind, string> = {
  athlete: 'index.athlete',
  request: 'index.request',
  contact: 'mail.contact',
};

/**
 * Records, inside the caller's transaction, that something changed. The relay turns the row
 * into a job after the commit, so a change committed while Redis is down (or just before the
 * process died) is still processed later.
 */
export async function recordOutbox(trx: Transaction<Database> | Kysely<Database>, kind: OutboxKind, entityId: string, version: string | number = 0) {
  await trx
    .insertInto('outbox')
    .values({ kind: kind as OutboxTable['kind'], entity_id: entityId, version: String(version) })
    .execute();
}

/** Deterministic job id: the same change delivered twice collapses into one job. */
export function outboxJobId(kind: string, entityId: string, version: string) {
  return `${kind}-${entityId}-${version}`;
}

/**
 * Publishes unpublished outbox rows as jobs. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * any number of relays (API processes, workers) can run; a row is marked published only after
 * its job was accepted by the queue. Returns how many rows were published.
 */
export async function relayOutboxOnce(db: Kysely<Database>, queue: JobQueue, batchSize = 500): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('outbox')
      .select(['id', 'kind', 'entity_id', 'version'])
      .where('published_at', 'is', null)
      .orderBy('id')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return 0;
    const published: string[] = [];
    for (const row of rows) {
      const name = OUTBOX_JOBS[row.kind as OutboxKind];
      try {
        await queue.add(name, { entityId: row.entity_id, version: row.version }, { jobId: outboxJobId(row.kind, row.entity_id, row.version) });
        published.push(row.id);
      } catch {
        break; // queue unavailable: leave the rest for the next pass
      }
    }
    if (published.length) {
      await trx.updateTable('outbox').set({ published_at: sql`now()` }).where('id', 'in', published).execute();
    }
    return published.length;
  });
}

export interface OutboxRelay {
  /** Relay soon (after a write committed). */
  kick(): void;
  /** Relay until nothing is left (tests, scripts). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** Polls the outbox every `intervalMs` and whenever kicked; one pass at a time per process. */
export function startOutboxRelay(db: Kysely<Database>, queue: JobQueue, options: { intervalMs?: number; log?: (m: string, e?: unknown) => void } = {}): OutboxRelay {
  const intervalMs = options.intervalMs ?? 1000;
  const log = options.log ?? ((m, e) => console.error(m, e));
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const pass = async () => {
    do {
      again = false;
      let n: number;
      do {
        n = await relayOutboxOnce(db, queue);
      } while (n > 0 && !stopped);
    } while (again && !stopped);
  };
  const trigger = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error) => log('[outbox] relay pass failed', error))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(trigger, intervalMs);
  timer.unref();
  return {
    kick: () => void trigger(),
    async drain() {
      await trigger();
      while (running) await running;
      await trigger();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
