import { indexRequest } from '@app/worker';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAthlete, createCoach, createRequest } from '../integration/matches-fixtures.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * GET /api/coach/requests/:id/matches reads the session inside the list's own statement (one round
 * trip less on the hot path). These cases hold a non-empty list, so that statement, not the
 * fallback guard, is what decides: every session rule of requireRole must hold there too.
 */
describe('ranked list: the session read with the list', () => {
  let t: TestApp;
  let requestId: string;
  let coach: Awaited<ReturnType<typeof createCoach>>;

  beforeAll(async () => {
    t = await createTestApp();
    coach = await createCoach(t.services);
    for (const name of ['Lucía Martín', 'Nora Vidal']) await createAthlete(t.services, name);
    requestId = await createRequest(t.services, coach.id);
    await indexRequest(t.services.db, { entityId: requestId });
  });
  afterAll(() => t?.close());

  const read = (cookie: string | undefined, id = requestId) =>
    t.app.inject({ method: 'GET', url: `/api/coach/requests/${id}/matches?view=top15`, headers: cookie ? { cookie } : {} });
  const sessions = () => t.services.db.updateTable('sessions').where('user_id', '=', coach.id);

  it("lists the owner's athletes with a live session", async () => {
    const res = await read(coach.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().matches).toHaveLength(2);
  });

  it('answers 401 without a cookie, with an unknown one, and for a revoked, idle or expired session', async () => {
    expect((await read(undefined)).json()).toEqual({ message: 'Please sign in to continue.', code: 'signInRequired' });
    expect((await read('rp_session=made-up')).statusCode).toBe(401);
    const cases = [{ revoked_at: new Date() }, { last_seen_at: new Date(Date.now() - 3 * 86_400_000 - 60_000) }, { expires_at: new Date(Date.now() - 1000) }];
    for (const change of cases) {
      const other = await createSignedInUser(t.services, 'coach');
      await t.services.db.updateTable('coach_requests').set({ coach_id: other.id }).where('id', '=', requestId).execute();
      expect((await read(other.cookie)).statusCode).toBe(200);
      await t.services.db.updateTable('sessions').set(change).where('user_id', '=', other.id).execute();
      const res = await read(other.cookie);
      expect(res.statusCode, JSON.stringify(change)).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue.', code: 'signInRequired' });
    }
    await t.services.db.updateTable('coach_requests').set({ coach_id: coach.id }).where('id', '=', requestId).execute();
  });

  it('answers 403 to other roles and 404 to another coach, for a list that has athletes', async () => {
    for (const role of ['athlete', 'agent'] as const) {
      const user = await createSignedInUser(t.services, role);
      expect((await read(user.cookie)).statusCode).toBe(403);
      expect((await read(user.cookie, 'not-a-uuid')).statusCode).toBe(403);
    }
    const stranger = await createSignedInUser(t.services, 'coach');
    const res = await read(stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Request not found');
  });

  it('keeps last_seen_at fresh, at most every 5 minutes', async () => {
    const lastSeen = async () =>
      (await t.services.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', coach.id).executeTakeFirstOrThrow()).last_seen_at;
    await sessions()
      .set({ last_seen_at: sql`now() - interval '4 minutes'` })
      .execute();
    const recent = await lastSeen();
    expect((await read(coach.cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(recent);
    await sessions()
      .set({ last_seen_at: sql`now() - interval '6 minutes'` })
      .execute();
    expect((await read(coach.cookie)).statusCode).toBe(200);
    expect(Date.now() - new Date(await lastSeen()).getTime()).toBeLessThan(60_000);
  });
});
