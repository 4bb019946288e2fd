import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

type Status = 'pending' | 'accepted' | 'declined';

describe('match lifecycle (coach and athlete)', () => {
  let t: TestApp;
  let coach: Awaited<ReturnType<typeof createCoach>>;
  let otherCoach: Awaited<ReturnType<typeof createCoach>>;
  let requestId: string;
  let otherRequestId: string;

  beforeAll(async () => {
    t = await createTestApp();
    coach = await createCoach(t.services);
    otherCoach = await createCoach(t.services, 'Sam', 'Lee', 'Bay College');
    requestId = await createRequest(t.services, coach.id);
    otherRequestId = await createRequest(t.services, otherCoach.id);
  });
  afterAll(() => t?.close());

  const as = (cookie: string) => ({ headers: { cookie } });
  const share = (cookie: string, athleteId: string, reqId = requestId) =>
    t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(cookie), payload: { athleteId, requestId: reqId } });
  const decline = (cookie: string, athleteId: string, reqId = requestId) =>
    t.app.inject({ method: 'POST', url: '/api/coach/matches/decline', ...as(cookie), payload: { athleteId, requestId: reqId } });
  const patch = (cookie: string, id: string, status: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/coach/matches/${id}`, ...as(cookie), payload: { status } });
  const athletePatch = (cookie: string, id: string, status: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/athlete/matches/${id}`, ...as(cookie), payload: { status } });

  const events = (matchId: string) =>
    t.services.db
      .selectFrom('match_events')
      .select(['from_status', 'to_status', 'actor_role', 'actor_id'])
      .where('match_id', '=', matchId)
      .orderBy('id')
      .execute();
  const statusOf = async (matchId: string) =>
    (await t.services.db.selectFrom('matches').select('status').where('id', '=', matchId).executeTakeFirstOrThrow()).status;

  it('⚡️ shares a player as a pending match, records who did it, and lists it for the coach', async () => {
    const athlete = await createAthlete(t.services, 'Lucía Martín', { nationality: 'Spain', gpa: 3.6 });
    const res = await share(coach.cookie, athlete.id);
    expect(res.statusCode).toBe(201);
    const match = res.json();
    expect(match).toMatchObject({
      status: 'pending',
      autoResolved: false,
      requestId,
      athleteId: athlete.id,
      athlete: { id: athlete.id, fullName: 'Lucía Martín', primaryPosition: 'Forward', nationality: 'Spain', gpa: 3.6, profilePhotoUrl: null },
      coachRequest: { positions: ['Forward'], teamCategories: ["Men's Team"], notes: 'Needs a striker who presses high.' },
    });
    expect(typeof match.updatedAt).toBe('string');
    expect(await events(match.id)).toEqual([{ from_status: null, to_status: 'pending', actor_role: 'coach', actor_id: coach.id }]);

    const list = await t.app.inject({ method: 'GET', url: '/api/coach/matches', ...as(coach.cookie) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { id: string }) => m.id)).toContain(match.id);
    const others = await t.app.inject({ method: 'GET', url: '/api/coach/matches', ...as(otherCoach.cookie) });
    expect(others.json().map((m: { id: string }) => m.id)).not.toContain(match.id);
  });

  it('⚡️ on a pending match confirms it; on an accepted one it is refused (M1)', async () => {
    const athlete = await createAthlete(t.services, 'Pablo Ruiz');
    const created = (await share(coach.cookie, athlete.id)).json();
    const confirmed = await share(coach.cookie, athlete.id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: created.id, status: 'accepted', autoResolved: false });

    const again = await share(coach.cookie, athlete.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This player is already matched for this request.');
    expect(await statusOf(created.id)).toBe('accepted');
    expect((await events(created.id)).map((e) => [e.from_status, e.to_status, e.actor_role])).toEqual([
      [null, 'pending', 'coach'],
      ['pending', 'accepted', 'coach'],
    ]);
  });

  it('creates the match accepted and marked auto-resolved for an athlete with auto-accept (M3)', async () => {
    const athlete = await createAthlete(t.services, 'Iker Sanz', { autoAccept: true });
    const res = await share(coach.cookie, athlete.id);
    expect(res.statusCode).toBe(201);
    const match = res.json();
    expect(match).toMatchObject({ status: 'accepted', autoResolved: true });
    expect(await events(match.id)).toEqual([
      { from_status: null, to_status: 'pending', actor_role: 'coach', actor_id: coach.id },
      { from_status: 'pending', to_status: 'accepted', actor_role: 'system', actor_id: null },
    ]);
    // The preference is the athlete's answer (M6): the coach cannot hide or re-confirm over it.
    for (const move of [() => patch(coach.cookie, match.id, 'declined'), () => share(coach.cookie, athlete.id), () => decline(coach.cookie, athlete.id)]) {
      const res = await move();
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This athlete accepted this match.');
    }
    expect(await statusOf(match.id)).toBe('accepted');
  });

  it('walks every allowed coach transition, each restore back to the status before the decline (M7), all in the audit trail', async () => {
    const athlete = await createAthlete(t.services, 'Marc Vidal');
    const match = (await share(coach.cookie, athlete.id)).json();
    // [status before, status asked for, status after]
    const steps: Array<[Status, Status, Status]> = [
      ['pending', 'declined', 'declined'],
      ['declined', 'pending', 'pending'],
      ['pending', 'accepted', 'accepted'],
      ['accepted', 'declined', 'declined'],
      ['declined', 'pending', 'accepted'],
    ];
    for (const [from, to, after] of steps) {
      expect(await statusOf(match.id)).toBe(from);
      const res = await patch(coach.cookie, match.id, to);
      expect(res.statusCode, `${from} -> ${to}`).toBe(200);
      expect(res.json()).toMatchObject({ id: match.id, status: after, athleteAnswered: false });
    }
    const trail = await events(match.id);
    expect(trail.map((e) => [e.from_status, e.to_status])).toEqual([[null, 'pending'], ...steps.map(([from, , after]) => [from, after])]);
    expect(trail.every((e) => e.actor_role === 'coach' && e.actor_id === coach.id)).toBe(true);
  });

  it.each<[Status, Status, string]>([
    ['pending', 'pending', 'This match is already waiting for the player’s response.'],
    ['accepted', 'accepted', 'This player is already matched for this request.'],
    ['accepted', 'pending', 'A confirmed match cannot go back to pending. Decline it instead.'],
    ['declined', 'declined', 'This player is already hidden from this request.'],
    ['declined', 'accepted', 'Restore this player to your pool before sharing a match.'],
  ])('refuses the coach move %s -> %s with 409, changing nothing', async (from, to, message) => {
    const athlete = await createAthlete(t.services, `Refused ${from} ${to}`);
    const match = (await share(coach.cookie, athlete.id)).json();
    if (from !== 'pending') expect((await patch(coach.cookie, match.id, from)).statusCode).toBe(200);
    const before = await events(match.id);
    const res = await patch(coach.cookie, match.id, to);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
    expect(await statusOf(match.id)).toBe(from);
    expect(await events(match.id)).toEqual(before);
  });

  it('refuses ⚡️ on a hidden player until restored', async () => {
    const athlete = await createAthlete(t.services, 'Hidden Then Shared');
    const match = (await decline(coach.cookie, athlete.id)).json();
    const res = await share(coach.cookie, athlete.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Restore this player to your pool before sharing a match.');
    expect(await statusOf(match.id)).toBe('declined');
  });

  it('💣 without a match creates it declined in one step, never shared with the athlete (M4)', async () => {
    const athlete = await createAthlete(t.services, 'Never Shared');
    const res = await decline(coach.cookie, athlete.id);
    expect(res.statusCode).toBe(201);
    const match = res.json();
    expect(match).toMatchObject({ status: 'declined', athleteId: athlete.id, requestId });
    expect(await events(match.id)).toEqual([{ from_status: null, to_status: 'declined', actor_role: 'coach', actor_id: coach.id }]);

    const seen = await t.app.inject({ method: 'GET', url: '/api/athlete/matches', ...as(athlete.cookie) });
    expect(seen.json().matches).toEqual([]);
    expect((await athletePatch(athlete.cookie, match.id, 'accepted')).statusCode).toBe(404);

    const again = await decline(coach.cookie, athlete.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This player is already hidden from this request.');

    // Restore puts a never-shared player back in the pool (M7): no match for the athlete, and
    // the coach's list no longer has it; the trail keeps the decline and the restore.
    const restored = await patch(coach.cookie, match.id, 'pending');
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: match.id, status: null, sharedAt: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/athlete/matches', ...as(athlete.cookie) })).json().matches).toEqual([]);
    const coachList = (await t.app.inject({ method: 'GET', url: '/api/coach/matches', ...as(coach.cookie) })).json();
    expect(coachList.map((m: { id: string }) => m.id)).not.toContain(match.id);
    expect((await events(match.id)).map((e) => [e.from_status, e.to_status, e.actor_role])).toEqual([
      [null, 'declined', 'coach'],
      ['declined', null, 'coach'],
    ]);
    // A second restore has nothing to restore.
    const twice = await patch(coach.cookie, match.id, 'pending');
    expect(twice.statusCode).toBe(409);

    // ⚡️ then shares them as for a player never touched.
    const shared = await share(coach.cookie, athlete.id);
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ id: match.id, status: 'pending' });
    expect(typeof shared.json().sharedAt).toBe('string');
    const seenNow = await t.app.inject({ method: 'GET', url: '/api/athlete/matches', ...as(athlete.cookie) });
    expect(seenNow.json().matches.map((m: { id: string }) => m.id)).toEqual([match.id]);
  });

  it('restores a pending match the coach declined to pending, shared with the athlete again (M7)', async () => {
    const athlete = await createAthlete(t.services, 'Pending Restored');
    const match = (await share(coach.cookie, athlete.id)).json();
    expect((await patch(coach.cookie, match.id, 'declined')).statusCode).toBe(200);
    const restored = await patch(coach.cookie, match.id, 'pending');
    expect(restored.json()).toMatchObject({ status: 'pending' });
    const seen = (await t.app.inject({ method: 'GET', url: '/api/athlete/matches', ...as(athlete.cookie) })).json().matches;
    expect(seen.map((m: { id: string; status: string }) => [m.id, m.status])).toEqual([[match.id, 'pending']]);
    expect((await events(match.id)).map((e) => e.to_status)).toEqual(['pending', 'declined', 'pending']);
  });

  it.each<[Status, string]>([
    ['declined', 'This athlete declined this match.'],
    ['accepted', 'This athlete accepted this match.'],
  ])('after the athlete %s, every coach move answers 409 and changes nothing (M6)', async (answer, message) => {
    const athlete = await createAthlete(t.services, `Answered ${answer}`);
    const match = (await share(coach.cookie, athlete.id)).json();
    expect((await athletePatch(athlete.cookie, match.id, answer)).statusCode).toBe(200);
    const before = await events(match.id);
    const moves = [
      () => patch(coach.cookie, match.id, 'pending'),
      () => patch(coach.cookie, match.id, 'accepted'),
      () => patch(coach.cookie, match.id, 'declined'),
      () => share(coach.cookie, athlete.id),
      () => decline(coach.cookie, athlete.id),
    ];
    for (const move of moves) {
      const res = await move();
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect(await statusOf(match.id)).toBe(answer);
    expect(await events(match.id)).toEqual(before);
    // The coach's views say who answered.
    const coachList = (await t.app.inject({ method: 'GET', url: '/api/coach/matches', ...as(coach.cookie) })).json();
    expect(coachList.find((m: { id: string }) => m.id === match.id)).toMatchObject({ status: answer, athleteAnswered: true });
  });

  it('shows agents only matches shared with the athlete, with the trail from the share on (M8)', async () => {
    const agency = 'Private Decline Agency';
    const agent = await createSignedInUser(t.services, 'agent', { agency });
    const athlete = await createAthlete(t.services, 'Agent Watched', { agency });
    const agentMatches = async () => (await t.app.inject({ method: 'GET', url: '/api/agent/matches', ...as(agent.cookie) })).json();

    const privateDecline = (await decline(coach.cookie, athlete.id)).json();
    let seen = await agentMatches();
    expect(seen.matches).toEqual([]);
    expect(seen.stats.total).toBe(0);
    expect(JSON.stringify(seen)).not.toContain('presses high');

    await patch(coach.cookie, privateDecline.id, 'pending'); // back to the pool: still nothing
    expect((await agentMatches()).matches).toEqual([]);

    await share(coach.cookie, athlete.id);
    seen = await agentMatches();
    expect(seen.matches.map((m: { id: string; status: string }) => [m.id, m.status])).toEqual([[privateDecline.id, 'pending']]);
    expect(seen.matches[0].events.map((e: { fromStatus: string | null; toStatus: string }) => [e.fromStatus, e.toStatus])).toEqual([[null, 'pending']]);
  });

  it('💣 on an existing pending match declines it', async () => {
    const athlete = await createAthlete(t.services, 'Declined Later');
    const match = (await share(coach.cookie, athlete.id)).json();
    const res = await decline(coach.cookie, athlete.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: match.id, status: 'declined' });
    expect((await events(match.id)).map((e) => e.to_status)).toEqual(['pending', 'declined']);
  });

  it('answers 404 for a request that is not the coach’s, a deleted request, and athletes without a completed profile', async () => {
    const athlete = await createAthlete(t.services, 'Nobody’s Match');
    const notMine = await share(coach.cookie, athlete.id, otherRequestId);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe('Request not found');
    expect((await decline(coach.cookie, athlete.id, otherRequestId)).statusCode).toBe(404);

    const incomplete = await createAthlete(t.services, 'Half Done', { completed: false });
    const res = await share(coach.cookie, incomplete.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Athlete not found');
    const unknown = await share(coach.cookie, '00000000-0000-4000-8000-000000000000');
    expect(unknown.json().message).toBe('Athlete not found');
    // A coach id is no athlete.
    expect((await share(coach.cookie, otherCoach.id)).statusCode).toBe(404);

    const deletedRequest = await createRequest(t.services, coach.id);
    const kept = (await share(coach.cookie, athlete.id, deletedRequest)).json();
    await t.services.db.updateTable('coach_requests').set({ deleted_at: new Date() }).where('id', '=', deletedRequest).execute();
    expect((await share(coach.cookie, athlete.id, deletedRequest)).statusCode).toBe(404);
    expect((await patch(coach.cookie, kept.id, 'declined')).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/coach/matches', ...as(coach.cookie) });
    expect(list.json().map((m: { id: string }) => m.id)).not.toContain(kept.id);

    expect(await t.services.db.selectFrom('matches').select('id').where('athlete_id', '=', incomplete.id).execute()).toEqual([]);
  });

  it('a coach cannot change another coach’s match (404, nothing changes)', async () => {
    const athlete = await createAthlete(t.services, 'Owned By Other');
    const match = (await share(otherCoach.cookie, athlete.id, otherRequestId)).json();
    for (const status of ['accepted', 'declined', 'pending']) {
      const res = await patch(coach.cookie, match.id, status);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Match not found');
    }
    expect(await statusOf(match.id)).toBe('pending');
    expect((await patch(coach.cookie, 'not-a-uuid', 'accepted')).statusCode).toBe(404);
  });

  it('validates bodies: ids must be uuids, status one of the three, nothing else', async () => {
    const athlete = await createAthlete(t.services, 'Validation Case');
    const bad = await t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: 'x', requestId } });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: athlete.id } });
    expect(missing.statusCode).toBe(400);
    const match = (await share(coach.cookie, athlete.id)).json();
    const wrongStatus = await patch(coach.cookie, match.id, 'maybe');
    expect(wrongStatus.statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'PATCH',
      url: `/api/coach/matches/${match.id}`,
      ...as(coach.cookie),
      payload: { status: 'accepted', autoResolved: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(await statusOf(match.id)).toBe('pending');
  });

  it('lets the athlete see shared matches and accept or decline a pending one (M2)', async () => {
    const athlete = await createAthlete(t.services, 'Nora Gil');
    const first = (await share(coach.cookie, athlete.id)).json();
    const secondRequest = await createRequest(t.services, coach.id, { positions: ['Winger'], teamCategories: ["Women's Team"] });
    const second = (await share(coach.cookie, athlete.id, secondRequest)).json();

    const list = await t.app.inject({ method: 'GET', url: '/api/athlete/matches', ...as(athlete.cookie) });
    expect(list.statusCode).toBe(200);
    const matches = list.json().matches;
    expect(matches.map((m: { id: string }) => m.id).sort()).toEqual([first.id, second.id].sort());
    const shown = matches.find((m: { id: string }) => m.id === first.id);
    expect(shown).toMatchObject({
      status: 'pending',
      coach: { firstName: 'Dana', lastName: 'Reyes', programName: 'Hudson State University', division: 'NCAA Division I', schoolSize: 'Medium 5-15k' },
      coachRequest: { positions: ['Forward'], teamCategories: ["Men's Team"], targetStartTerms: ['Fall 2026'] },
    });
    // The coach's private notes are not shown to the athlete.
    expect(JSON.stringify(shown)).not.toContain('presses high');

    const accepted = await athletePatch(athlete.cookie, first.id, 'accepted');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: first.id, status: 'accepted' });
    const declined = await athletePatch(athlete.cookie, second.id, 'declined');
    expect(declined.json()).toMatchObject({ id: second.id, status: 'declined' });

    expect((await events(first.id)).at(-1)).toEqual({ from_status: 'pending', to_status: 'accepted', actor_role: 'athlete', actor_id: athlete.id });
    expect((await events(second.id)).at(-1)).toEqual({ from_status: 'pending', to_status: 'declined', actor_role: 'athlete', actor_id: athlete.id });

    // Only a pending match takes an answer.
    for (const [id, status] of [
      [first.id, 'declined'],
      [second.id, 'accepted'],
    ]) {
      const res = await athletePatch(athlete.cookie, id, status);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('You have already responded to this match.');
    }
    // What they declined stays in their list; the coach sees it declined.
    const after = (await t.app.inject({ method: 'GET', url: '/api/athlete/matches', ...as(athlete.cookie) })).json().matches;
    expect(after.map((m: { id: string; status: string }) => [m.id, m.status]).sort()).toEqual(
      [
        [first.id, 'accepted'],
        [second.id, 'declined'],
      ].sort(),
    );
    const coachView = (await t.app.inject({ method: 'GET', url: '/api/coach/matches', ...as(coach.cookie) })).json();
    expect(coachView.find((m: { id: string }) => m.id === second.id).status).toBe('declined');
  });

  it('refuses an athlete answer other than accept or decline', async () => {
    const athlete = await createAthlete(t.services, 'Only Two Answers');
    const match = (await share(coach.cookie, athlete.id)).json();
    const res = await athletePatch(athlete.cookie, match.id, 'pending');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose accept or decline');
    expect(await statusOf(match.id)).toBe('pending');
  });

  it('hides a match the coach declined after sharing from the athlete', async () => {
    const athlete = await createAthlete(t.services, 'Shared Then Hidden');
    const match = (await share(coach.cookie, athlete.id)).json();
    await patch(coach.cookie, match.id, 'declined');
    const list = await t.app.inject({ method: 'GET', url: '/api/athlete/matches', ...as(athlete.cookie) });
    expect(list.json().matches).toEqual([]);
  });

  it('an athlete cannot see or answer another athlete’s match (404)', async () => {
    const owner = await createAthlete(t.services, 'Match Owner');
    const intruder = await createAthlete(t.services, 'Intruder');
    const match = (await share(coach.cookie, owner.id)).json();
    const res = await athletePatch(intruder.cookie, match.id, 'accepted');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Match not found');
    expect(await statusOf(match.id)).toBe('pending');
    const list = await t.app.inject({ method: 'GET', url: '/api/athlete/matches', ...as(intruder.cookie) });
    expect(list.json().matches).toEqual([]);
  });

  describe('access', () => {
    const someId = '00000000-0000-4000-8000-000000000001';
    const routes = [
      { method: 'POST', url: '/api/coach/matches', payload: { athleteId: someId, requestId: someId }, role: 'coach' },
      { method: 'POST', url: '/api/coach/matches/decline', payload: { athleteId: someId, requestId: someId }, role: 'coach' },
      { method: 'GET', url: '/api/coach/matches', role: 'coach' },
      { method: 'PATCH', url: `/api/coach/matches/${someId}`, payload: { status: 'accepted' }, role: 'coach' },
      { method: 'GET', url: '/api/athlete/matches', role: 'athlete' },
      { method: 'PATCH', url: `/api/athlete/matches/${someId}`, payload: { status: 'accepted' }, role: 'athlete' },
    ] as const;

    const users: Record<string, { cookie: string }> = {};
    beforeAll(async () => {
      for (const role of ['athlete', 'coach', 'agent'] as const) users[role] = await createSignedInUser(t.services, role, { agency: 'Mae' });
    });

    it.each(routes)('$method $url: 401 without a session, 403 for other roles', async (route) => {
      const anonymous = await t.app.inject({ method: route.method, url: route.url, payload: 'payload' in route ? route.payload : undefined });
      expect(anonymous.statusCode).toBe(401);
      for (const role of ['athlete', 'coach', 'agent'] as const) {
        if (role === route.role) continue;
        const user = users[role];
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { cookie: user.cookie },
          payload: 'payload' in route ? route.payload : undefined,
        });
        expect(res.statusCode, role).toBe(403);
      }
    });
  });
});
