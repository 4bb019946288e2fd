import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fallbackLogger, type Logger } from '../logger.ts';
import { CONTACT_NOTIFICATION_JOB, INDEX_ATHLETE_JOB, INDEX_REQUEST_JOB, NOTIFY_EVENT_JOB, type JobQueue } from '../queue/queue.ts';
import { requeueUndeliveredEmails } from '../notifications/sweep.ts';
import { refreshBestScores } from './match-scores.ts';
import { pruneRosterTombstones } from './roster-tombstones.ts';

export type OutboxKind = 'athlete' | 'request' | 'contact' | 'notification';

/** Which job each kind of outbox row becomes. */
export const OUTBOX_JOBS: Record<OutboxKind, string> = {
  athlete: INDEX_ATHLETE_JOB,
  request: INDEX_REQUEST_JOB,
  contact: CONTACT_NOTIFICATION_JOB,
  notification: NOTIFY_EVENT_JOB,
};

/**
 * Records, inside the caller's transaction, that something changed. The relay turns the row
 * into a job after the commit, so a change committed while Redis is down (or just before the
 * process died) is still processed later.
 */
export async function recordOutbox(trx: Transaction<Database> | Kysely<Database>, kind: OutboxKind, entityId: string, version: string | number = 0) {
  await trx
    .insertInto('outbox')
    .values({ kind: kind, entity_id: entityId, version: String(version) })
    .execute();
}

/** Deterministic job id: the same change delivered twice collapses into one job. */
export function outboxJobId(kind: string, entityId: string, version: string) {
  return `${kind}-${entityId}-${version}`;
}

/**
 * Publishes unpublished outbox rows as jobs. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * any number of relays (API processes, workers) can run; rows are marked published only after
 * the queue accepted their jobs (in one bulk add: all or none). A relay that dies mid-pass leaves
 * its rows unpublished (the transaction rolls back) and a job added twice collapses by its id,
 * so every change becomes a job at least once. Returns how many rows were published; throws
 * when the queue refused them (they stay for the next pass).
 */
export async function relayOutboxOnce(db: Kysely<Database>, queue: JobQueue, batchSize = 500, log: Logger = fallbackLogger): Promise<number> {
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
    // A kind no job handles would block the outbox forever: it is logged and passed over.
    const known = rows.filter((row) => {
      if (row.kind in OUTBOX_JOBS) return true;
      log.error(`[outbox] no job for kind ${JSON.stringify(row.kind)} (row ${row.id}); skipped`);
      return false;
    });
    await queue.addBulk(
      known.map((row) => ({
        name: OUTBOX_JOBS[row.kind],
        data: { entityId: row.entity_id, version: row.version },
        jobId: outboxJobId(row.kind, row.entity_id, row.version),
      })),
    );
    await trx
      .updateTable('outbox')
      .set({ published_at: sql`now()` })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.length;
  });
}

/** Published rows are kept this long (for inspection), then pruned by the relay. */
const OUTBOX_RETENTION_DAYS = 7;
/** How often the relay prunes: published outbox rows past retention, and superseded roster tombstones. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** How often the relay looks for changes whose index job was lost, and how old they must be. */
const SWEEP_EVERY_MS = 30 * 1000;
export const STALE_INDEX_AFTER_MS = 60 * 1000;

/**
 * The safety net behind the outbox: an athlete or request whose change was published but is
 * still not indexed a minute later (its job failed all its retries, e.g. through a long database
 * outage, or was lost with a Redis that kept nothing) gets a new job. Jobs are idempotent, so a
 * late duplicate is harmless; ids collapse within one sweep window across relays.
 */
