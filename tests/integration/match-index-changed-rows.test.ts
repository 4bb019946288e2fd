import { indexAthlete, indexRequest } from '@app/worker';
import { finishAthleteJob } from '@app/worker/store/match-scores';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { expectedIndex, insertAthletes, insertRandomRequests, randomProfile, seededRandom, storedIndex } from './match-index-fixtures.ts';

/**
 * The athlete job writes only rows whose scores changed (decision 005): a version bump that changes
 * no score writes nothing, the stored athlete version may lag, and the index stays exactly what
 * scorePair gives, also when a job of an older version finishes late.
 */
describe('athlete job: only changed rows are written', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestServices();
    await t.services.outbox.stop();
  });
  afterAll(() => t?.close());

  it('skips unchanged rows, rewrites changed ones, and a late job of an older version removes nothing', async () => {
    const { db } = t.services;
    const rng = seededRandom(5150);
    const athleteIds = await insertAthletes(
      db,
      Array.from({ length: 120 }, (_, i) => randomProfile(rng, i)),
      { outbox: false },
    );
    const coach = await createSignedInUser(t.services, 'coach');
    const requests = await insertRandomRequests(db, coach.id, rng, 6);
    for (const id of requests) await indexRequest(db, { entityId: id });
    const before = await storedIndex(db);
    const athleteId = athleteIds.find((id) => [...before.raw.keys()].filter((k) => k.endsWith(`:${id}`)).length >= 2)!;
    const rowsOf = (index: typeof before) => [...index.raw].filter(([k]) => k.endsWith(`:${athleteId}`));

    // A version bump that changes no score: nothing written or removed, rows as they were.
    const bump = async () =>
      (
        await db
          .updateTable('athletes')
          .set((eb) => ({ version: eb('version', '+', '1') }))
          .where('id', '=', athleteId)
          .returning('version')
          .executeTakeFirstOrThrow()
      ).version;
    const v2 = await bump();
    expect(await indexAthlete(db, { entityId: athleteId, version: v2 })).toEqual({ skipped: false, written: 0, removed: 0, changedRequests: [] });
    const afterBump = await storedIndex(db);
    expect(rowsOf(afterBump)).toEqual(rowsOf(before));
    expect(Object.fromEntries(afterBump.pairs)).toEqual(Object.fromEntries(await expectedIndex(db)));
    expect(
      (await db.selectFrom('athlete_index_state').select('indexed_version').where('athlete_id', '=', athleteId).executeTakeFirstOrThrow()).indexed_version,
    ).toBe(v2);

    // The job of v2 delivered late, after v3 (again no change) was indexed: its removal does not run.
    const v3 = await bump();
    await indexAthlete(db, { entityId: athleteId, version: v3 });
    expect(await finishAthleteJob(db, athleteId, v2, [])).toBe(0);
    expect(await finishAthleteJob(db, athleteId, v2, [], true)).toBe(0);
    expect(rowsOf(await storedIndex(db))).toEqual(rowsOf(before));

    // A score change: the changed rows are written at the new version, the index exact.
    const v4 = (
      await db
        .updateTable('athletes')
        .set((eb) => ({ profile: sql<Record<string, unknown>>`jsonb_set(profile, '{gpa}', to_jsonb(1.2::float8))`, version: eb('version', '+', '1') }))
        .where('id', '=', athleteId)
        .returning('version')
        .executeTakeFirstOrThrow()
    ).version;
    const result = await indexAthlete(db, { entityId: athleteId, version: v4 });
    expect(result.written + result.removed).toBeGreaterThan(0);
    const after = await storedIndex(db);
    expect(Object.fromEntries(after.pairs)).toEqual(Object.fromEntries(await expectedIndex(db)));
    for (const [, row] of rowsOf(after)) expect(row.athlete_version).toBe(v4);
    // Other athletes' rows untouched.
    for (const [key, row] of before.raw) if (!key.endsWith(`:${athleteId}`)) expect(after.raw.get(key)).toEqual(row);

    // The current job's own removal (profile made incomplete) still takes every row, lagging or not.
    const lagging = athleteIds.find((id) => id !== athleteId && [...before.raw.keys()].some((k) => k.endsWith(`:${id}`)))!;
    await db
      .updateTable('athletes')
      .set((eb) => ({ version: eb('version', '+', '1') }))
      .where('id', '=', lagging)
      .execute();
    await indexAthlete(db, { entityId: lagging });
    expect([...(await storedIndex(db)).raw].filter(([k]) => k.endsWith(`:${lagging}`)).every(([, row]) => row.athlete_version === '1')).toBe(true);
    const v = (
      await db
        .updateTable('athletes')
        .set((eb) => ({ profile_completed: false, version: eb('version', '+', '1') }))
        .where('id', '=', lagging)
        .returning('version')
        .executeTakeFirstOrThrow()
    ).version;
    await indexAthlete(db, { entityId: lagging, version: v });
    expect([...(await storedIndex(db)).raw.keys()].filter((k) => k.endsWith(`:${lagging}`))).toEqual([]);
    expect(Object.fromEntries((await storedIndex(db)).pairs)).toEqual(Object.fromEntries(await expectedIndex(db)));
  });
});
