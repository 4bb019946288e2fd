import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createLogger,
  indexAthlete,
  indexRequest,
  pruneOutbox,
  recordOutbox,
  startBullWorker,
  startOutboxRelay,
  type Database,
  type JobQueue,
} from '@app/worker';
import type { Worker } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countRows } from '../support/count.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { startRedisProxy } from '../support/redis-proxy.ts';
import { noRedis, redisUrl } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';
import {
  expectedIndex,
  insertAthletes,
  randomProfile,
  randomRequestBody,
  seededRandom,
  sessionFor,
  storedIndex,
  waitForIndex,
} from './match-index-fixtures.ts';

/**
 * Faults the match index must survive without losing or corrupting a change: a worker killed in
 * the middle of its work, Redis going away while profiles change, the same change delivered
 * twice. After each, the index must equal what the domain's scoring function gives.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sorted<T>(map: Map<string, T>) {
  return Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function expectIndexCorrect(db: Kysely<Database>) {
  const expected = await expectedIndex(db);
  expect(sorted((await storedIndex(db)).pairs)).toEqual(sorted(expected));
  return expected;
}

/** Requests written as the API writes them (row + outbox row in one transaction), without relaying. */
async function insertRequests(db: Kysely<Database>, coachId: string, bodies: Array<Record<string, unknown>>) {
  const ids: string[] = [];
  for (const body of bodies) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('coach_requests')
        .values({ coach_id: coachId, data: JSON.stringify(body), urgent: body.urgent === true })
        .returning(['id', 'version'])
        .executeTakeFirstOrThrow();
      await recordOutbox(trx, 'request', row.id, row.version);
      ids.push(row.id);
    });
  }
  return ids;
}

/** A broad request: many athletes qualify, so its job runs long enough to be interrupted. */
const broadRequest = (rng: ReturnType<typeof seededRandom>, position: 'Forward' | 'Center Back' | 'Attacking Midfield' | 'Goalkeeper') => ({
  ...randomRequestBody(rng, position, false),
  teamCategories: [],
  ageMin: 16,
  ageMax: 35,
  openToTransfer: true,
  notes: 'min GPA 2.0',
});

describe.skipIf(noRedis)('a worker process killed (SIGKILL) in the middle of indexing', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  const output: string[] = [];

  function startWorkerProcess(): ChildProcess {
    const { config } = t.services;
    // `tsx worker/src/main.ts` as one process (tsx as a loader), so signals reach the worker
    // itself and its exit code is the worker's.
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: config.DATABASE_URL,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: config.QUEUE_PREFIX,
        WORKER_CONCURRENCY: '2',
        WORKER_LOCK_MS: '2000',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => output.push(String(d)));
    child.stderr.on('data', (d) => output.push(String(d)));
    children.push(child);
    return child;
  }
  const exited = (child: ChildProcess) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
      else child.once('exit', (code, signal) => resolve({ code, signal }));
    });

  beforeAll(async () => {
    t = await createTestApp({ redis: true });
    // This process plays an API that died right after its commits: it never relays the outbox.
    await t.services.outbox.stop();
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await t?.close();
  });

  it('leaves a complete and correct index after a restart, and stops gracefully on SIGTERM', { timeout: 180_000 }, async () => {
    const { db } = t.services;
    const rng = seededRandom(99);
    // Athletes already indexed before any request existed (no rows to write for them).
    const ids = await insertAthletes(
      db,
      Array.from({ length: 6000 }, (_, i) => randomProfile(rng, i)),
      { outbox: false },
    );
    await db
      .updateTable('athlete_index_state')
      .set((eb) => ({ indexed_version: eb.ref('version') }))
      .where('athlete_id', 'in', ids)
      .execute();
    const coach = await createSignedInUser(t.services, 'coach');
    const requestIds = await insertRequests(db, coach.id, [
      broadRequest(rng, 'Forward'),
      broadRequest(rng, 'Center Back'),
      broadRequest(rng, 'Attacking Midfield'),
      broadRequest(rng, 'Goalkeeper'),
      { ...broadRequest(rng, 'Forward'), urgent: true },
    ]);

    const first = startWorkerProcess();
    // Kill as soon as the worker has written part of the index and not finished it.
    let partial: { rows: number; unindexed: number } | null = null;
    const deadline = Date.now() + 60_000;
    while (!partial && Date.now() < deadline) {
      const rows = await countRows(db.selectFrom('match_scores'));
      const unindexed = await countRows(db.selectFrom('coach_requests').whereRef('indexed_version', '<', 'version'));
      if (rows > 0 && unindexed > 0) partial = { rows, unindexed };
      else await new Promise((r) => setTimeout(r, 5));
    }
    expect(partial, output.join('')).not.toBeNull();
    first.kill('SIGKILL');
    expect((await exited(first)).signal).toBe('SIGKILL');
    // The kill interrupted the work: some request is still not indexed.
    const stillUnindexed = await db.selectFrom('coach_requests').select('id').whereRef('indexed_version', '<', 'version').execute();
    expect(stillUnindexed.length).toBeGreaterThan(0);

    const second = startWorkerProcess();
    await waitForIndex(db, 120_000);
    const expected = await expectIndexCorrect(db);
    expect(expected.size).toBeGreaterThan(1000);
    for (const id of requestIds) expect([...expected.keys()].some((k) => k.startsWith(`${id}:`))).toBe(true);

    second.kill('SIGTERM');
    const end = await exited(second);
    expect(end, output.join('')).toEqual({ code: 0, signal: null });
    expect(output.join('')).toContain('SIGTERM: finishing active jobs');
  });
});

