import { indexAthlete, indexRequest } from '@app/worker';
import { refreshBestScores } from '@app/worker/store/match-scores';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-12-07T11-00_match-scores-keyed-by-athlete.ts';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { expectedIndex, insertAthletes, insertRandomRequests, randomProfile, seededRandom, storedIndex } from './match-index-fixtures.ts';

/**
 * Migration 2026-12-07T11-00: match_scores' primary key is (athlete_id, request_id) INCLUDE
 * (score), and the (athlete_id, score desc) index it replaces is gone. Down and up keep every row;
 * on the new key the index jobs' upserts (conflict target (request_id, athlete_id)), the pair's
 * uniqueness and the best scores work as before.
 */
describe('migration 2026-12-07T11-00 (match_scores keyed by athlete)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestServices();
    await t.services.outbox.stop();
  });
  afterAll(() => t?.close());

  it('keeps the rows both ways, and the jobs, the key and the best scores work on the new key', async () => {
    const { db } = t.services;
    const rng = seededRandom(1107);
    const athleteIds = await insertAthletes(
      db,
      Array.from({ length: 60 }, (_, i) => randomProfile(rng, i)),
      { outbox: false },
    );
    const coach = await createSignedInUser(t.services, 'coach');
    for (const id of await insertRandomRequests(db, coach.id, rng, 4)) await indexRequest(db, { entityId: id });
    const before = Object.fromEntries((await storedIndex(db)).pairs);
    expect(Object.keys(before).length).toBeGreaterThan(0);

    const shape = async () => ({
      key: (await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'match_scores_pkey'`.execute(db)).rows.map(
        (r) => r.def,
      ),
      indexes: (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'match_scores' order by 1`.execute(db)).rows.map(
        (r) => r.name,
      ),
    });
    const newShape = {
      key: ['PRIMARY KEY (athlete_id, request_id) INCLUDE (score)'],
      indexes: ['match_scores_pkey', 'match_scores_position_idx', 'match_scores_rank_idx'],
    };
    expect(await shape()).toEqual(newShape);

    await down(db);
    expect(await shape()).toEqual({
      key: ['PRIMARY KEY (request_id, athlete_id)'],
      indexes: ['match_scores_athlete_score_idx', 'match_scores_pkey', 'match_scores_position_idx', 'match_scores_rank_idx'],
    });
    expect(Object.fromEntries((await storedIndex(db)).pairs)).toEqual(before);
    await up(db);
    expect(await shape()).toEqual(newShape);
    expect(Object.fromEntries((await storedIndex(db)).pairs)).toEqual(before);

    // An athlete job rewrites the athlete's pairs through the upsert: the index is scorePair's.
    const athleteId = athleteIds.find((id) => Object.keys(before).some((k) => k.endsWith(`:${id}`)))!;
    const { version } = await db
      .updateTable('athletes')
      .set((eb) => ({ version: eb('version', '+', '1'), updated_at: new Date() }))
      .where('id', '=', athleteId)
      .returning('version')
      .executeTakeFirstOrThrow();
    await indexAthlete(db, { entityId: athleteId, version });
    expect(Object.fromEntries((await storedIndex(db)).pairs)).toEqual(Object.fromEntries(await expectedIndex(db)));

    // A pair is still stored once.
    const [pairKey] = Object.keys(before);
    const [requestId, pairAthlete] = pairKey.split(':');
    await expect(
      sql`insert into match_scores select * from match_scores where request_id = ${requestId} and athlete_id = ${pairAthlete}`.execute(db),
    ).rejects.toMatchObject({ code: '23505' });

    // Every athlete's best score is the maximum of its rows, read through the new key.
    await refreshBestScores(db, true);
    const best = await sql<{ athlete_id: string; best_score: number | null; max: number | null }>`
      select b.athlete_id, b.best_score, (select max(score) from match_scores m where m.athlete_id = b.athlete_id) as max
      from athlete_best_scores b`.execute(db);
    expect(best.rows.filter((r) => r.best_score !== null).length).toBeGreaterThan(0);
    for (const row of best.rows) expect(row.best_score).toBe(row.max);
  });
});
