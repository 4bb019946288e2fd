import { connectDatabase, migrateToLatest } from '@app/worker';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createFreshDatabase } from '../support/harness.ts';

describe('migrations', () => {
  it('vacuums the tables a migration rewrote once the migrations have committed (vacuumAfter)', async () => {
    const fresh = await createFreshDatabase();
    const handle = await connectDatabase({ databaseUrl: fresh.url, dataDir: 'memory://' });
    try {
      const vacuumed = async () =>
        (await sql<{ relname: string }>`select relname from pg_stat_user_tables where last_vacuum is not null order by relname`.execute(handle.db)).rows.map(
          (r) => r.relname,
        );
      expect(await vacuumed()).toEqual([]);
      const applied = await migrateToLatest(handle.db);
      // 2026-11-27T10-00 adds a generated column to athletes: a rewrite, with no visibility map after
      // it; 2026-11-29T09-00 backfills every match's agency; 2026-12-07T06-00 makes athletes.name_key
      // again and updates the roster's copies of it.
      expect(applied).toEqual(
        expect.arrayContaining(['2026-11-27T10-00_roster-filter-indexes', '2026-11-29T09-00_matches-agency', '2026-12-07T06-00_name-key-folds-accents']),
      );
      expect(await vacuumed()).toEqual(['athlete_best_scores', 'athlete_match_counts', 'athlete_news', 'athletes', 'matches']);
      // Nothing applied, nothing vacuumed again.
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});
