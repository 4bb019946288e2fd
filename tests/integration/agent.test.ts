import { agentAthleteSchema, agentMatchesSchema, DASHBOARD_ROSTER_PREVIEW, HUB_PAGE_SIZE } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

describe('agent workspace: dashboard and matches', () => {
  let t: TestApp;
  let etureAgent: { id: string; cookie: string };
  let maeAgent: { id: string; cookie: string };
  const ids: Record<string, string> = {};
  const matchIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    etureAgent = await createSignedInUser(t.services, 'agent', {
      firstName: 'Elena',
      lastName: 'Soto',
      agency: 'Eture',
      agencyUrl: 'https://eture.example.com',
      email: 'elena@eture.example.com',
    });
    maeAgent = await createSignedInUser(t.services, 'agent', { firstName: 'Mario', lastName: 'Pons', agency: 'Mae' });

    const coach = await createCoach(t.services, 'Dana', 'Reyes', 'Hudson State University');
    const requestId = await createRequest(t.services, coach.id, { positions: ['Winger'], teamCategories: ["Women's Team"], notes: 'GPA 3.0 minimum' });

    const ana = await createAthlete(t.services, 'Ana Eture', { agency: 'Eture', gpa: 3.45 });
    const bea = await createAthlete(t.services, 'Bea Eture', { agency: 'Eture' });
    const carla = await createAthlete(t.services, 'Carla Eture (in progress)', { agency: 'Eture', completed: false });
    const mia = await createAthlete(t.services, 'Mia Mae', { agency: 'Mae' });
    Object.assign(ids, { ana: ana.id, bea: bea.id, carla: carla.id, mia: mia.id });

    const share = async (athleteId: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/coach/matches', headers: { cookie: coach.cookie }, payload: { athleteId, requestId } })).json()
        .id as string;
    matchIds.anaAccepted = await share(ana.id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/athlete/matches/${matchIds.anaAccepted}`,
      headers: { cookie: ana.cookie },
      payload: { status: 'accepted' },
    });
    matchIds.beaPending = await share(bea.id);
    matchIds.miaPending = await share(mia.id);
    const other = await createRequest(t.services, coach.id, { positions: ['Forward'] });
    // Shared, then declined by the athlete. A coach's private decline of a player never shared
    // is not the agent's to see (M8; tests/integration/matches.test.ts).
    matchIds.anaDeclined = (
      await t.app.inject({ method: 'POST', url: '/api/coach/matches', headers: { cookie: coach.cookie }, payload: { athleteId: ana.id, requestId: other } })
    ).json().id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/athlete/matches/${matchIds.anaDeclined}`,
      headers: { cookie: ana.cookie },
      payload: { status: 'declined' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/coach/matches/decline',
      headers: { cookie: coach.cookie },
      payload: { athleteId: bea.id, requestId: other },
    });
  });
  afterAll(() => t?.close());

  it('shows the agent, the counts of their agency and its complete profiles, news first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/agent/dashboard', headers: { cookie: etureAgent.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.agent).toEqual({
      firstName: 'Elena',
      lastName: 'Soto',
      email: 'elena@eture.example.com',
      agency: 'Eture',
      agencyUrl: 'https://eture.example.com',
      profilePhotoUrl: null,
    });
    expect(body.playerCount).toBe(3);
    expect(body.completedCount).toBe(2);
    // Ana's answer is the agency's latest news, then Bea's share; Carla is still completing her profile.
    expect(body.players.map((p: { id: string }) => p.id)).toEqual([ids.ana, ids.bea]);
    expect(body.players.find((p: { id: string }) => p.id === ids.ana)).toEqual({
      id: ids.ana,
      fullName: 'Ana Eture',
      profilePhotoUrl: null,
      age: 19,
      nationality: 'Spain',
      leagueLevelLabel: 'Segunda RFEF',
      primaryPosition: 'Forward',
      gpa: 3.45,
      targetStartTerms: ['Fall 2026', 'Spring 2027'],
      preferredUsRegions: ['Northeast', 'West Coast'],
      highlightVideoUrl: 'https://www.youtube.com/watch?v=abc123',
      profileCompleted: true,
      matchCounts: { accepted: 1, pending: 0, declined: 1 },
    });
    expect(body.players[1].matchCounts).toEqual({ accepted: 0, pending: 1, declined: 0 });
    // The agency's match totals, as the hub counts them (a private decline is not the agent's, M8).
    const hub = (await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: etureAgent.cookie } })).json();
    expect(body.matchStats).toEqual({ total: 3, byStatus: { accepted: 1, pending: 1, declined: 1 } });
    expect(body.matchStats).toEqual({ total: hub.stats.total, byStatus: hub.stats.byStatus });

    const mae = (await t.app.inject({ method: 'GET', url: '/api/agent/dashboard', headers: { cookie: maeAgent.cookie } })).json();
    expect(mae.players.map((p: { id: string }) => p.id)).toEqual([ids.mia]);
    expect(mae.matchStats).toEqual({ total: 1, byStatus: { accepted: 0, pending: 1, declined: 0 } });
    expect(JSON.stringify(mae)).not.toContain('Eture');
  });

  it('lists the matches of the agency’s athletes with their audit trail and stats', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: etureAgent.cookie } });
    expect(res.statusCode).toBe(200);
    const { matches, stats } = res.json();
    expect(matches.map((m: { id: string }) => m.id).sort()).toEqual([matchIds.anaAccepted, matchIds.beaPending, matchIds.anaDeclined].sort());
    expect(stats).toEqual({
      total: 3,
      byStatus: { accepted: 1, pending: 1, declined: 1 },
      byAthlete: { [ids.ana]: { accepted: 1, pending: 0, declined: 1 }, [ids.bea]: { accepted: 0, pending: 1, declined: 0 } },
    });

    const accepted = matches.find((m: { id: string }) => m.id === matchIds.anaAccepted);
    expect(accepted).toMatchObject({
      status: 'accepted',
      autoResolved: false,
      athlete: { id: ids.ana, fullName: 'Ana Eture', primaryPosition: 'Forward', nationality: 'Spain', gpa: 3.45 },
      coach: { firstName: 'Dana', lastName: 'Reyes', programName: 'Hudson State University', division: 'NCAA Division I', schoolSize: 'Medium 5-15k' },
      coachRequest: { positions: ['Winger'], teamCategories: ["Women's Team"], notes: 'GPA 3.0 minimum' },
    });
    expect(accepted.coach.email).toMatch(/@example\.com$/);
    expect(
      accepted.events.map((e: { fromStatus: string | null; toStatus: string; actorRole: string; actorName: string }) => [
        e.fromStatus,
        e.toStatus,
        e.actorRole,
        e.actorName,
      ]),
    ).toEqual([
      [null, 'pending', 'coach', 'Dana Reyes'],
      ['pending', 'accepted', 'athlete', 'Ana Eture'],
    ]);
    // Each step's time as stored, to the millisecond.
    const stored = await t.services.db
      .selectFrom('match_events')
      .select('created_at')
      .where('match_id', '=', matchIds.anaAccepted)
      .orderBy('created_at')
      .execute();
    expect(accepted.events.map((e: { at: string }) => e.at)).toEqual(stored.map((e) => new Date(e.created_at).toISOString()));

    // The route writes its answer in parts (the counts by athlete as Postgres wrote them): it is
    // exactly what its schema writes, fields and order, and it says it is JSON.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify(agentMatchesSchema.parse(res.json())));

    // Contact details only once both sides agreed.
    const pending = matches.find((m: { id: string }) => m.id === matchIds.beaPending);
    expect(pending.coach.email).toBeNull();
    const declined = matches.find((m: { id: string }) => m.id === matchIds.anaDeclined);
    expect(declined.events.map((e: { toStatus: string; actorRole: string }) => [e.toStatus, e.actorRole])).toEqual([
      ['pending', 'coach'],
      ['declined', 'athlete'],
    ]);
  });

  it('never shows another agency’s athletes or matches', async () => {
    const { matches, stats } = (await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: maeAgent.cookie } })).json();
    expect(matches.map((m: { id: string }) => m.id)).toEqual([matchIds.miaPending]);
    expect(Object.keys(stats.byAthlete)).toEqual([ids.mia]);
    expect(JSON.stringify(matches)).not.toContain('Ana Eture');
  });

  describe("a player's page (GET /api/agent/athletes/:id)", () => {
    const open = (id: string, cookie = etureAgent.cookie) => t.app.inject({ method: 'GET', url: `/api/agent/athletes/${id}`, headers: { cookie } });

    it('gives the profile in full and the matches shared with the player, the latest change first', async () => {
      const res = await open(ids.ana);
      expect(res.statusCode, res.body).toBe(200);
      const body = agentAthleteSchema.parse(res.json());
      expect(body.player).toMatchObject({
        id: ids.ana,
        fullName: 'Ana Eture',
        gpa: 3.45,
        phone: '+34 600 000 000',
        agency: 'Eture',
        profileCompleted: true,
        intendedMajors: ['Business Administration'],
        highlightVideoUrl: 'https://www.youtube.com/watch?v=abc123',
      });
      expect(body.player.email).toMatch(/@/);
      // The athlete's own budget reminder is not the agent's.
      expect(res.json().player).not.toHaveProperty('budgetUnconfirmed');
      expect(body.matches.map((m) => [m.id, m.status])).toEqual([
        [matchIds.anaDeclined, 'declined'],
        [matchIds.anaAccepted, 'accepted'],
      ]);
      // As the hub gives them: the trail from the share on, the coach's email once accepted.
      const hub = (await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: etureAgent.cookie } })).json();
      const inHub = hub.matches.filter((m: { athleteId: string }) => m.athleteId === ids.ana);
      expect(res.json().matches).toEqual(
        [...inHub].sort(
          (a: { updatedAt: string; id: string }, b: { updatedAt: string; id: string }) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id),
        ),
      );
      expect(body.matches.find((m) => m.status === 'accepted')?.coach.email).toMatch(/@/);
      expect(body.matches.find((m) => m.status === 'declined')?.coach.email).toBeNull();
    });

    it("leaves out a coach's private decline, and opens a profile still in progress", async () => {
      expect((await open(ids.bea)).json().matches.map((m: { id: string }) => m.id)).toEqual([matchIds.beaPending]);
      const carla = await open(ids.carla);
      expect(carla.statusCode).toBe(200);
      expect(carla.json()).toMatchObject({ player: { id: ids.carla, fullName: 'Carla Eture (in progress)', profileCompleted: false }, matches: [] });
    });

    it("answers 404 for any athlete not of the agent's agency", async () => {
      for (const id of [ids.mia, '00000000-0000-4000-8000-000000000000', 'not-an-id', etureAgent.id]) {
        const res = await open(id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe('Athlete not found');
      }
      expect((await open(ids.ana, maeAgent.cookie)).statusCode).toBe(404);
      const mia = (await open(ids.mia, maeAgent.cookie)).json();
      expect(mia.player.fullName).toBe('Mia Mae');
      expect(mia.matches.map((m: { id: string }) => m.id)).toEqual([matchIds.miaPending]);
    });

    it('follows a player who changes agency', async () => {
      await t.services.db.updateTable('athletes').set({ agency: 'Mae' }).where('id', '=', ids.bea).execute();
      try {
        expect((await open(ids.bea)).statusCode).toBe(404);
        expect((await open(ids.bea, maeAgent.cookie)).json().player.agency).toBe('Mae');
      } finally {
        await t.services.db.updateTable('athletes').set({ agency: 'Eture' }).where('id', '=', ids.bea).execute();
      }
    });
  });

  it('follows an athlete who changes agency', async () => {
    await t.services.db.updateTable('athletes').set({ agency: 'Mae' }).where('id', '=', ids.bea).execute();
    const eture = (await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: etureAgent.cookie } })).json();
    expect(eture.matches.map((m: { athleteId: string }) => m.athleteId)).not.toContain(ids.bea);
    const mae = (await t.app.inject({ method: 'GET', url: '/api/agent/dashboard', headers: { cookie: maeAgent.cookie } })).json();
    expect(mae.players.map((p: { id: string }) => p.id).sort()).toEqual([ids.bea, ids.mia].sort());
    expect([mae.playerCount, mae.completedCount]).toEqual([2, 2]);
    await t.services.db.updateTable('athletes').set({ agency: 'Eture' }).where('id', '=', ids.bea).execute();
  });

  it('shows a new agency with no athletes as zeros, and answers 404 to an agent whose profile is gone', async () => {
    const newcomer = await createSignedInUser(t.services, 'agent', { firstName: 'Nora', lastName: 'Vidal', agency: 'Nueva Agencia' });
    const res = await t.app.inject({ method: 'GET', url: '/api/agent/dashboard', headers: { cookie: newcomer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      agent: { firstName: 'Nora', lastName: 'Vidal', agency: 'Nueva Agencia' },
      playerCount: 0,
      completedCount: 0,
      players: [],
      matchStats: { total: 0, byStatus: { accepted: 0, pending: 0, declined: 0 } },
    });
    const hub = await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: newcomer.cookie } });
    expect(hub.statusCode).toBe(200);
    expect(hub.body).toBe(JSON.stringify({ matches: [], stats: { total: 0, byStatus: { pending: 0, accepted: 0, declined: 0 }, byAthlete: {} } }));

    await t.services.db.deleteFrom('agents').where('id', '=', newcomer.id).execute();
    for (const url of ['/api/agent/dashboard', '/api/agent/matches']) {
      const gone = await t.app.inject({ method: 'GET', url, headers: { cookie: newcomer.cookie } });
      expect(gone.statusCode, url).toBe(404);
      expect(gone.json().message).toBe('Agent profile not found');
    }
  });

  it.each(['/api/agent/dashboard', '/api/agent/matches', '/api/agent/athletes/00000000-0000-4000-8000-000000000000'])(
    '%s: 401 without a session, 403 for athletes and coaches',
    async (url) => {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const role of ['athlete', 'coach'] as const) {
        const user = await createSignedInUser(t.services, role);
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })).statusCode, role).toBe(403);
      }
    },
  );
});

