import { indexAthlete, indexRequest, rebuildMatchIndex, type Database } from '@app/worker';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import {
  expectedIndex,
  insertAthletes,
  insertRandomRequests,
  randomProfile,
  randomRequestBody,
  seededRandom,
  storedIndex,
  type Random,
} from './match-index-fixtures.ts';

/**
 * match_request_counts (the `all` and `position` views' totals) against a count(*) of the index,
 * and athlete_best_scores (the roster's best-score sort) against max(score) per athlete, after
 * bursts of changes whose jobs run twice and concurrently, and after rebuilds. The index itself is
 * held to scorePair each time, so the counts and maxima are of the right rows.
 */

async function storedCounts(db: Kysely<Database>) {
  const rows = await db.selectFrom('match_request_counts').select(['request_id', 'listed']).where('listed', '<>', 0).orderBy('request_id').execute();
  return Object.fromEntries(rows.map((r) => [r.request_id, Number(r.listed)]));
}

async function countedRows(db: Kysely<Database>) {
  const { rows } = await sql<{
    request_id: string;
    n: string;
  }>`select request_id, count(*) as n from match_scores group by request_id order by request_id`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.request_id, Number(r.n)]));
}

/** Every athlete's stored best score (athlete_best_scores) and, beside it, max(score) of its listed rows. */
async function bestScores(db: Kysely<Database>) {
  const { rows } = await sql<{ id: string; agency: string | null; stored: number | null; computed: number | null; has_row: boolean }>`
    select a.id, b.agency, b.best_score as stored, (select max(ms.score) from match_scores ms where ms.athlete_id = a.id) as computed,
           b.athlete_id is not null as has_row
    from athletes a left join athlete_best_scores b on b.athlete_id = a.id order by a.id`.execute(db);
  return rows;
}

async function expectExactIndexAndCounts(db: Kysely<Database>) {
  const stored = await storedIndex(db);
  expect(Object.fromEntries(stored.pairs)).toEqual(Object.fromEntries(await expectedIndex(db)));
  const counted = await countedRows(db);
  expect(Object.keys(counted).length).toBeGreaterThan(0);
  expect(await storedCounts(db)).toEqual(counted);
  const best = await bestScores(db);
  expect(best.filter((b) => b.computed !== null).length).toBeGreaterThan(10);
  expect(best.filter((b) => !b.has_row || b.stored !== b.computed)).toEqual([]);
  // No athlete's row outlives the athlete (foreign key cascade).
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from athlete_best_scores b where not exists (select 1 from athletes a where a.id = b.athlete_id)`.execute(db);
  expect(Number(rows[0].n)).toBe(0);
}

describe('listed athletes per request (match_request_counts)', () => {
  let t: TestContext;
  let rng: Random;
  let athleteIds: string[];
  let requestIds: string[];
  let coachId: string;

  /** Every job for these ids, each delivered twice, all at once. */
  async function runJobsTwice(athletes: string[], requests: string[]) {
    const { db } = t.services;
    const jobs = () => [...athletes.map((id) => () => indexAthlete(db, { entityId: id })), ...requests.map((id) => () => indexRequest(db, { entityId: id }))];
    await Promise.all([...jobs(), ...jobs().reverse()].map((job) => job()));
  }

  beforeAll(async () => {
    t = await createTestServices();
    await t.services.outbox.stop();
    const { db } = t.services;
    rng = seededRandom(2211);
    athleteIds = await insertAthletes(
      db,
      Array.from({ length: 160 }, (_, i) => randomProfile(rng, i)),
      { outbox: false },
    );
    coachId = (await createSignedInUser(t.services, 'coach')).id;
    requestIds = await insertRandomRequests(db, coachId, rng, 6);
  });
  afterAll(() => t?.close());

  it('equal count(*) after the first jobs, after bursts of athlete and request changes with every job run twice, and after rebuilds', async () => {
    const { db } = t.services;
    await runJobsTwice([], requestIds);
    await expectExactIndexAndCounts(db);

    for (let burst = 0; burst < 3; burst++) {
      // Athletes: GPA moves, profiles made incomplete and complete again, a version bump with no change, an account deleted.
      const changed = athleteIds.filter((_, i) => (i + burst) % 4 === 0);
      for (const [k, id] of changed.entries()) {
        const gpa = [1.5, 2.9, 3.6, 4][(k + burst) % 4];
        const complete = k % 9 !== 3;
        const profile =
          k % 5 === 4 ? sql<Record<string, unknown>>`profile` : sql<Record<string, unknown>>`jsonb_set(profile, '{gpa}', to_jsonb(${gpa}::float8))`;
        await db
          .updateTable('athletes')
          .set((eb) => ({ profile, profile_completed: complete, version: eb('version', '+', '1') }))
          .where('id', '=', id)
          .execute();
      }
      const leaving = changed[burst];
      await db.deleteFrom('users').where('id', '=', leaving).execute();
      athleteIds = athleteIds.filter((id) => id !== leaving);

      // Requests: one changed, one deleted, one new.
      await db
        .updateTable('coach_requests')
        .set((eb) => ({ data: JSON.stringify(randomRequestBody(rng, 'Forward')), version: eb('version', '+', '1') }))
        .where('id', '=', requestIds[burst])
        .execute();
      const deleted = requestIds[requestIds.length - 1];
      await db
        .updateTable('coach_requests')
        .set((eb) => ({ deleted_at: new Date(), version: eb('version', '+', '1') }))
        .where('id', '=', deleted)
        .execute();
      const added = await db
        .insertInto('coach_requests')
        .values({ coach_id: coachId, data: JSON.stringify(randomRequestBody(rng, 'Center Back')) })
        .returning('id')
        .executeTakeFirstOrThrow();

      await runJobsTwice(
        changed.filter((id) => id !== leaving),
        [requestIds[burst], deleted, added.id],
      );
      requestIds = [...requestIds.filter((id) => id !== deleted), added.id];
      await expectExactIndexAndCounts(db);
    }

    // A damaged count or best score is repaired by the rebuild, which also keeps counting afterwards.
    await db.updateTable('match_request_counts').set({ listed: 999 }).execute();
    await db.updateTable('athlete_best_scores').set({ best_score: 1 }).execute();
    await rebuildMatchIndex(db, { pageSize: 23 });
    await expectExactIndexAndCounts(db);
    const again = athleteIds.slice(0, 30);
    for (const id of again) {
      await db
        .updateTable('athletes')
        .set((eb) => ({ profile: sql`jsonb_set(profile, '{gpa}', to_jsonb(${rng.pick([1.8, 3.1, 3.9])}::float8))`, version: eb('version', '+', '1') }))
        .where('id', '=', id)
        .execute();
    }
    await runJobsTwice(again, []);
    await expectExactIndexAndCounts(db);
    await rebuildMatchIndex(db, { threads: 0 });
    await expectExactIndexAndCounts(db);
  });
});
