import type { AgentMatches } from '@app/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, settleJobs, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * The hub's counts the API keeps (api/src/routes/agent.ts, hubCounts) under the agency's roster
 * generation, whose sources hold them (athlete_match_counts): answered again while no count moved,
 * read again at once after a share, an answer or a decline, and never to a session that is no
 * longer live or an agent who left the agency.
 */
describe('agent hub: kept counts', () => {
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof createSignedInUser>>;
  let coach: { id: string; cookie: string };
  let requestId: string;
  let ana: { id: string; cookie: string };
  let bea: { id: string; cookie: string };
  let mia: { id: string; cookie: string };
  let anaMatchId: string;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createSignedInUser(t.services, 'agent', { agency: 'Eture' });
    coach = await createCoach(t.services);
    requestId = await createRequest(t.services, coach.id);
    ana = await createAthlete(t.services, 'Ana Ruiz', { agency: 'Eture' });
    bea = await createAthlete(t.services, 'Bea Soto', { agency: 'Eture' });
    mia = await createAthlete(t.services, 'Mia Mae', { agency: 'Mae' });
  });
  afterAll(async () => {
    // The shares' jobs finish before the database goes.
    if (t) await settleJobs(t.services);
    await t?.close();
  });

  const hub = async (headers: Record<string, string> = {}, cookie = agent.cookie) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AgentMatches>().stats;
  };
  const share = async (athleteId: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/coach/matches', headers: { cookie: coach.cookie }, payload: { athleteId, requestId } });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };
  /** Runs `change` with the roster's marks off on the stored counts: a change no generation sees, what kept counts keep showing. */
  const unseen = async (change: () => Promise<unknown>) => {
    await sql`alter table athlete_match_counts disable trigger roster_change_mark`.execute(t.services.db);
    try {
      await change();
    } finally {
      await sql`alter table athlete_match_counts enable trigger roster_change_mark`.execute(t.services.db);
    }
  };
  const setPending = (athleteId: string, pending: number) =>
    t.services.db.updateTable('athlete_match_counts').set({ pending }).where('athlete_id', '=', athleteId).execute();

  it('answers kept counts again while the agency is unchanged; Cache-Control: no-cache reads them again', async () => {
    anaMatchId = await share(ana.id);
    // Its jobs done: a running one keeps the counts from being kept, and one committing moves the generation.
    await settleJobs(t.services);
    const first = await hub();
    expect(first).toEqual({ total: 1, byStatus: { pending: 1, accepted: 0, declined: 0 }, byAthlete: { [ana.id]: { pending: 1, accepted: 0, declined: 0 } } });
    await unseen(() => setPending(ana.id, 5));
    expect(await hub()).toEqual(first);
    expect((await hub({ 'cache-control': 'no-cache' })).byStatus.pending).toBe(5);
    await unseen(() => setPending(ana.id, 1));
    expect((await hub({ pragma: 'no-cache' })).byStatus.pending).toBe(1);
  });

  it("shows a share, an answer and a decline at once; another agency's share leaves the kept counts", async () => {
    // Another agency's athlete: Eture's counts are kept, and unchanged.
    await settleJobs(t.services);
    const before = await hub();
    await share(mia.id);
    await settleJobs(t.services);
    await unseen(() => setPending(ana.id, 7));
    expect(await hub()).toEqual(before);
    await unseen(() => setPending(ana.id, 1));

    const matchId = await share(bea.id);
    const shared = await hub();
    expect(shared.byStatus).toEqual({ pending: 2, accepted: 0, declined: 0 });
    expect(shared.byAthlete[bea.id]).toEqual({ pending: 1, accepted: 0, declined: 0 });

    const answered = await t.app.inject({
      method: 'PATCH',
      url: `/api/athlete/matches/${matchId}`,
      headers: { cookie: bea.cookie },
      payload: { status: 'accepted' },
    });
    expect(answered.statusCode).toBe(200);
    expect((await hub()).byAthlete[bea.id]).toEqual({ pending: 0, accepted: 1, declined: 0 });

    const declined = await t.app.inject({
      method: 'PATCH',
      url: `/api/coach/matches/${anaMatchId}`,
      headers: { cookie: coach.cookie },
      payload: { status: 'declined' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await hub()).toMatchObject({ total: 2, byStatus: { pending: 0, accepted: 1, declined: 1 } });
  });

  it("reads the agent's new agency's counts after a move, and refuses a session ended after a kept read", async () => {
    expect((await hub()).total).toBe(2);
    await t.services.db.updateTable('agents').set({ agency: 'Mae' }).where('id', '=', agent.id).execute();
    try {
      expect(await hub()).toEqual({
        total: 1,
        byStatus: { pending: 1, accepted: 0, declined: 0 },
        byAthlete: { [mia.id]: { pending: 1, accepted: 0, declined: 0 } },
      });
    } finally {
      await t.services.db.updateTable('agents').set({ agency: 'Eture' }).where('id', '=', agent.id).execute();
    }
    expect((await hub()).total).toBe(2);

    await t.services.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', agent.id).execute();
    const refused = await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: agent.cookie } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Please sign in to continue.', code: 'signInRequired' });
  });
});
