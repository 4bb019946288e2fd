import type { PairScore } from '@app/domain';
import { serverPoolOf } from '@app/worker/db/connect';
import { COPY_BINARY_HEADER, COPY_BINARY_TRAILER, CopyTuples, REBUILD_COLUMNS, type ScoreRow } from '@app/worker/store/match-scores';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';

/** The rebuild's binary COPY (CopyTuples): what Postgres stores is what the rows held. */
describe.skipIf(noPostgresServer)('binary COPY tuples of the rebuild', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestServices();
  });
  afterAll(() => t?.close());

  const result: PairScore = {
    score: 81.4,
    listed: true,
    subScores: { position: 100, academics: 75.25, lyfs: 60, region: 0, budget: 100, extras: 12.5 },
    positionMatch: 'primary',
    positionExact: true,
    highlight: { exceedsMinGpa: 2.75, requestedLevel: true, extras: 'Capitán, Nacionalidad: España 🇪🇸' },
  };
  const filters = { position: 'Forward', nationality: 'Côte d’Ivoire', league: 'tercera-rfef', gpa: 3.4, hasVideo: true };
  const athleteA = '00000000-0000-4000-8000-00000000000a';
  const rows: ScoreRow[] = [
    {
      requestId: 'a1b2c3d4-0000-4000-8000-000000000001',
      athleteId: athleteA,
      requestVersion: '3',
      athleteVersion: '9007199254740993',
      athleteUpdatedAt: new Date('2026-11-20T10:11:12.345Z'),
      filters,
      result,
    },
    // The same athlete for a second request: its part of the tuple is reused.
    {
      requestId: 'a1b2c3d4-0000-4000-8000-000000000002',
      athleteId: athleteA,
      requestVersion: '1',
      athleteVersion: '9007199254740993',
      athleteUpdatedAt: new Date('2026-11-20T10:11:12.345Z'),
      filters,
      result: { ...result, score: 70, positionMatch: null, positionExact: false, highlight: { exceedsMinGpa: null, requestedLevel: false, extras: null } },
    },
    // Nulls everywhere they may be, an old timestamp, and a text longer than a chunk (the buffer grows).
    {
      requestId: 'a1b2c3d4-0000-4000-8000-000000000001',
      athleteId: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
      requestVersion: '3',
      athleteVersion: '1',
      athleteUpdatedAt: new Date('1999-12-31T23:59:59.999Z'),
      filters: { position: null, nationality: null, league: null, gpa: null, hasVideo: false },
      result: { ...result, highlight: { ...result.highlight, extras: 'x'.repeat(600 * 1024) } },
    },
    // The first request at a later version (its part of the tuple is encoded anew).
    {
      requestId: 'a1b2c3d4-0000-4000-8000-000000000001',
      athleteId: 'eeeeeeee-0000-4000-8000-000000000000',
      requestVersion: '4',
      athleteVersion: '2',
      athleteUpdatedAt: new Date('2026-11-21T00:00:00.000Z'),
      filters: { ...filters },
      result,
    },
  ];

  it('stores every column as the rows held it', async () => {
    const pool = serverPoolOf(t.services.db)!;
    const client = await pool.connect();
    try {
      await client.query('create temporary table copied (like match_scores including defaults)');
      const tuples = new CopyTuples(1024);
      const chunks: Uint8Array[] = [COPY_BINARY_HEADER];
      for (const row of rows) {
        tuples.add(row);
        if (tuples.full) chunks.push(tuples.take()!);
      }
      const rest = tuples.take();
      if (rest) chunks.push(rest);
      chunks.push(COPY_BINARY_TRAILER);
      expect(tuples.take()).toBeNull();
      await pipeline(Readable.from(chunks), client.query(copyFrom(`copy copied (${REBUILD_COLUMNS}) from stdin with (format binary)`)));
      const { rows: stored } = await client.query(
        `select *, (extract(epoch from athlete_updated_at) * 1000)::bigint::text as updated_ms from copied order by request_id, athlete_id`,
      );
      expect(stored).toHaveLength(4);
      // In (request, athlete) order: the first row, the fourth, the third, the second.
      const [first, fourth, third, second] = stored;
      expect(fourth).toMatchObject({ request_id: rows[3].requestId, request_version: '4', athlete_id: rows[3].athleteId, athlete_version: '2', score: 81.4 });
      expect(first).toMatchObject({
        request_id: rows[0].requestId,
        athlete_id: athleteA,
        score: 81.4,
        sub_academics: 75.25,
        sub_extras: 12.5,
        position_match: 'primary',
        position_exact: true,
        request_version: '3',
        athlete_version: '9007199254740993',
        updated_ms: String(Date.parse('2026-11-20T10:11:12.345Z')),
        athlete_position: 'Forward',
        athlete_nationality: 'Côte d’Ivoire',
        athlete_league: 'tercera-rfef',
        athlete_gpa: 3.4,
        athlete_has_video: true,
      });
      expect(first).toMatchObject({ highlight_min_gpa: 2.75, highlight_level: true, highlight_extras: 'Capitán, Nacionalidad: España 🇪🇸' });
      expect(third).toMatchObject({ athlete_id: rows[2].athleteId, athlete_position: null, athlete_league: null, athlete_gpa: null, athlete_has_video: false });
      expect(third.updated_ms).toBe(String(Date.parse('1999-12-31T23:59:59.999Z')));
      expect(third.highlight_extras).toHaveLength(600 * 1024);
      expect(second).toMatchObject({
        request_id: rows[1].requestId,
        athlete_id: athleteA,
        score: 70,
        position_match: null,
        position_exact: false,
        highlight_min_gpa: null,
        highlight_level: false,
        highlight_extras: null,
      });
    } finally {
      await client.query('drop table if exists copied');
      client.release();
    }
  });
});
