import { hashPassword } from '@app/api/auth/passwords';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * DELETE /api/account: the account and everything it is part of go, for everyone, in one
 * transaction, confirmed by the current password; the others' counts and lists follow.
 */

let t: TestApp;
const as = (cookie: string) => ({ headers: { cookie } });
type User = Awaited<ReturnType<typeof createSignedInUser>>;
const PASSWORD = 'delete-me-1';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.services.outbox.drain();
  await t?.services.queue.whenIdle();
  await t?.close();
});

async function withPassword(user: User) {
  await t.services.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/**
 * A coach's request, an athlete of `agency` shared and accepted, and a message from each of the
 * three (one agent per agency: each test takes another agency).
 */
async function acceptedMatchWithMessages(agency: 'Eture' | 'Mae' | 'Global College') {
  const s = t.services;
  const coach = await withPassword(await createCoach(s, 'Dana', 'Reyes'));
  const athlete = await withPassword(await createAthlete(s, 'Lucía Torres', { agency }));
  const agent = await withPassword(await createSignedInUser(s, 'agent', { firstName: 'Ana', lastName: 'Gil', agency }));
  const requestId = await createRequest(s, coach.id);
  const share = () => t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: athlete.id, requestId } });
  const matchId = (await share()).json().id as string;
  expect((await share()).json().status).toBe('accepted');
  for (const [user, body] of [
    [coach, 'Welcome!'],
    [athlete, 'Thanks, coach.'],
    [agent, 'Happy to set up a call.'],
  ] as const) {
    const posted = await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/messages`, ...as(user.cookie), payload: { body } });
    expect(posted.statusCode, posted.body).toBe(201);
  }
  await s.outbox.drain();
  await s.queue.whenIdle();
  return { coach, athlete, agent, requestId, matchId };
}

const remove = (user: User, currentPassword = PASSWORD) =>
  t.app.inject({ method: 'DELETE', url: '/api/account', ...as(user.cookie), payload: { currentPassword } });
/** Rows of `table` whose `column` is `value` (plain SQL: the table and column vary). */
const count = async (table: 'users' | 'matches' | 'messages' | 'coach_requests' | 'notifications' | 'images', column: string, value: string) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(t.services.db);
  return rows[0].n;
};

describe('account deletion', () => {
  it('refuses a wrong current password and deletes nothing', async () => {
    const { athlete, matchId } = await acceptedMatchWithMessages('Eture');
    const res = await remove(athlete, 'not-it-at-all');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Your current password is not correct', code: 'currentPasswordWrong' });
    expect(await count('users', 'id', athlete.id)).toBe(1);
    expect(await count('messages', 'match_id', matchId)).toBe(3);
  });

  it("deletes an athlete with their matches and conversations for everyone; the coach's and agent's views follow; the address is told", async () => {
    const { coach, athlete, agent, matchId } = await acceptedMatchWithMessages('Mae');
    const photo = await t.services.db
      .insertInto('images')
      .values({ owner_id: athlete.id, mime: 'image/webp', bytes: Buffer.from('x'), size: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/notifications', ...as(agent.cookie) })).json())).toContain('Lucía Torres');
    expect((await t.app.inject({ method: 'GET', url: '/api/agent/dashboard', ...as(agent.cookie) })).json().playerCount).toBe(1);
    const res = await remove(athlete);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.' });
    expect(res.cookies.find((c) => c.name === 'rp_session')?.value).toBe('');

    expect(await count('users', 'id', athlete.id)).toBe(0);
    expect(await count('matches', 'id', matchId)).toBe(0);
    expect(await count('messages', 'match_id', matchId)).toBe(0);
    expect(await count('images', 'id', photo.id)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/validate-token', ...as(athlete.cookie) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/athlete/login', payload: { email: athlete.email, password: PASSWORD } })).statusCode).toBe(401);
    // The others no longer see the athlete, their match or what they were told about it.
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations', ...as(coach.cookie) })).json().conversations).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/coach/athletes/${athlete.id}`, ...as(coach.cookie) })).statusCode).toBe(404);
    expect(JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/notifications', ...as(agent.cookie) })).json())).not.toContain('Lucía Torres');
    const dashboard = (await t.app.inject({ method: 'GET', url: '/api/agent/dashboard', ...as(agent.cookie) })).json();
    expect(dashboard.playerCount).toBe(0);
    const notice = await t.smtp.waitFor(athlete.email, (m) => m.subject === 'Your account was deleted');
    expect(notice.text).toMatch(/\/contact/);
  });

  it('deletes an agent and the messages they wrote; the agency can register a new agent', async () => {
    const { coach, agent, matchId } = await acceptedMatchWithMessages('Global College');
    const coachNotifications = async () => JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/notifications', ...as(coach.cookie) })).json());
    expect(await coachNotifications()).toContain('Happy to set up a call.');
    expect((await remove(agent)).statusCode).toBe(200);
    const thread = (await t.app.inject({ method: 'GET', url: `/api/matches/${matchId}/messages`, ...as(coach.cookie) })).json();
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual(['Welcome!', 'Thanks, coach.']);
    expect(await coachNotifications()).not.toContain('Happy to set up a call.');
    const options = (await t.app.inject({ method: 'GET', url: '/api/agent/register/options' })).json().options;
    expect(options).toContainEqual(expect.objectContaining({ agency: 'Global College', available: true }));
  });

  it("deletes a coach with their requests, and the athlete's match and conversation with them", async () => {
    // The first test's Eture agent stays; this one deletes it first (as its owner could).
    await t.services.db
      .deleteFrom('users')
      .where('id', 'in', (eb) => eb.selectFrom('agents').select('id').where('agency', '=', 'Eture'))
      .execute();
    const { coach, athlete, requestId, matchId } = await acceptedMatchWithMessages('Eture');
    expect((await remove(coach)).statusCode).toBe(200);
    expect(await count('coach_requests', 'id', requestId)).toBe(0);
    expect(await count('matches', 'id', matchId)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/athlete/matches', ...as(athlete.cookie) })).json().matches).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations', ...as(athlete.cookie) })).json().conversations).toEqual([]);
    expect(await count('notifications', 'user_id', athlete.id)).toBe(0);
  });
});
