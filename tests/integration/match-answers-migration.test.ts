import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-11-23T12-00_match-answers-request-edits.ts';
import { down as downMatchCounts, up as upMatchCounts } from '../../migrations/2026-11-28T02-00_athlete-match-counts.ts';
import { down as downSortKeys, up as upSortKeys } from '../../migrations/2026-11-28T06-00_match-counts-sort-keys.ts';
import { down as downMatchesAgency, up as upMatchesAgency } from '../../migrations/2026-11-29T09-00_matches-agency.ts';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * The migration of decisions M6-M8 on matches made before it: `shared_at` from the first move
 * that showed the match to the athlete, `status_by` from the last move's actor; then the stored
 * match counts' backfill (migration 2026-11-28T02-00) of those rows, and the matches' agencies
 * (migration 2026-11-29T09-00).
 */
describe('migration 2026-11-23T12-00 (match answers, request edits)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestServices();
  });
  afterAll(() => ctx?.close());

  it('backfills who set each status and when each match was first shared; private declines stay unshared', async () => {
    const db = ctx.services.db;
    const coach = await createCoach(ctx.services);
    const requestId = await createRequest(ctx.services, coach.id);
    const athletes = await Promise.all(['Private', 'Answered', 'Restored'].map((n) => createAthlete(ctx.services, n, { agency: 'Backfill' })));
    // The stored match counts' triggers test shared_at: gone first, and back (with their backfill) after.
    await downMatchesAgency(db);
    await downSortKeys(db);
    await downMatchCounts(db);
    await down(db);

    // Rows as the earlier code wrote them.
    const insert = async (athleteId: string, status: string, events: Array<[string | null, string, string, string]>) => {
      const { rows } = await sql<{
        id: string;
      }>`insert into matches (request_id, athlete_id, coach_id, status) values (${requestId}, ${athleteId}, ${coach.id}, ${status}) returning id`.execute(db);
      const id = rows[0].id;
      for (const [from, to, role, at] of events) {
        await sql`insert into match_events (match_id, from_status, to_status, actor_role, actor_id, created_at) values (${id}, ${from}, ${to}, ${role}, null, ${at}::timestamptz)`.execute(
          db,
        );
      }
      return id;
    };
    const privateDecline = await insert(athletes[0].id, 'declined', [[null, 'declined', 'coach', '2026-11-01T10:00:00Z']]);
    const answered = await insert(athletes[1].id, 'declined', [
      [null, 'pending', 'coach', '2026-11-02T10:00:00Z'],
      ['pending', 'declined', 'athlete', '2026-11-03T10:00:00Z'],
    ]);
    const restored = await insert(athletes[2].id, 'pending', [
      [null, 'declined', 'coach', '2026-11-04T10:00:00Z'],
      ['declined', 'pending', 'coach', '2026-11-05T10:00:00Z'],
    ]);

    await up(db);
    const rows = await db.selectFrom('matches').select(['id', 'status', 'status_by', 'shared_at']).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(privateDecline)).toMatchObject({ status: 'declined', status_by: 'coach', shared_at: null });
    expect(byId.get(answered)).toMatchObject({ status: 'declined', status_by: 'athlete', shared_at: new Date('2026-11-02T10:00:00Z') });
    expect(byId.get(restored)).toMatchObject({ status: 'pending', status_by: 'coach', shared_at: new Date('2026-11-05T10:00:00Z') });
    expect(await db.selectFrom('coach_requests').select('updated_at').where('id', '=', requestId).executeTakeFirstOrThrow()).toEqual({ updated_at: null });

    await upMatchCounts(db);
    await upSortKeys(db);
    const counts = await db.selectFrom('athlete_match_counts').select(['athlete_id', 'accepted', 'pending', 'declined', 'name_key']).execute();
    expect(new Map(counts.map(({ athlete_id, ...n }) => [athlete_id, n]))).toEqual(
      new Map([
        [athletes[1].id, { accepted: 0, pending: 0, declined: 1, name_key: 'answered' }],
        [athletes[2].id, { accepted: 0, pending: 1, declined: 0, name_key: 'restored' }],
      ]),
    );
    // Each match takes its athlete's agency, private declines too (the hub's index holds shared ones only).
    await upMatchesAgency(db);
    expect(await db.selectFrom('matches').select(['id', 'agency']).orderBy('id').execute()).toEqual(
      [privateDecline, answered, restored].sort().map((id) => ({ id, agency: 'Backfill' })),
    );
  });
});
