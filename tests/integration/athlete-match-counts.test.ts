import { changeMatchStatus, shareOrConfirm } from '@app/worker/store/matches';
import { deleteRequest } from '@app/worker/store/requests';
import { sql, type Kysely, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@app/worker/db/schema';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

type Counts = { agency: string | null; accepted: number; pending: number; declined: number; name_key: string | null; updated_at: Date | null };

/**
 * athlete_match_counts (migration 2026-11-28T02-00): each athlete's matches shared with them on
 * live requests, by status, kept by triggers. Held after every kind of change to a count of the
 * matches themselves (M8's rule written out here, not the migration's function), and to what the
 * agent's hub and roster then show; then two changes to one athlete at the same time, in both
 * orders (a server's two connections: the embedded database has one).
 */
describe('athlete match counts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** The stored counts of athletes with any shared match. */
  async function stored(db: Kysely<Database>): Promise<Record<string, Counts>> {
    const rows = await db
      .selectFrom('athlete_match_counts')
      .selectAll()
      .where(sql<boolean>`accepted + pending + declined > 0`)
      .execute();
    return Object.fromEntries(rows.map(({ athlete_id, roster_change: _, ...counts }) => [athlete_id, counts]));
  }

  /** The same, counted from the matches: shared with the athlete (a status, and a share time), of a request not deleted. */
  async function counted(db: Kysely<Database>): Promise<Record<string, Counts>> {
    const { rows } = await sql<Counts & { athlete_id: string }>`
      select m.athlete_id, a.agency,
             count(*) filter (where m.status = 'accepted')::int as accepted,
             count(*) filter (where m.status = 'pending')::int as pending,
             count(*) filter (where m.status = 'declined')::int as declined,
             a.name_key, a.updated_at
      from matches m join coach_requests r on r.id = m.request_id join athletes a on a.id = m.athlete_id
      where r.deleted_at is null and m.shared_at is not null and m.status is not null
      group by m.athlete_id, a.agency, a.name_key, a.updated_at`.execute(db);
    return Object.fromEntries(rows.map(({ athlete_id, ...counts }) => [athlete_id, counts]));
  }

  /**
   * Runs `other` on a connection of its own while `hold` is done and not yet committed, then
   * commits (a server's two connections: the embedded database has one).
   */
  async function whileUncommitted<T>(hold: (trx: Transaction<Database>) => Promise<unknown>, other: () => Promise<T>): Promise<T> {
    let running: Promise<T> | undefined;
    await t.services.db.transaction().execute(async (trx) => {
      await hold(trx);
      running = other();
      await new Promise((r) => setTimeout(r, 150));
    });
    return running!;
  }

  async function expectInStep() {
    const expected = await counted(t.services.db);
    expect(await stored(t.services.db)).toEqual(expected);
    // Each match carries its athlete's agency (migration 2026-11-29T09-00: the hub's pages walk it).
    const astray = await sql<{ id: string }>`
      select m.id from matches m join athletes a on a.id = m.athlete_id where m.agency is distinct from a.agency`.execute(t.services.db);
    expect(astray.rows).toEqual([]);
    return expected;
  }

  it('follows shares, answers, declines, a restore, a deleted request, a rename, an agency move and a deleted coach', async () => {
    const { db } = t.services;
    const agent = await createSignedInUser(t.services, 'agent', { agency: 'Countline' });
    const otherAgent = await createSignedInUser(t.services, 'agent', { agency: 'Otherline' });
    const [u, v, w] = [
      await createAthlete(t.services, 'Uma Countline', { agency: 'Countline' }),
      await createAthlete(t.services, 'Vera Countline', { agency: 'Countline' }),
      await createAthlete(t.services, 'Wanda Countline', { agency: 'Countline', autoAccept: true }),
    ];
    const x = await createAthlete(t.services, 'Ximena Otherline', { agency: 'Otherline' });
    const coach = await createCoach(t.services);
    const otherCoach = await createCoach(t.services, 'Pat', 'Lane', 'Lakeside College');
    const [r1, r2] = [await createRequest(t.services, coach.id), await createRequest(t.services, coach.id)];
    const r3 = await createRequest(t.services, otherCoach.id);

    const call = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: { cookie }, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.body ? res.json() : undefined;
    };
    const share = async (by: { cookie: string }, athleteId: string, requestId: string) =>
      (await call('POST', '/api/coach/matches', by.cookie, { athleteId, requestId })).id as string;
    const hub = async (who = agent) => {
      const { stats } = (await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: who.cookie } })).json();
      // The dashboard's totals are the hub's, summed from the same stored counts.
      const dashboard = (await t.app.inject({ method: 'GET', url: '/api/agent/dashboard', headers: { cookie: who.cookie } })).json();
      expect(dashboard.matchStats).toEqual({ total: stats.total, byStatus: stats.byStatus });
      return stats;
    };
    const rosterCounts = async (who = agent) =>
      Object.fromEntries(
        (await t.app.inject({ method: 'GET', url: '/api/agent/players?sort=name', headers: { cookie: who.cookie } }))
          .json()
          .players.map((p: { fullName: string; matchCounts: object }) => [p.fullName, p.matchCounts]),
      );

    const uFirst = await share(coach, u.id, r1);
    const vFirst = await share(coach, v.id, r1);
    const uSecond = await share(coach, u.id, r2);
    await share(otherCoach, w.id, r3); // auto-accepted (Wanda's preference)
    await share(coach, x.id, r1);
    // A private decline of a player never shared: the coach's alone (M8).
    await call('POST', '/api/coach/matches/decline', coach.cookie, { athleteId: v.id, requestId: r2 });
    let expected = await expectInStep();
    expect(expected[u.id]).toMatchObject({ agency: 'Countline', accepted: 0, pending: 2, declined: 0 });
    expect(expected[v.id]).toMatchObject({ agency: 'Countline', accepted: 0, pending: 1, declined: 0 });
    expect(expected[w.id]).toMatchObject({ agency: 'Countline', accepted: 1, pending: 0, declined: 0 });
    expect(await hub()).toEqual({
      total: 4,
      byStatus: { accepted: 1, pending: 3, declined: 0 },
      byAthlete: {
        [u.id]: { accepted: 0, pending: 2, declined: 0 },
        [v.id]: { accepted: 0, pending: 1, declined: 0 },
        [w.id]: { accepted: 1, pending: 0, declined: 0 },
      },
    });
    expect(await hub(otherAgent)).toEqual({
      total: 1,
      byStatus: { accepted: 0, pending: 1, declined: 0 },
      byAthlete: { [x.id]: { accepted: 0, pending: 1, declined: 0 } },
    });

    // Uma accepts one, Vera declines hers, the coach declines Uma's other (shared: still the agent's).
    await call('PATCH', `/api/athlete/matches/${uFirst}`, u.cookie, { status: 'accepted' });
    await call('PATCH', `/api/athlete/matches/${vFirst}`, v.cookie, { status: 'declined' });
    await call('PATCH', `/api/coach/matches/${uSecond}`, coach.cookie, { status: 'declined' });
    expected = await expectInStep();
    expect(expected[u.id]).toMatchObject({ accepted: 1, pending: 0, declined: 1 });
    expect(expected[v.id]).toMatchObject({ accepted: 0, pending: 0, declined: 1 });
    expect(await rosterCounts()).toEqual({
      'Uma Countline': { accepted: 1, pending: 0, declined: 1 },
      'Vera Countline': { accepted: 0, pending: 0, declined: 1 },
      'Wanda Countline': { accepted: 1, pending: 0, declined: 0 },
    });

    // The coach restores Uma's decline: pending again (M7).
    await call('PATCH', `/api/coach/matches/${uSecond}`, coach.cookie, { status: 'pending' });
    expect((await expectInStep())[u.id]).toMatchObject({ accepted: 1, pending: 1, declined: 0 });
    // The restored private decline goes back to the pool: still nothing of the agent's.
    const vPrivate = (await db.selectFrom('matches').select('id').where('athlete_id', '=', v.id).where('request_id', '=', r2).executeTakeFirstOrThrow()).id;
    await call('PATCH', `/api/coach/matches/${vPrivate}`, coach.cookie, { status: 'pending' });
    expect((await expectInStep())[v.id]).toMatchObject({ accepted: 0, pending: 0, declined: 1 });

    // The first request deleted: its matches are gone for everyone (M8).
    await call('DELETE', `/api/coach/requests/${r1}`, coach.cookie);
    expected = await expectInStep();
    expect(expected[u.id]).toMatchObject({ accepted: 0, pending: 1, declined: 0 });
    expect(expected[v.id]).toBeUndefined();
    expect(expected[x.id]).toBeUndefined();
    expect(await hub(otherAgent)).toEqual({ total: 0, byStatus: { accepted: 0, pending: 0, declined: 0 }, byAthlete: {} });
    expect((await rosterCounts())['Vera Countline']).toEqual({ accepted: 0, pending: 0, declined: 0 });

    // Uma renames herself and saves her profile: her counts carry the new name and time (the roster sorts on them).
    await db
      .updateTable('athletes')
      .set({ full_name: 'Uma Renamed', updated_at: new Date('2026-11-27T12:00:00Z') })
      .where('id', '=', u.id)
      .execute();
    expect((await expectInStep())[u.id]).toMatchObject({ name_key: 'uma renamed', updated_at: new Date('2026-11-27T12:00:00Z'), pending: 1 });

    // Wanda moves to another agency: her counts and her match's page go with her.
    const hubMatches = async (who: { cookie: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: who.cookie } }))
        .json()
        .matches.map((m: { athleteId: string }) => m.athleteId);
    expect(await hubMatches(agent)).toContain(w.id);
    await db.updateTable('athletes').set({ agency: 'Otherline' }).where('id', '=', w.id).execute();
    expect((await expectInStep())[w.id]).toMatchObject({ agency: 'Otherline', accepted: 1 });
    expect(await hub()).toMatchObject({ total: 1, byAthlete: { [u.id]: { accepted: 0, pending: 1, declined: 0 } } });
    expect(await hub(otherAgent)).toMatchObject({ total: 1, byStatus: { accepted: 1, pending: 0, declined: 0 } });
    expect(await hubMatches(agent)).toEqual([u.id]);
    expect(await hubMatches(otherAgent)).toEqual([w.id]);

    // The other coach's account deleted, and with it their request and match.
    await db.deleteFrom('users').where('id', '=', otherCoach.id).execute();
    expect((await expectInStep())[w.id]).toBeUndefined();
    expect((await hub(otherAgent)).total).toBe(0);
  });

  it.skipIf(noPostgresServer)("takes turns with a request's deletion: a share or an answer at the same time, in either order", async () => {
    const { db } = t.services;
    const coach = await createCoach(t.services);
    const athlete = await createAthlete(t.services, 'Yolanda Race', { agency: 'Raceline' });
    const countsOf = async () => (await stored(db))[athlete.id];
    const sharedOn = async (requestId: string) => {
      const result = await shareOrConfirm(db, coach.id, requestId, athlete.id);
      if (!result.ok) throw new Error(result.reason);
      return result.value.id;
    };
    const deletes = (requestId: string) => (trx: Transaction<Database>) =>
      trx.updateTable('coach_requests').set({ deleted_at: new Date() }).where('id', '=', requestId).execute();
    await sharedOn(await createRequest(t.services, coach.id));
    const stays = { agency: 'Raceline', accepted: 0, pending: 1, declined: 0 };
    expect(await countsOf()).toMatchObject(stays);

    // The request's deletion first: a share of it, then an answer on it, wait for it and find it gone.
    const first = await createRequest(t.services, coach.id);
    expect(await whileUncommitted(deletes(first), () => shareOrConfirm(db, coach.id, first, athlete.id))).toEqual({ ok: false, reason: 'request-not-found' });
    const second = await createRequest(t.services, coach.id);
    const secondMatch = await sharedOn(second);
    const answered = await whileUncommitted(deletes(second), () => changeMatchStatus(db, secondMatch, 'accepted', { role: 'athlete', id: athlete.id }));
    expect(answered).toEqual({ ok: false, reason: 'match-not-found' });
    expect(await countsOf()).toMatchObject(stays);
    await expectInStep();

    // The answer first: the deletion waits for it and then counts it out with its request.
    const third = await createRequest(t.services, coach.id);
    const thirdMatch = await sharedOn(third);
    const deleted = await whileUncommitted(
      (trx) => trx.updateTable('matches').set({ status: 'accepted', status_by: 'athlete', updated_at: new Date() }).where('id', '=', thirdMatch).execute(),
      () => deleteRequest(db, coach.id, third),
    );
    expect(deleted.ok).toBe(true);
    expect(await countsOf()).toMatchObject(stays);
    await expectInStep();
  });

  it.skipIf(noPostgresServer)('takes turns with an agency move: a match added at the same time takes the new agency, in either order', async () => {
    const { db } = t.services;
    const coach = await createCoach(t.services);
    const athlete = await createAthlete(t.services, 'Zoe Mover', { agency: 'Fromline' });
    const agencyOf = async (matchId: string) => (await db.selectFrom('matches').select('agency').where('id', '=', matchId).executeTakeFirstOrThrow()).agency;
    const moves = (agency: string) => (on: Kysely<Database>) => on.updateTable('athletes').set({ agency }).where('id', '=', athlete.id).execute();
    const adds = (on: Kysely<Database>, requestId: string) =>
      on
        .insertInto('matches')
        .values({ request_id: requestId, athlete_id: athlete.id, coach_id: coach.id, status: 'pending', status_by: 'coach', shared_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();

    // The move first: the new match waits for it and takes the new agency.
    const first = await whileUncommitted(moves('Toline'), async () => adds(db, await createRequest(t.services, coach.id)));
    expect(await agencyOf(first.id)).toBe('Toline');
    // The match first: the move waits for it and then moves it too.
    const secondRequest = await createRequest(t.services, coach.id);
    let second: { id: string } | undefined;
    await whileUncommitted(
      async (trx) => (second = await adds(trx, secondRequest)),
      () => moves('Backline')(db),
    );
    expect([await agencyOf(first.id), await agencyOf(second!.id)]).toEqual(['Backline', 'Backline']);
    await expectInStep();
  });

  it.skipIf(noPostgresServer)("takes turns with a profile save: a player's first share waits for it and counts under the new name", async () => {
    const { db } = t.services;
    const coach = await createCoach(t.services);
    const athlete = await createAthlete(t.services, 'Xenia Firstshare', { agency: 'Oldline' });
    const requestId = await createRequest(t.services, coach.id);
    // A player in the coach's pool (a match with no status): nothing of theirs counted yet, so the
    // share writes the athlete's first counts row, copying their agency, name and last update. (A
    // save that also moves the agency locks the athlete's matches, and the share waits on those.)
    await db.insertInto('matches').values({ request_id: requestId, athlete_id: athlete.id, coach_id: coach.id, status: null, status_by: null }).execute();
    expect(await db.selectFrom('athlete_match_counts').select('athlete_id').where('athlete_id', '=', athlete.id).executeTakeFirst()).toBeUndefined();

    const saved = new Date('2026-11-29T12:00:00Z');
    const saves = (trx: Transaction<Database>) =>
      trx.updateTable('athletes').set({ full_name: 'Xenia Renamed', updated_at: saved }).where('id', '=', athlete.id).execute();
    const shared = await whileUncommitted(saves, () => shareOrConfirm(db, coach.id, requestId, athlete.id));
    expect(shared.ok).toBe(true);
    expect((await expectInStep())[athlete.id]).toEqual({
      agency: 'Oldline',
      name_key: 'xenia renamed',
      updated_at: saved,
      accepted: 0,
      pending: 1,
      declined: 0,
    });
  });
});
