import { agencyRosterGeneration } from '@app/worker/store/roster';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-12-05T15-00_roster-generations.ts';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createAthlete } from './matches-fixtures.ts';

/**
 * Migration 2026-12-05T15-00: the roster generations. Down leaves the roster's tables as they were
 * (no stamp, no trigger, no tombstones); up again stamps every existing row, and then every write
 * of what a roster shows, but not an athlete's version (the index's bookkeeping).
 */
describe('migration 2026-12-05T15-00 (the roster generations)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestServices();
  });
  afterAll(() => ctx?.close());

  it('goes down to unstamped tables and up again to a generation that moves with what a roster shows', async () => {
    const { db } = ctx.services;
    const [lena, mara] = [
      await createAthlete(ctx.services, 'Lena Ortiz', { agency: 'Stampline' }),
      await createAthlete(ctx.services, 'Mara Pons', { agency: 'Stampline' }),
    ];
    const columns = async () =>
      (
        await sql<{ table_name: string }>`select table_name from information_schema.columns where column_name = 'roster_change' order by table_name`.execute(db)
      ).rows.map((row) => row.table_name);
    expect(await columns()).toEqual(['athlete_best_scores', 'athlete_match_counts', 'athlete_news', 'athletes', 'roster_tombstones']);

    await down(db);
    expect(await columns()).toEqual([]);
    expect((await sql`select 1 from pg_tables where tablename = 'roster_tombstones'`.execute(db)).rows).toEqual([]);
    // The athletes' writes work as before.
    await db.updateTable('athletes').set({ age: 20 }).where('id', '=', lena.id).execute();

    await up(db);
    expect(await columns()).toEqual(['athlete_best_scores', 'athlete_match_counts', 'athlete_news', 'athletes', 'roster_tombstones']);
    const unstamped = await sql`select id from athletes where roster_change is null`.execute(db);
    expect(unstamped.rows).toEqual([]);
    const generation = () => agencyRosterGeneration(db, 'Stampline');
    const first = await generation();
    await db
      .updateTable('athletes')
      .set({ version: sql`version + 1` })
      .where('id', '=', lena.id)
      .execute();
    expect(await generation()).toBe(first);
    await db.updateTable('athletes').set({ age: 21 }).where('id', '=', lena.id).execute();
    const second = await generation();
    expect(second).not.toBe(first);
    await db.deleteFrom('users').where('id', '=', mara.id).execute();
    expect(await generation()).not.toBe(second);
    expect((await db.selectFrom('roster_tombstones').select('agency').where('agency', '=', 'Stampline').execute()).length).toBeGreaterThan(0);
  });
});
