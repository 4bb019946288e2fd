import { NEWS_DAYS, type RosterPage } from '@app/domain';
import { refreshBestScores } from '@app/worker/store/match-scores';
import { agencyRosterGeneration } from '@app/worker/store/roster';
import { pruneRosterTombstones } from '@app/worker/store/roster-tombstones';
import { createLogger, startOutboxRelay } from '@app/worker';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, settleJobs, type TestApp } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';
import { COMPLETE_ATHLETE_PROFILE } from '../support/fixtures.ts';
import { createAthlete, createCoach, createRequest, listedScoreRow } from './matches-fixtures.ts';

/**
 * The roster pages the API keeps (api/src/routes/agent.ts) under the agency's roster generation
 * (migration 2026-12-05T15-00, rosterGenerationSql): answered again while nothing they show
 * changed, read again as soon as anything did — an athlete's profile, a share, an answer, a best
 * score, an athlete leaving the agency, news leaving the window — and never to a session that is
 * no longer live.
 */
describe('agent roster: kept pages', () => {
  let t: TestApp;
  let agent: { id: string; cookie: string };
  let coach: { id: string; cookie: string };
  let requestId: string;
  const athletes: Record<'ana' | 'bea' | 'carla' | 'dora', { id: string; cookie: string; email: string }> = {} as never;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createSignedInUser(t.services, 'agent', { agency: 'Eture' });
    coach = await createCoach(t.services);
    requestId = await createRequest(t.services, coach.id);
    for (const [key, name] of [
      ['ana', 'Ana Ruiz'],
      ['bea', 'Bea Soto'],
      ['carla', 'Carla Gil'],
      ['dora', 'Dora Vega'],
    ] as const)
      athletes[key] = await createAthlete(t.services, name, { agency: 'Eture' });
    await createAthlete(t.services, 'Mia Mae', { agency: 'Mae' });
  });
  afterAll(() => t?.close());

  const get = (query = '', headers: Record<string, string> = {}, cookie = agent.cookie) =>
    t.app.inject({ method: 'GET', url: `/api/agent/players${query}`, headers: { cookie, ...headers } });
  const roster = async (query = '', headers: Record<string, string> = {}) => {
    const res = await get(query, headers);
    expect(res.statusCode, query).toBe(200);
    return res.json<RosterPage>();
  };
  const names = (page: RosterPage) => page.players.map((p) => p.fullName);
  const player = (page: RosterPage, id: string) => page.players.find((p) => p.id === id);
  const generation = () => agencyRosterGeneration(t.services.db, 'Eture');
  /**
   * Runs `change` with the roster's marks off (an athlete's name also goes to the tables that
   * follow it): a change no generation sees, what a kept page keeps showing.
   */
  const unseen = async (change: () => Promise<unknown>) => {
    const tables = ['athletes', 'athlete_best_scores', 'athlete_match_counts', 'athlete_news'];
    for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger roster_change_mark`.execute(t.services.db);
    try {
      await change();
    } finally {
      for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger roster_change_mark`.execute(t.services.db);
    }
  };
  const rename = (id: string, name: string) =>
    t.services.db
      .updateTable('athletes')
      .set({ full_name: name, profile: sql`jsonb_set(profile, '{fullName}', to_jsonb(${name}::text))` })
      .where('id', '=', id)
      .execute();
  const share = async (athleteId: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/coach/matches', headers: { cookie: coach.cookie }, payload: { athleteId, requestId } });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };

  it('answers a kept page again while the roster is unchanged; Cache-Control: no-cache reads it again', async () => {
    // The fixtures' jobs done: a running one keeps the page from being kept, and one committing moves the generation.
    await settleJobs(t.services);
    expect(names(await roster())).toEqual(['Ana Ruiz', 'Bea Soto', 'Carla Gil', 'Dora Vega']);
    const before = await generation();
    await unseen(() => rename(athletes.ana.id, 'Ana Unseen'));
    expect(await generation()).toBe(before);
    expect(names(await roster())).toContain('Ana Ruiz');
    expect(names(await roster('', { 'cache-control': 'no-cache' }))).toContain('Ana Unseen');
    await unseen(() => rename(athletes.ana.id, 'Ana Ruiz'));
    expect(names(await roster('', { pragma: 'no-cache' }))).toContain('Ana Ruiz');
    // Each query is its own page.
    expect(names(await roster('?q=bea'))).toEqual(['Bea Soto']);
    expect(names(await roster('?sort=name'))).toEqual(['Ana Ruiz', 'Bea Soto', 'Carla Gil', 'Dora Vega']);
  });

  it("shows at once a profile saved, a share, an answer and a new best score on the kept page; another agency's writes leave it", async () => {
    await roster();
    await roster('?sort=score');
    // Another agency's athlete: the generation is Eture's alone. The index's bookkeeping is not shown.
    const before = await generation();
    await rename((await t.services.db.selectFrom('athletes').select('id').where('agency', '=', 'Mae').executeTakeFirstOrThrow()).id, 'Mia Renamed');
    await t.services.db
      .updateTable('athlete_index_state')
      .set({ indexed_version: sql`version` })
      .execute();
    expect(await generation()).toBe(before);

    // The athlete saves her profile: the name shows.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/athlete/profile',
      headers: { cookie: athletes.dora.cookie },
      payload: { ...COMPLETE_ATHLETE_PROFILE, fullName: 'Dora Nueva', agency: 'Eture' },
    });
    expect(saved.statusCode).toBe(200);
    expect(names(await roster())).toContain('Dora Nueva');

    // A share: news first on the first screen, and counted.
    const matchId = await share(athletes.carla.id);
    const shared = await roster();
    expect(names(shared)[0]).toBe('Carla Gil');
    expect(shared.players[0].news).toEqual({ newShares: 1, answered: 0 });
    expect(shared.players[0].matchCounts).toMatchObject({ pending: 1 });

    // Her answer.
    const answered = await t.app.inject({
      method: 'PATCH',
      url: `/api/athlete/matches/${matchId}`,
      headers: { cookie: athletes.carla.cookie },
      payload: { status: 'accepted' },
    });
    expect(answered.statusCode).toBe(200);
    const afterAnswer = await roster();
    expect(afterAnswer.players[0].news).toEqual({ newShares: 1, answered: 1 });
    expect(afterAnswer.players[0].matchCounts).toMatchObject({ accepted: 1, pending: 0 });

    // A best score, as the index jobs store it when they finish.
    expect(player(await roster('?sort=score'), athletes.bea.id)?.bestScore).toBeNull();
    await t.services.db
      .insertInto('match_scores')
      .values(listedScoreRow(requestId, athletes.bea.id, 91.5))
      .execute();
    await refreshBestScores(t.services.db);
    const byScore = await roster('?sort=score');
    expect(byScore.players[0]).toMatchObject({ id: athletes.bea.id, bestScore: 91.5 });
  });

  it('drops an athlete who leaves the agency or is deleted from the kept page, and follows a deleted request', async () => {
    const first = await roster('?sort=name');
    expect(names(first)).toContain('Ana Ruiz');
    // Ana moves to another agency (a tombstone at Eture: her row is no longer Eture's).
    await t.services.db.updateTable('athletes').set({ agency: 'Mae' }).where('id', '=', athletes.ana.id).execute();
    expect(names(await roster('?sort=name'))).not.toContain('Ana Ruiz');
    await t.services.db.updateTable('athletes').set({ agency: 'Eture' }).where('id', '=', athletes.ana.id).execute();
    expect(names(await roster('?sort=name'))).toContain('Ana Ruiz');

    // Carla's share and answer are news of a live request only.
    expect(player(await roster(), athletes.carla.id)?.news).toEqual({ newShares: 1, answered: 1 });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/coach/requests/${requestId}`, headers: { cookie: coach.cookie } });
    expect(deleted.statusCode).toBe(204);
    const afterDelete = player(await roster(), athletes.carla.id);
    expect(afterDelete?.news).toEqual({ newShares: 0, answered: 0 });
    expect(afterDelete?.matchCounts).toEqual({ accepted: 0, pending: 0, declined: 0 });

    // Dora's account removed (her rows go with it; a tombstone at Eture).
    expect(names(await roster('?sort=name'))).toContain('Dora Nueva');
    await t.services.db.deleteFrom('users').where('id', '=', athletes.dora.id).execute();
    const remaining = await roster('?sort=name');
    expect(names(remaining)).toEqual(['Ana Ruiz', 'Bea Soto', 'Carla Gil']);
    expect(remaining.total).toBe(3);

    // A row that leaves the agency moves its generation even when it was not its latest write (a tombstone).
    for (const table of ['athletes', 'athlete_best_scores'] as const) {
      const rolledBack = new Error('rolled back');
      const moved = t.services.db.transaction().execute(async (trx) => {
        const before = await agencyRosterGeneration(trx, 'Eture');
        const earliest = await sql<{ id: string }>`
          select ${sql.ref(table === 'athletes' ? 'id' : 'athlete_id')} as id from ${sql.table(table)}
          where agency = 'Eture' order by roster_change limit 1`.execute(trx);
        await sql`delete from ${sql.table(table)} where ${sql.ref(table === 'athletes' ? 'id' : 'athlete_id')} = ${earliest.rows[0].id}`.execute(trx);
        expect(await agencyRosterGeneration(trx, 'Eture'), table).not.toBe(before);
        throw rolledBack;
      });
      await expect(moved).rejects.toBe(rolledBack);
    }
  });

  it('reads a page again once the news it shows has left the window', async () => {
    requestId = await createRequest(t.services, coach.id);
    const matchId = await share(athletes.bea.id);
    // The share made just inside the window: it leaves it two seconds from now.
    await t.services.db
      .updateTable('match_events')
      .set({ created_at: sql`now() - make_interval(days => ${NEWS_DAYS}) + interval '2 seconds'` })
      .where('match_id', '=', matchId)
      .execute();
    await sql`select refresh_athlete_news(array[${athletes.bea.id}]::uuid[])`.execute(t.services.db);
    const fresh = await roster();
    expect(fresh.players[0]).toMatchObject({ id: athletes.bea.id, news: { newShares: 1, answered: 0 } });
    expect((await roster()).players[0].news).toEqual({ newShares: 1, answered: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const later = await roster();
    expect(player(later, athletes.bea.id)?.news).toEqual({ newShares: 0, answered: 0 });
    expect(names(later)).toEqual(['Ana Ruiz', 'Bea Soto', 'Carla Gil']);
  });

  it.skipIf(noPostgresServer)("keeps a page read while a transaction of another database is open (the server's ids are shared)", async () => {
    // Another database's transaction takes its id first: it runs below the agency's next write.
    const elsewhere = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await settleJobs(t.services);
      // With a transaction open elsewhere, every read checks the running ids against the server's
      // activity, which errs towards "not settled" when another database's transaction ends between
      // the snapshot and that check: the suite's other files, on the same server, once did. So the
      // page gets a few tries to be kept; with an open transaction elsewhere always keeping pages
      // from being kept, every try reads the page again.
      const keptAtTry: boolean[] = [];
      for (let age = 21; age <= 25 && !keptAtTry.at(-1); age++) {
        // Her name now, and the one each try gives her unseen (they swap when a try read the page again).
        const [name, unseenName] = keptAtTry.length % 2 ? ['Carla Unseen', 'Carla Gil'] : ['Carla Gil', 'Carla Unseen'];
        await t.services.db.updateTable('athletes').set({ age }).where('id', '=', athletes.carla.id).execute();
        expect(player(await roster('?sort=name'), athletes.carla.id)).toMatchObject({ age, fullName: name });
        await unseen(() => rename(athletes.carla.id, unseenName));
        keptAtTry.push(player(await roster('?sort=name'), athletes.carla.id)?.fullName === name);
      }
      expect(keptAtTry).toContain(true);
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
      await unseen(() => rename(athletes.carla.id, 'Carla Gil'));
    }
  });

  it.skipIf(noPostgresServer)('does not keep a page read while an earlier writer of the agency was still running', async () => {
    await roster('?sort=name');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const slow = t.services.db.transaction().execute(async (trx) => {
      // Her age (a name would take the agency's name counts, which the other writer needs too).
      await trx.updateTable('athletes').set({ age: 23 }).where('id', '=', athletes.ana.id).execute();
      written();
      await released;
    });
    try {
      await wrote;
      // A later writer commits first: its transaction id is the greater, and stays the agency's greatest.
      await rename(athletes.bea.id, 'Bea Quick');
      const during = await roster('?sort=name');
      expect(names(during)).toEqual(['Ana Ruiz', 'Bea Quick', 'Carla Gil']);
      expect(player(during, athletes.ana.id)?.age).toBe(19);
    } finally {
      // Ended whatever the assertions said: an open transaction would hold the file's close.
      release();
      await slow;
    }
    expect(player(await roster('?sort=name'), athletes.ana.id)?.age).toBe(23);
  });
  it("prunes an agency's superseded tombstones in the relay's prune pass, moving no generation and keeping the kept page", async () => {
    const tombstones = async () =>
      (await t.services.db.selectFrom('roster_tombstones').select('roster_change').where('agency', '=', 'Eture').orderBy('roster_change').execute()).map(
        (row) => String(row.roster_change),
      );
    // Each move away and back is its own transaction: a tombstone at Eture each time.
    for (let i = 0; i < 3; i++) {
      await t.services.db.updateTable('athletes').set({ agency: 'Mae' }).where('id', '=', athletes.bea.id).execute();
      await t.services.db.updateTable('athletes').set({ agency: 'Eture' }).where('id', '=', athletes.bea.id).execute();
    }
    const before = await tombstones();
    expect(before.length).toBeGreaterThanOrEqual(3);
    await settleJobs(t.services);
    const shown = player(await roster('?sort=name'), athletes.bea.id)!.fullName;
    const generationBefore = await generation();
    await unseen(() => rename(athletes.bea.id, 'Bea Unseen'));

    // A relay's first pass prunes (as each process's relay does every ten minutes).
    const relay = startOutboxRelay(t.services.db, t.services.queue, { intervalMs: 60_000, log: createLogger('silent') });
    try {
      await relay.drain();
    } finally {
      await relay.stop();
    }
    expect(await tombstones()).toEqual([before.at(-1)]);
    expect(await generation()).toBe(generationBefore);
    expect(player(await roster('?sort=name'), athletes.bea.id)?.fullName).toBe(shown);
    // Nothing left to prune: one tombstone is left, the latest.
    expect(await pruneRosterTombstones(t.services.db)).toBe(0);
    await unseen(() => rename(athletes.bea.id, shown));
  });

  it('answers a kept page to no other agency, role or ended session', async () => {
    // An agent moved to another agency sees that agency's roster at once.
    await roster('?sort=name');
    await t.services.db.updateTable('agents').set({ agency: 'Mae' }).where('id', '=', agent.id).execute();
    expect(names(await roster('?sort=name'))).toEqual(['Mia Renamed']);
    await t.services.db.updateTable('agents').set({ agency: 'Eture' }).where('id', '=', agent.id).execute();
    expect((await get('?sort=name', {}, coach.cookie)).statusCode).toBe(403);
    // Signed out: the session's kept page is not answered.
    expect((await get('?sort=name')).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: agent.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await get('?sort=name')).statusCode).toBe(401);
  });
});
