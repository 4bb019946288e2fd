import { indexRequest } from '@app/worker';
import { requestListGeneration } from '@app/worker/store/match-scores';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-12-05T13-00_list-generations.ts';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createAthlete, createCoach, createRequest, listedScoreRow } from './matches-fixtures.ts';

/**
 * Migration 2026-12-05T13-00: the list generations. Down leaves the listed count kept as before
 * (its trigger function restored without the generation); up again moves the generation on every
 * insert, delete and update of a request's rows.
 */
describe('migration 2026-12-05T13-00 (the list generations)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestServices();
  });
  afterAll(() => ctx?.close());

  it('goes down to the listed count alone and up again to the generations', async () => {
    const { db } = ctx.services;
    const coach = await createCoach(ctx.services, 'Rita', 'Moss');
    const athletes = [await createAthlete(ctx.services, 'Lena Ortiz'), await createAthlete(ctx.services, 'Mara Pons')];
    const requestId = await createRequest(ctx.services, coach.id);
    const listed = async () =>
      Number((await db.selectFrom('match_request_counts').select('listed').where('request_id', '=', requestId).executeTakeFirst())?.listed ?? 0);
    const dropOne = () => db.deleteFrom('match_scores').where('request_id', '=', requestId).where('athlete_id', '=', athletes[0].id).execute();

    await down(db);
    await indexRequest(db, { entityId: requestId });
    expect(await listed()).toBe(2);
    await dropOne();
    expect(await listed()).toBe(1);
    const { rows } = await sql<{ n: string }>`select count(*) as n from information_schema.tables where table_name = 'match_list_updates'`.execute(db);
    expect(Number(rows[0].n)).toBe(0);

    await up(db);
    const seen = [await requestListGeneration(db, requestId, coach.id)];
    await db
      .insertInto('match_scores')
      .values(listedScoreRow(requestId, athletes[0].id, 75))
      .execute();
    seen.push(await requestListGeneration(db, requestId, coach.id));
    await db.updateTable('match_scores').set({ score: 90 }).where('request_id', '=', requestId).execute();
    seen.push(await requestListGeneration(db, requestId, coach.id));
    await dropOne();
    seen.push(await requestListGeneration(db, requestId, coach.id));
    expect(new Set(seen).size).toBe(4);
    expect(await listed()).toBe(1);
  });
});
