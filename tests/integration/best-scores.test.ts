import { refreshBestScores } from '@app/worker/store/match-scores';
import { startOutboxRelay } from '@app/worker/store/outbox';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';
import { createAthlete, createCoach, createRequest, listedScoreRow } from './matches-fixtures.ts';

/**
 * athlete_best_scores (migration 2026-11-27T08-00): each athlete's best listed score, the agent
 * roster's best-score sort. The index jobs' upkeep of it is held to max(score) in
 * match-counts.test.ts; here, the parts a job run does not show: a refresh and a write at the same
 * time, refreshes taking turns, the agency and name following the athlete, and the relay's pass.
 */
describe('athlete best scores', () => {
  let t: TestContext;
  let coachId: string;
  let requests: string[];

  beforeAll(async () => {
    t = await createTestServices();
    await t.services.outbox.stop(); // index jobs stay out of it: rows are written here
    coachId = (await createCoach(t.services)).id;
    requests = [await createRequest(t.services, coachId), await createRequest(t.services, coachId), await createRequest(t.services, coachId)];
  });
  afterAll(() => t?.close());

  /** The athlete's stored row, but the id of the transaction that last wrote it (the roster's generation). */
  const bestOf = async (athleteId: string) => {
    const row = await t.services.db.selectFrom('athlete_best_scores').selectAll().where('athlete_id', '=', athleteId).executeTakeFirst();
    if (!row) return null;
    const { roster_change: _, ...shown } = row;
    return shown;
  };

  it('has a row for every athlete from the start, following its agency, name, position, league and completeness', async () => {
    const { db } = t.services;
    const athlete = await createAthlete(t.services, 'Irene Vidal', { agency: 'Eture' });
    expect(await bestOf(athlete.id)).toEqual({
      athlete_id: athlete.id,
      agency: 'Eture',
      name_key: 'irene vidal',
      primary_position: 'Forward',
      league_level: 'segunda-rfef',
      profile_completed: true,
      best_score: null,
    });
    await db.updateTable('athletes').set({ full_name: 'Irene Vidal Soler', agency: 'Mae' }).where('id', '=', athlete.id).execute();
    expect(await bestOf(athlete.id)).toMatchObject({ agency: 'Mae', name_key: 'irene vidal soler', primary_position: 'Forward' });
    await db.updateTable('athletes').set({ primary_position: 'Goalkeeper' }).where('id', '=', athlete.id).execute();
    expect(await bestOf(athlete.id)).toMatchObject({ agency: 'Mae', name_key: 'irene vidal soler', primary_position: 'Goalkeeper' });
    await db
      .updateTable('athletes')
      .set((eb) => ({ profile: sql`jsonb_set(${eb.ref('profile')}::jsonb, '{leagueLevel}', '"tercera-rfef"')`, profile_completed: false }))
      .where('id', '=', athlete.id)
      .execute();
    expect(await bestOf(athlete.id)).toMatchObject({ primary_position: 'Goalkeeper', league_level: 'tercera-rfef', profile_completed: false });
    await db.deleteFrom('users').where('id', '=', athlete.id).execute();
    expect(await bestOf(athlete.id)).toBeNull();
  });

  it('moves with inserts, changed scores and deletes once refreshed', async () => {
    const { db } = t.services;
    const athlete = await createAthlete(t.services, 'Paula Gil');
    await db
      .insertInto('match_scores')
      .values([listedScoreRow(requests[0], athlete.id, 74), listedScoreRow(requests[1], athlete.id, 81.5)])
      .execute();
    expect((await bestOf(athlete.id))?.best_score).toBeNull(); // marked, not yet refreshed
    expect(await refreshBestScores(db)).toBe(1);
    expect((await bestOf(athlete.id))?.best_score).toBe(81.5);
    await db.updateTable('match_scores').set({ score: 70.5 }).where('request_id', '=', requests[1]).where('athlete_id', '=', athlete.id).execute();
    await refreshBestScores(db);
    expect((await bestOf(athlete.id))?.best_score).toBe(74);
    await db.deleteFrom('match_scores').where('athlete_id', '=', athlete.id).execute();
    await refreshBestScores(db);
    expect((await bestOf(athlete.id))?.best_score).toBeNull();
    // Nothing marked: nothing to do.
    expect(await refreshBestScores(db)).toBe(0);
  });

  it("refreshes on the relay's pass: rows gone with a deleted coach account", async () => {
    const { db } = t.services;
    const athlete = await createAthlete(t.services, 'Marta Ortiz');
    const otherCoach = (await createCoach(t.services, 'Sam', 'Lee')).id;
    const leaving = await createRequest(t.services, otherCoach);
    await db
      .insertInto('match_scores')
      .values([listedScoreRow(requests[0], athlete.id, 72), listedScoreRow(leaving, athlete.id, 96)])
      .execute();
    await refreshBestScores(db);
    expect((await bestOf(athlete.id))?.best_score).toBe(96);
    await db.deleteFrom('users').where('id', '=', otherCoach).execute(); // cascades to the request's rows
    const relay = startOutboxRelay(db, t.services.queue, { intervalMs: 10_000, sweepEveryMs: 0 });
    try {
      await relay.drain();
    } finally {
      await relay.stop();
    }
    expect((await bestOf(athlete.id))?.best_score).toBe(72);
  });

  // Two connections at once: the embedded database has one, and the second would wait for the first forever.
  it.skipIf(noPostgresServer)('leaves a write committed after a refresh read the marks to the next refresh', async () => {
    const { db } = t.services;
    const athlete = await createAthlete(t.services, 'Lola Campos');
    await db
      .insertInto('match_scores')
      .values(listedScoreRow(requests[0], athlete.id, 75))
      .execute();
    await refreshBestScores(db);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('match_scores')
        .values(listedScoreRow(requests[1], athlete.id, 90))
        .execute();
      // The write and its mark are not committed: this refresh sees neither.
      await refreshBestScores(db);
      expect((await bestOf(athlete.id))?.best_score).toBe(75);
    });
    expect((await bestOf(athlete.id))?.best_score).toBe(75);
    await refreshBestScores(db);
    expect((await bestOf(athlete.id))?.best_score).toBe(90);
  });

  it.skipIf(noPostgresServer)('reads, after waiting for another refresh, what committed while it waited', async () => {
    const { db } = t.services;
    const athlete = await createAthlete(t.services, 'Nerea Prieto');
    await db
      .insertInto('match_scores')
      .values(listedScoreRow(requests[0], athlete.id, 71))
      .execute();
    let waiting: Promise<number> | undefined;
    // The refresh lock held as another refresh would hold it.
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('athlete_best_scores'))`.execute(trx);
      waiting = refreshBestScores(db);
      await new Promise((r) => setTimeout(r, 100));
      // A higher score commits while that refresh waits for the lock.
      await db
        .insertInto('match_scores')
        .values(listedScoreRow(requests[2], athlete.id, 93))
        .execute();
      expect((await bestOf(athlete.id))?.best_score).toBeNull();
    });
    expect(await waiting).toBe(1);
    expect((await bestOf(athlete.id))?.best_score).toBe(93);
  });
});
