import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile, createCoach, createRequest } from './matches-fixtures.ts';
import { expectedIndex, storedIndex, waitForIndex } from './match-index-fixtures.ts';
import { requeueStaleIndexJobs } from '@app/worker';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * Postgres connections dropped while profiles are being saved: every save either happened
 * whole (profile, version and outbox row together) or not at all, the API keeps answering, and
 * the index ends equal to the scoring function's.
 */
describe.skipIf(noPostgresServer)('Postgres connections dropped during writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('keeps each save all-or-nothing and recovers', async () => {
    const { db, database } = t.services;
    const coach = await createCoach(t.services);
    await createRequest(t.services, coach.id, { positions: ['Forward'], teamCategories: [] });
    const athlete = await createSignedInUser(t.services, 'athlete', { fullName: 'Dropped Connection' });
    const save = (gpa: number) => {
      const { email: _email, ...profile } = completeProfile('Dropped Connection', athlete.email, { gpa });
      return t.app.inject({ method: 'PUT', url: '/api/athlete/profile', headers: { cookie: athlete.cookie }, payload: profile });
    };

    // A separate connection keeps killing the app's connections while saves go on.
    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    let killing = true;
    let kills = 0;
    const killLoop = (async () => {
      while (killing) {
        const { rowCount } = await killer.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        kills += rowCount ?? 0;
        await new Promise((r) => setTimeout(r, 15));
      }
    })();

    const outcomes: Array<{ gpa: number; status: number }> = [];
    for (let i = 0; i < 40; i++) {
      const gpa = Math.round((2 + (i % 20) / 10) * 10) / 10;
      const res = await save(gpa);
      outcomes.push({ gpa, status: res.statusCode });
      // A failure is a clear 5xx, never a hang or a half answer.
      if (res.statusCode !== 200) expect(res.statusCode, res.body).toBe(500);
    }
    killing = false;
    await killLoop;
    await killer.end();
    expect(kills).toBeGreaterThan(0);

    // The pool recovers: the next save goes through.
    const final = await save(3.9);
    expect(final.statusCode, final.body).toBe(200);

    // Each committed save bumped the version once and wrote exactly one outbox row with it.
    const row = await db.selectFrom('athletes').select(['version', 'profile']).where('id', '=', athlete.id).executeTakeFirstOrThrow();
    expect((row.profile as { gpa: number }).gpa).toBe(3.9);
    const outbox = await db.selectFrom('outbox').select('version').where('entity_id', '=', athlete.id).where('kind', '=', 'athlete').orderBy('id').execute();
    const versions = outbox.map((o) => Number(o.version));
    expect(new Set(versions).size).toBe(versions.length);
    expect(Math.max(...versions)).toBe(Number(row.version));
    expect(versions.length).toBe(Number(row.version) - 1);
    expect(versions.length).toBeGreaterThanOrEqual(outcomes.filter((o) => o.status === 200).length + 1);

    // Index jobs that ran out of retries while the database was unreachable are requeued by the
    // relay's sweep (every 30 s for changes older than a minute); run it now, without the wait.
    t.services.outbox.kick();
    await t.services.outbox.drain();
    await t.services.queue.whenIdle();
    await requeueStaleIndexJobs(db, t.services.queue, 0);
    await waitForIndex(db, 50_000);
    const expected = await expectedIndex(db);
    const stored = (await storedIndex(db)).pairs;
    expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(expected));
    // The app still reads and writes normally.
    expect((await sql`select 1 as ok`.execute(db)).rows).toEqual([{ ok: 1 }]);
  });
});