describe('agent workspace of a large agency', () => {
  let t: TestApp;
  let agent: { id: string; cookie: string };
  let coach: { id: string; cookie: string };
  let athletes: Array<{ id: string; cookie: string }>;
  const names = ['Bruno', 'Carlos', 'Dario', 'Elias', 'Fermin', 'Gonzalo', 'Hugo', 'Zoe'];
  const share = async (athleteId: string, requestId: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/coach/matches', headers: { cookie: coach.cookie }, payload: { athleteId, requestId } });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const hub = async (query = '') => t.app.inject({ method: 'GET', url: `/api/agent/matches${query}`, headers: { cookie: agent.cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createSignedInUser(t.services, 'agent', { firstName: 'Gala', lastName: 'Ruiz', agency: 'Global College' });
    athletes = await Promise.all(names.map((name) => createAthlete(t.services, `${name} Global`, { agency: 'Global College' })));
    await createAthlete(t.services, 'Alba Global (in progress)', { agency: 'Global College', completed: false });
    coach = await createCoach(t.services);
  });
  afterAll(() => t?.close());

  it('previews the roster’s first screen (news first, then by name) and counts the whole agency', async () => {
    // Zoe, last by name, has news: a coach shared a match with her.
    await share(athletes[names.indexOf('Zoe')].id, await createRequest(t.services, coach.id, { positions: ['Forward'] }));

    const res = await t.app.inject({ method: 'GET', url: '/api/agent/dashboard', headers: { cookie: agent.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect([body.playerCount, body.completedCount]).toEqual([9, 8]);
    expect(body.players.map((p: { fullName: string }) => p.fullName)).toEqual([
      'Zoe Global',
      'Bruno Global',
      'Carlos Global',
      'Dario Global',
      'Elias Global',
      'Fermin Global',
    ]);
    expect(body.players).toHaveLength(DASHBOARD_ROSTER_PREVIEW);
  });

  it('hub: a page of each status, the latest change first, then the next pages; the counts are of every match', async () => {
    // 8 athletes x 3 more requests: 24 more pending matches, 25 with Zoe's; Bruno accepts one.
    const requests = [];
    for (const position of ['Winger', 'Striker', 'Center Forward'] as const)
      requests.push(await createRequest(t.services, coach.id, { positions: [position] }));
    const shared: string[] = [];
    for (const requestId of requests) for (const athlete of athletes) shared.push(await share(athlete.id, requestId));
    const accepted = shared[0];
    const answer = await t.app.inject({
      method: 'PATCH',
      url: `/api/athlete/matches/${accepted}`,
      headers: { cookie: athletes[0].cookie },
      payload: { status: 'accepted' },
    });
    expect(answer.statusCode).toBe(200);

    const firstAnswer = await hub();
    const first = firstAnswer.json();
    expect(firstAnswer.body).toBe(JSON.stringify(agentMatchesSchema.parse(first)));
    expect(Object.keys(first.stats.byAthlete)).toHaveLength(names.length);
    expect(first.stats.total).toBe(25);
    expect(first.stats.byStatus).toEqual({ accepted: 1, pending: 24, declined: 0 });
    expect(first.stats.byAthlete[athletes[names.indexOf('Zoe')].id]).toEqual({ accepted: 0, pending: 4, declined: 0 });
    expect(first.stats.byAthlete[athletes[0].id]).toEqual({ accepted: 1, pending: 2, declined: 0 });
    const pendingOf = (page: { matches: Array<{ id: string; status: string; updatedAt: string }> }) => page.matches.filter((m) => m.status === 'pending');
    expect(first.matches.filter((m: { status: string }) => m.status === 'accepted').map((m: { id: string }) => m.id)).toEqual([accepted]);
    expect(pendingOf(first)).toHaveLength(HUB_PAGE_SIZE);
    const updated = pendingOf(first).map((m) => m.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());

    // The next pages of one group, until one comes back empty: each full but the last, each match once.
    const pendingIds = pendingOf(first).map((m) => m.id);
    for (let page = 2; ; page++) {
      const next = (await hub(`?status=pending&page=${page}`)).json();
      expect(next.stats).toEqual(first.stats);
      expect(next.matches.every((m: { status: string }) => m.status === 'pending')).toBe(true);
      if (next.matches.length === 0) break;
      expect(next.matches.length).toBe(Math.min(HUB_PAGE_SIZE, 24 - pendingIds.length));
      pendingIds.push(...next.matches.map((m: { id: string }) => m.id));
    }
    expect(new Set(pendingIds).size).toBe(24);
    expect((await hub('?status=accepted')).json().matches.map((m: { id: string }) => m.id)).toEqual([accepted]);

    for (const bad of ['?status=open', '?page=0', '?page=two']) expect((await hub(bad)).statusCode, bad).toBe(400);
  });
});