describe.skipIf(noRedis)('Redis unavailable while profiles and requests change', () => {
  let t: TestApp;
  let worker: Worker;
  let proxy: Awaited<ReturnType<typeof startRedisProxy>>;
  beforeAll(async () => {
    proxy = await startRedisProxy(new URL(redisUrl!));
    t = await createTestApp({ redis: true, env: { REDIS_URL: proxy.url } });
    worker = startBullWorker(proxy.url, t.services.processors, 2, t.services.config.QUEUE_PREFIX, { log: createLogger('silent') });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await proxy?.close();
  });

  it('answers every write while Redis is down and indexes every change once it is back', { timeout: 120_000 }, async () => {
    const { db } = t.services;
    const rng = seededRandom(5);
    const profiles = Array.from({ length: 300 }, (_, i) => randomProfile(rng, i));
    const ids = await insertAthletes(db, profiles);
    const coach = await createSignedInUser(t.services, 'coach');
    const create = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/coach/requests', headers: { cookie: coach.cookie }, payload: body });
    const kept = (await create(broadRequest(rng, 'Forward'))).json()._id;
    const doomed = (await create(broadRequest(rng, 'Center Back'))).json()._id;
    t.services.outbox.kick();
    await waitForIndex(db);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await proxy.cut();
    // Profiles change, a request is created and another deleted: every write is answered.
    for (const [k, id] of ids.slice(0, 5).entries()) {
      const cookie = await sessionFor(db, id, 'athlete');
      const { email: _email, ...profile } = profiles[k] as Record<string, unknown>;
      const res = await t.app.inject({ method: 'PUT', url: '/api/athlete/profile', headers: { cookie }, payload: { ...profile, gpa: k % 2 ? 4 : 2.1 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const created = await create(broadRequest(rng, 'Attacking Midfield'));
    expect(created.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/coach/requests/${doomed}`, headers: { cookie: coach.cookie } })).statusCode).toBe(204);

    // Nothing could be enqueued: the changes wait in the outbox, and health says so.
    await t.services.outbox.drain();
    const waiting = await db.selectFrom('outbox').select(['kind', 'entity_id']).where('published_at', 'is', null).execute();
    expect(waiting.length).toBe(7);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      queue: { status: 'down' },
      outbox: { unpublished: 7, relayFailing: true },
      index: { unindexedAthletes: 5, unindexedRequests: 2 },
    });
    expect(health.json().index.lagSeconds).toBeGreaterThanOrEqual(0);

    await proxy.restore();
    await waitForIndex(db, 60_000);
    await expectIndexCorrect(db);
    expect(await db.selectFrom('match_scores').select('athlete_id').where('request_id', '=', doomed).execute()).toEqual([]);
    expect((await db.selectFrom('match_scores').select('athlete_id').where('request_id', '=', created.json()._id).execute()).length).toBeGreaterThan(0);
    expect((await db.selectFrom('match_scores').select('athlete_id').where('request_id', '=', kept).execute()).length).toBeGreaterThan(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      index: { lagSeconds: 0, unindexedAthletes: 0, unindexedRequests: 0 },
      outbox: { unpublished: 0, relayFailing: false },
    });
    // Jobs done in total (the workers' metrics): at least one per change indexed. A job writes
    // its index before BullMQ moves it to completed, so the last one may still count as active
    // for a moment after the index is whole.
    await vi.waitFor(
      async () => {
        const queue = (await t.app.inject({ method: 'GET', url: '/api/health' })).json().queue;
        expect(queue).toMatchObject({ waiting: 0, active: 0, failed: 0 });
        expect(queue.completed).toBeGreaterThanOrEqual(300 + 2 + 7);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});

describe('a queue that refuses jobs (in-process queue behind a failing adapter)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('keeps every change in the outbox while adding fails, then indexes all of them', async () => {
    const { db } = t.services;
    // The services' own relay is replaced by one whose queue is down until told otherwise.
    await t.services.outbox.stop();
    let down = true;
    const real = t.services.queue;
    const flaky: JobQueue = {
      ...real,
      add: (...args) => (down ? Promise.reject(new Error('queue unavailable')) : real.add(...args)),
      addBulk: (jobs) => (down ? Promise.reject(new Error('queue unavailable')) : real.addBulk(jobs)),
    };
    const relay = startOutboxRelay(db, flaky, { intervalMs: 50, log: createLogger('silent') });
    try {
      const rng = seededRandom(11);
      await insertAthletes(
        db,
        Array.from({ length: 120 }, (_, i) => randomProfile(rng, i)),
      );
      const coach = await createSignedInUser(t.services, 'coach');
      await insertRequests(db, coach.id, [broadRequest(rng, 'Forward'), broadRequest(rng, 'Goalkeeper')]);
      await relay.drain();
      expect(relay.status().lastError).toBe('queue unavailable');
      expect(await countRows(db.selectFrom('outbox').where('published_at', 'is', null))).toBe(122);

      down = false;
      await waitForIndex(db);
      expect(relay.status().lastError).toBeNull();
      const expected = await expectIndexCorrect(db);
      expect(expected.size).toBeGreaterThan(10);
    } finally {
      await relay.stop();
    }
  });
});

describe('an outbox row no job handles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is passed over instead of blocking the changes behind it', async () => {
    const { db } = t.services;
    await db
      .insertInto('outbox')
      .values({ kind: 'mystery' as 'athlete', entity_id: '00000000-0000-4000-8000-000000000001', version: '1' })
      .execute();
    const rng = seededRandom(21);
    await insertAthletes(
      db,
      Array.from({ length: 30 }, (_, i) => randomProfile(rng, i)),
    );
    const coach = await createSignedInUser(t.services, 'coach');
    await insertRequests(db, coach.id, [broadRequest(rng, 'Forward')]);
    const failedBefore = (await t.services.queue.stats()).failed;
    await t.services.outbox.drain();
    await waitForIndex(db);
    await t.services.queue.whenIdle();
    expect(await db.selectFrom('outbox').select('kind').where('published_at', 'is', null).execute()).toEqual([]);
    // No job was made of it (one would fail for want of a processor).
    expect((await t.services.queue.stats()).failed).toBe(failedBefore);
    await expectIndexCorrect(db);
  });
});

describe("the outbox's retention", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('prunes published rows past the retention, oldest first, a batch at a time; keeps the rest', async () => {
    const { db } = t.services;
    await t.services.outbox.stop();
    await db.deleteFrom('outbox').execute();
    const row = (days: number | null, n: number) => ({
      kind: 'athlete' as const,
      entity_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      version: '1',
      published_at: days === null ? null : sql<Date>`now() - make_interval(days => ${days})`,
    });
    // Published 10, 9 and 8 days ago (past the seven days'), 6 days ago, and never.
    await db
      .insertInto('outbox')
      .values([row(10, 1), row(9, 2), row(8, 3), row(6, 4), row(null, 5)])
      .execute();
    const left = async () => (await db.selectFrom('outbox').select('entity_id').orderBy('entity_id').execute()).map((r) => Number(r.entity_id.slice(-12)));
    expect(await pruneOutbox(db, 7, 2)).toBe(2);
    expect(await left()).toEqual([3, 4, 5]);
    expect(await pruneOutbox(db)).toBe(1);
    expect(await pruneOutbox(db)).toBe(0);
    expect(await left()).toEqual([4, 5]);
  });
});

describe('the same change delivered twice', () => {
  let t: TestApp;
  let athleteIds: string[];
  let requestIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    const rng = seededRandom(3);
    athleteIds = await insertAthletes(
      db,
      Array.from({ length: 150 }, (_, i) => randomProfile(rng, i)),
    );
    const coach = await createSignedInUser(t.services, 'coach');
    requestIds = await insertRequests(db, coach.id, [broadRequest(rng, 'Forward'), broadRequest(rng, 'Center Back'), randomRequestBody(rng, 'Winger')]);
    t.services.outbox.kick();
    await waitForIndex(db);
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    await waitForIndex(t.services.db);
  });

  it('changes nothing when the outbox publishes the same events again', async () => {
    const { db } = t.services;
    const before = (await storedIndex(db)).raw;
    expect(before.size).toBeGreaterThan(10);
    // Every event re-recorded (a relay that died after enqueueing, before marking published).
    await db
      .insertInto('outbox')
      .values([
        ...athleteIds.map((id) => ({ kind: 'athlete' as const, entity_id: id, version: '1' })),
        ...requestIds.map((id) => ({ kind: 'request' as const, entity_id: id, version: '1' })),
      ])
      .execute();
    await t.services.outbox.drain();
    await t.services.queue.whenIdle();
    await waitForIndex(db);
    expect(Object.fromEntries((await storedIndex(db)).raw)).toEqual(Object.fromEntries(before));
  });

  it('gives the same index when a job runs twice, even after a crash before it was marked done', async () => {
    const { db } = t.services;
    const before = await storedIndex(db);
    // Delivered again: recognised as done.
    expect(await indexRequest(db, { entityId: requestIds[0], version: '1' })).toMatchObject({ skipped: true });
    expect(await indexAthlete(db, { entityId: athleteIds[0], version: '1' })).toMatchObject({ skipped: true });
    // Crashed after writing, before marking: the jobs run again in full.
    await db.updateTable('coach_requests').set({ indexed_version: '0' }).execute();
    await db.updateTable('athlete_index_state').set({ indexed_version: '0' }).where('athlete_id', 'in', athleteIds.slice(0, 20)).execute();
    for (const id of requestIds) expect(await indexRequest(db, { entityId: id, version: '1' })).toMatchObject({ skipped: false, removed: 0 });
    for (const id of athleteIds.slice(0, 20)) expect(await indexAthlete(db, { entityId: id, version: '1' })).toMatchObject({ skipped: false, removed: 0 });
    const after = await storedIndex(db);
    expect(sorted(after.pairs)).toEqual(sorted(before.pairs));
    expect([...after.raw.keys()].sort()).toEqual([...before.raw.keys()].sort());
  });
});
