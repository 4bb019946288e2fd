import { indexHealth } from '@app/worker/store/health';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-12-06T03-30_athlete-index-state.ts';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createAthlete } from './matches-fixtures.ts';

/**
 * Migration 2026-12-06T03-30: an athlete's index bookkeeping in athlete_index_state. Its triggers
 * keep each athlete's version there (new athletes, changed versions); down puts the marks back on
 * `athletes` and up moves them out again, nothing lost either way.
 */
describe('migration 2026-12-06T03-30 (athlete_index_state)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestServices();
  });
  afterAll(() => ctx?.close());

  it("follows every athlete's version, keeps the index's marks across down and up, and goes with the athlete", async () => {
    const { db } = ctx.services;
    const [lena, mara] = [await createAthlete(ctx.services, 'Lena Ortiz'), await createAthlete(ctx.services, 'Mara Pons')];
    const state = async () =>
      (
        await sql<{ id: string; version: string; indexed_version: string }>`
          select a.id, s.version, s.indexed_version from athletes a left join athlete_index_state s on s.athlete_id = a.id
          where a.id in (${lena.id}, ${mara.id}) order by a.full_name`.execute(db)
      ).rows;
    const versions = async () =>
      (await db.selectFrom('athletes').select(['id', 'version']).where('id', 'in', [lena.id, mara.id]).orderBy('full_name').execute()).map((a) => a.version);

    // A new athlete has a row, at its version, not indexed; a version bump follows, another write does not.
    expect((await state()).map((s) => s.version)).toEqual(await versions());
    await db
      .updateTable('athletes')
      .set({ version: sql`version + 2` })
      .where('id', '=', lena.id)
      .execute();
    await db.updateTable('athletes').set({ age: 22 }).where('id', '=', mara.id).execute();
    expect((await state()).map((s) => s.version)).toEqual(await versions());
    // Lena indexed, Mara not.
    await db
      .updateTable('athlete_index_state')
      .set({ indexed_version: sql`version` })
      .where('athlete_id', '=', lena.id)
      .execute();
    await db.updateTable('athlete_index_state').set({ indexed_version: '0' }).where('athlete_id', '=', mara.id).execute();
    const marked = await state();
    const unindexed = Number((await indexHealth(db)).unindexed_athletes);
    expect(unindexed).toBeGreaterThanOrEqual(1);

    await down(db);
    expect((await sql`select 1 from pg_tables where tablename = 'athlete_index_state'`.execute(db)).rows).toEqual([]);
    const restored = (
      await sql<{ id: string; version: string; indexed_version: string }>`
        select id, version, indexed_version from athletes where id in (${lena.id}, ${mara.id}) order by full_name`.execute(db)
    ).rows;
    expect(restored).toEqual(marked);
    expect((await sql`select 1 from pg_indexes where indexname = 'athletes_unindexed_idx'`.execute(db)).rows).toHaveLength(1);

    await up(db);
    expect(await state()).toEqual(marked);
    expect(Number((await indexHealth(db)).unindexed_athletes)).toBe(unindexed);
    // The triggers are back: a new athlete, a bump.
    const nora = await createAthlete(ctx.services, 'Nora Vidal');
    expect(await db.selectFrom('athlete_index_state').select('indexed_version').where('athlete_id', '=', nora.id).executeTakeFirst()).toEqual({
      indexed_version: '0',
    });
    await db
      .updateTable('athletes')
      .set({ version: sql`version + 1` })
      .where('id', '=', mara.id)
      .execute();
    expect((await state()).map((s) => s.version)).toEqual(await versions());
    // Gone with the athlete's account.
    await db.deleteFrom('users').where('id', '=', nora.id).execute();
    expect(await db.selectFrom('athlete_index_state').select('athlete_id').where('athlete_id', '=', nora.id).execute()).toEqual([]);
  });
});