export async function requeueStaleIndexJobs(db: Kysely<Database>, queue: JobQueue, staleAfterMs = STALE_INDEX_AFTER_MS, limit = 500): Promise<number> {
  const seconds = staleAfterMs / 1000;
  const { rows } = await sql<{ kind: 'athlete' | 'request'; entity_id: string; version: string }>`
    (select 'athlete' as kind, a.id as entity_id, a.version
       from athlete_index_state s join athletes a on a.id = s.athlete_id
      where s.indexed_version < s.version
        and a.updated_at <= now() - make_interval(secs => ${seconds})
        and not exists (select 1 from outbox o where o.published_at is null and o.entity_id = a.id)
      limit ${limit})
    union all
    (select 'request', r.id, r.version
       from coach_requests r
      where r.indexed_version < r.version
        and greatest(r.created_at, r.updated_at, r.deleted_at) <= now() - make_interval(secs => ${seconds})
        and not exists (select 1 from outbox o where o.published_at is null and o.entity_id = r.id)
      limit ${limit})`.execute(db);
  if (rows.length === 0) return 0;
  const window = Math.floor(Date.now() / SWEEP_EVERY_MS);
  await queue.addBulk(
    rows.map((row) => ({
      name: OUTBOX_JOBS[row.kind],
      data: { entityId: row.entity_id, version: row.version },
      jobId: `${outboxJobId(row.kind, row.entity_id, row.version)}-sweep${window}`,
    })),
  );
  return rows.length;
}

/** Deletes published rows older than the retention, oldest first, a bounded batch at a time. */
export async function pruneOutbox(db: Kysely<Database>, retentionDays = OUTBOX_RETENTION_DAYS, batch = 5000): Promise<number> {
  const result = await sql`
    delete from outbox where id in (
      select id from outbox
      where published_at is not null and published_at < now() - make_interval(days => ${retentionDays})
      order by id limit ${batch})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface OutboxRelayStatus {
  /** When a pass last finished without error (null before the first). */
  lastSuccessAt: Date | null;
  /** The last failure (queue or database unavailable), cleared by the next successful pass. */
  lastError: string | null;
  published: number;
}

export interface OutboxRelay {
  /** Relay soon (after a write committed). */
  kick(): void;
  status(): OutboxRelayStatus;
  /** Relay until nothing is left (tests, scripts). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Polls the outbox every `intervalMs` and whenever kicked; one pass at a time per process. While
 * the queue is down, each poll tries again (so changes flow as soon as Redis is back), and the
 * failure is logged once per outage rather than every second.
 */
export function startOutboxRelay(
  db: Kysely<Database>,
  queue: JobQueue,
  options: { intervalMs?: number; sweepEveryMs?: number; log?: Logger } = {},
): OutboxRelay {
  const intervalMs = options.intervalMs ?? 1000;
  const sweepEveryMs = options.sweepEveryMs ?? SWEEP_EVERY_MS;
  const log = options.log ?? fallbackLogger;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  let lastSweep = Date.now();
  const state: OutboxRelayStatus = { lastSuccessAt: null, lastError: null, published: 0 };

  const pass = async () => {
    do {
      again = false;
      let n: number;
      do {
        n = await relayOutboxOnce(db, queue, undefined, log);
        state.published += n;
      } while (n > 0 && !stopped);
    } while (again && !stopped);
    if (Date.now() - lastSweep >= sweepEveryMs) {
      lastSweep = Date.now();
      const requeued = await requeueStaleIndexJobs(db, queue);
      if (requeued) log.warn(`[outbox] requeued ${requeued} change(s) whose index job was lost`);
      const emails = await requeueUndeliveredEmails(db, queue, Math.floor(Date.now() / SWEEP_EVERY_MS));
      if (emails) log.warn(`[outbox] requeued ${emails} notification(s) with an email still unsent`);
      // The index jobs refresh the best scores their writes change; this catches the rest (rows
      // gone with a deleted account, a job that died before its refresh).
      await refreshBestScores(db);
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneOutbox(db);
      await pruneRosterTombstones(db);
    }
  };
  const trigger = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .then(() => {
        if (state.lastError) log.info('[outbox] relay recovered');
        state.lastError = null;
        state.lastSuccessAt = new Date();
      })
      .catch((error) => {
        const message = error instanceof Error ? error.message : String(error);
        if (state.lastError === null) log.warn({ err: error }, '[outbox] relay pass failed; retrying every poll');
        state.lastError = message;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void trigger(), intervalMs);
  timer.unref();
  return {
    kick: () => void trigger(),
    status: () => ({ ...state }),
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
