import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-12-02T13-00_thread-latest-message.ts';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * Migration 2026-12-02T13-00: each match carries its conversation's latest message time, which
 * the list of conversations walks. The backfill and the trigger must both give the latest
 * message's time, for any writer, and nothing for a match without messages.
 */
describe('migration 2026-12-02T13-00 (the threads by their latest message)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestServices();
  });
  afterAll(() => ctx?.close());

  it('fills the latest message time from the messages, and keeps it as messages are written', async () => {
    const { db } = ctx.services;
    const coach = await createCoach(ctx.services, 'Maya', 'Lopez');
    const athlete = await createAthlete(ctx.services, 'Julia Sanchez', { agency: 'Threads' });
    const match = async () =>
      (
        await db
          .insertInto('matches')
          .values({
            request_id: await createRequest(ctx.services, coach.id),
            athlete_id: athlete.id,
            coach_id: coach.id,
            status: 'accepted',
            status_by: 'athlete',
            shared_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [talked, silent] = [await match(), await match()];
    const write = (at: string) =>
      db
        .insertInto('messages')
        .values({ match_id: talked, sender_id: athlete.id, sender_role: 'athlete', body: 'Hello', created_at: new Date(at) })
        .execute();
    const latest = async () =>
      Object.fromEntries(
        (await db.selectFrom('matches').select(['id', 'last_message_at']).where('id', 'in', [talked, silent]).execute()).map((m) => [
          m.id,
          m.last_message_at && new Date(m.last_message_at).toISOString(),
        ]),
      );

    // The trigger: the latest time, never moved back by a message written with an earlier one.
    await write('2026-11-01T10:00:00.000Z');
    await write('2026-11-03T10:00:00.000Z');
    await write('2026-11-02T10:00:00.000Z');
    expect(await latest()).toEqual({ [talked]: '2026-11-03T10:00:00.000Z', [silent]: null });

    // Down and up again: the backfill reads the same from the messages written meanwhile.
    await down(db);
    await write('2026-11-04T10:00:00.000Z');
    await up(db);
    expect(await latest()).toEqual({ [talked]: '2026-11-04T10:00:00.000Z', [silent]: null });
    await write('2026-11-05T10:00:00.000Z');
    expect(await latest()).toEqual({ [talked]: '2026-11-05T10:00:00.000Z', [silent]: null });
    // The indexes the lists walk are there again.
    const indexes = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where tablename = 'matches' and indexname like '%threads_idx' order by 1`.execute(db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['matches_agency_threads_idx', 'matches_athlete_threads_idx', 'matches_coach_threads_idx']);
  });
});
