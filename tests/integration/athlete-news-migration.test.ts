import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-11-28T00-00_athlete-news.ts';
import { down as downNames, up as upNames } from '../../migrations/2026-11-28T05-00_athlete-news-names.ts';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/** The migrations that store when each athlete last had news, and their name with it: the trail written before them, read back. */
describe('migrations 2026-11-28T00-00 and T05-00 (athlete news, with names)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestServices();
  });
  afterAll(() => ctx?.close());

  it("stores each athlete's latest share or answer on a live request; a private decline or a deleted request's share is no news; events name their athlete and request", async () => {
    const db = ctx.services.db;
    const coach = await createCoach(ctx.services);
    const [live, gone] = [await createRequest(ctx.services, coach.id), await createRequest(ctx.services, coach.id)];
    const [declined, answered, onDeleted, twice] = await Promise.all(
      ['Private Decline', 'Answered Share', 'Deleted Request', 'Shared Twice'].map((n) => createAthlete(ctx.services, n, { agency: 'Eture' })),
    );
    await downNames(db);
    await down(db);

    // Rows as the code before the migration wrote them (no trigger keeps athlete_news yet).
    const insert = async (requestId: string, athleteId: string, status: string, events: Array<[string | null, string, string, string]>) => {
      const { rows } = await sql<{ id: string }>`
        insert into matches (request_id, athlete_id, coach_id, status, updated_at)
        values (${requestId}, ${athleteId}, ${coach.id}, ${status}, ${events.at(-1)![3]}::timestamptz) returning id`.execute(db);
      for (const [from, to, role, at] of events) {
        await sql`insert into match_events (match_id, from_status, to_status, actor_role, actor_id, created_at)
                  values (${rows[0].id}, ${from}, ${to}, ${role}, null, ${at}::timestamptz)`.execute(db);
      }
    };
    await insert(live, declined.id, 'declined', [[null, 'declined', 'coach', '2026-11-20T10:00:00Z']]);
    await insert(live, answered.id, 'accepted', [
      [null, 'pending', 'coach', '2026-11-21T10:00:00Z'],
      ['pending', 'accepted', 'athlete', '2026-11-22T10:00:00Z'],
    ]);
    await insert(gone, onDeleted.id, 'pending', [[null, 'pending', 'coach', '2026-11-23T10:00:00Z']]);
    await insert(live, twice.id, 'pending', [[null, 'pending', 'coach', '2026-11-24T10:00:00Z']]);
    await insert(gone, twice.id, 'pending', [[null, 'pending', 'coach', '2026-11-25T10:00:00Z']]);
    await sql`update coach_requests set deleted_at = now() where id = ${gone}`.execute(db);

    await up(db);
    await upNames(db);
    const { rows } = await sql<{ athlete_id: string; agency: string; name_key: string; news_at: Date }>`
      select athlete_id, agency, name_key, news_at from athlete_news`.execute(db);
    expect(new Map(rows.map((r) => [r.athlete_id, [r.agency, r.name_key, r.news_at.toISOString()]]))).toEqual(
      new Map([
        [answered.id, ['Eture', 'answered share', '2026-11-22T10:00:00.000Z']],
        // The deleted request's later share is not counted.
        [twice.id, ['Eture', 'shared twice', '2026-11-24T10:00:00.000Z']],
      ]),
    );
    // Each event carries its match's athlete and request; events written from now on get them from the match.
    const events = await db
      .selectFrom('match_events as e')
      .innerJoin('matches as m', 'm.id', 'e.match_id')
      .select(['e.athlete_id', 'm.athlete_id as matchAthlete', 'e.request_id', 'm.request_id as matchRequest'])
      .execute();
    expect(events).toHaveLength(6);
    for (const e of events) expect([e.athlete_id, e.request_id]).toEqual([e.matchAthlete, e.matchRequest]);
    const later = await sql<{ athlete_id: string; request_id: string }>`
      insert into match_events (match_id, from_status, to_status, actor_role, actor_id)
      select id, 'pending', 'accepted', 'athlete', null from matches where athlete_id = ${twice.id} and request_id = ${live}
      returning athlete_id, request_id`.execute(db);
    expect(later.rows).toEqual([{ athlete_id: twice.id, request_id: live }]);
  });
});
