import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAthlete } from '../integration/matches-fixtures.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * GET /api/agent/players reads the session and the agent's agency inside the page's own statement
 * (agentRosterPage); a page with no row reads them with its count. Each case runs on a roster page
 * with players (the page's statement decides) and on a search that finds none (the count's
 * statement decides): every session rule of requireRole must hold in both.
 */
describe('agent roster: the session read with the page', () => {
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof createSignedInUser>>;
  const agency = 'Session Check Agency';
  const pages = [
    { query: '', players: 2 },
    { query: '?q=zzzz', players: 0 },
    { query: '?q=zzzzz&sort=score', players: 0 },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createSignedInUser(t.services, 'agent', { agency });
    for (const name of ['Lucía Martín', 'Nora Vidal']) await createAthlete(t.services, name, { agency });
  });
  afterAll(() => t?.close());

  const read = (cookie: string | undefined, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/agent/players${query}`, headers: cookie ? { cookie } : {} });

  it("answers the agent with their agency's players, or none", async () => {
    for (const { query, players } of pages) {
      const res = await read(agent.cookie, query);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), query).toMatchObject({ total: players, page: 1 });
      expect(
        res
          .json()
          .players.map((p: { fullName: string }) => p.fullName)
          .sort(),
      ).toEqual(players ? ['Lucía Martín', 'Nora Vidal'] : []);
      // The session's columns ride on the rows; none reaches the answer.
      expect(Object.keys(res.json().players[0] ?? {}).filter((key) => key.startsWith('session') || key === 'agency')).toEqual([]);
    }
  });

  it('answers 401 without a cookie, with an unknown one, and for a revoked, idle or expired session', async () => {
    const cases = [{ revoked_at: new Date() }, { last_seen_at: new Date(Date.now() - 3 * 86_400_000 - 60_000) }, { expires_at: new Date(Date.now() - 1000) }];
    for (const { query } of pages) {
      expect((await read(undefined, query)).json()).toEqual({ message: 'Please sign in to continue.', code: 'signInRequired' });
      expect((await read('rp_session=made-up', query)).statusCode).toBe(401);
      for (const change of cases) {
        // One agent per agency: each case's agent has an agency of its own, with a player.
        const otherAgency = `Session Check ${randomBytes(4).toString('hex')}`;
        const other = await createSignedInUser(t.services, 'agent', { agency: otherAgency });
        await createAthlete(t.services, 'Ona Puig', { agency: otherAgency });
        expect((await read(other.cookie, query)).statusCode).toBe(200);
        await t.services.db.updateTable('sessions').set(change).where('user_id', '=', other.id).execute();
        const res = await read(other.cookie, query);
        expect(res.statusCode, `${query} ${JSON.stringify(change)}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Please sign in to continue.', code: 'signInRequired' });
      }
    }
  });

  it('answers 403 to the other roles and 404 to an agent whose profile is gone', async () => {
    const orphan = await createSignedInUser(t.services, 'agent', { agency: 'Gone Agency' });
    await t.services.db.deleteFrom('agents').where('id', '=', orphan.id).execute();
    for (const { query } of pages) {
      for (const role of ['athlete', 'coach'] as const) {
        const user = await createSignedInUser(t.services, role);
        expect((await read(user.cookie, query)).statusCode, `${role} ${query}`).toBe(403);
      }
      const res = await read(orphan.cookie, query);
      expect(res.statusCode, query).toBe(404);
      expect(res.json().message).toBe('Agent profile not found');
    }
  });

  it('keeps last_seen_at fresh, at most every 5 minutes, whether the page has players or not', async () => {
    const sessions = () => t.services.db.updateTable('sessions').where('user_id', '=', agent.id);
    const lastSeen = async () =>
      (await t.services.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', agent.id).executeTakeFirstOrThrow()).last_seen_at;
    for (const { query } of pages) {
      await sessions()
        .set({ last_seen_at: sql`now() - interval '4 minutes'` })
        .execute();
      const recent = await lastSeen();
      expect((await read(agent.cookie, query)).statusCode).toBe(200);
      expect(await lastSeen(), query).toEqual(recent);
      await sessions()
        .set({ last_seen_at: sql`now() - interval '6 minutes'` })
        .execute();
      expect((await read(agent.cookie, query)).statusCode).toBe(200);
      expect(Date.now() - new Date(await lastSeen()).getTime(), query).toBeLessThan(60_000);
    }
  });
});
