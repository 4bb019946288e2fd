import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/** GET /api/account/export: each account's own copy of what the product keeps about it, and nobody else's. */

let t: TestApp;
const as = (cookie: string) => ({ headers: { cookie } });
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let coach: User, athlete: User, agent: User, otherCoach: User, otherAthlete: User;
let matchId: string;
let requestId: string;

beforeAll(async () => {
  t = await createTestApp();
  const s = t.services;
  coach = await createCoach(s, 'Dana', 'Reyes');
  athlete = await createAthlete(s, 'Lucía Torres', { agency: 'Eture' });
  agent = await createSignedInUser(s, 'agent', { firstName: 'Ana', lastName: 'Gil', agency: 'Eture' });
  otherCoach = await createCoach(s, 'Other', 'Coach');
  otherAthlete = await createAthlete(s, 'Other Athlete', { agency: 'Mae' });
  requestId = await createRequest(s, coach.id);
  await createRequest(s, otherCoach.id);
  const share = () => t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: athlete.id, requestId } });
  matchId = (await share()).json().id;
  await share(); // the coach confirms: accepted, the conversation opens
  await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/messages`, ...as(coach.cookie), payload: { body: 'Welcome, Lucía!' } });
  await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/messages`, ...as(athlete.cookie), payload: { body: 'Thank you, coach.' } });
  await t.services.outbox.drain();
  await t.services.queue.whenIdle();
});
afterAll(() => t?.close());

const exportOf = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/account/export', ...as(cookie) });

describe('account export', () => {
  it("gives a coach their account, profile, requests, matches, conversations and notifications as a file, and nothing of another coach's", async () => {
    const res = await exportOf(coach.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="recruitmatch-coach-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toEqual({ id: coach.id, role: 'coach', email: coach.email, language: null, createdAt: expect.any(String) });
    expect(data.profile).toMatchObject({ coachFirstName: 'Dana', coachLastName: 'Reyes' });
    expect(data.requests.map((r: { id: string }) => r.id)).toEqual([requestId]);
    expect(data.requests[0]).toMatchObject({ deletedAt: null, request: { positions: expect.any(Array) } });
    expect(data.matches).toEqual([
      expect.objectContaining({ id: matchId, requestId, request: "Forward (Men's Team)", athlete: 'Lucía Torres', coach: 'Dana Reyes', status: 'accepted' }),
    ]);
    expect(data.messages).toEqual([
      { matchId, from: 'Dana Reyes', fromRole: 'coach', byYou: true, body: 'Welcome, Lucía!', sentAt: expect.any(String) },
      { matchId, from: 'Lucía Torres', fromRole: 'athlete', byYou: false, body: 'Thank you, coach.', sentAt: expect.any(String) },
    ]);
    expect(data.notifications.map((n: { kind: string; body: string }) => [n.kind, n.body])).toEqual([['message', 'Thank you, coach.']]);
    expect(data.emailSettings).toMatchObject({ match_answered: true, message: true });
    expect(data.sessions).toEqual([expect.objectContaining({ endedAt: null, rememberMe: expect.any(Boolean) })]);
    // Secrets never leave: no password hash, no session id.
    expect(res.body).not.toMatch(/argon2|password_hash|id_hash/);
  });

  it('gives an athlete their own profile, the matches shared with them and their conversation', async () => {
    const data = (await exportOf(athlete.cookie)).json();
    expect(data.account).toMatchObject({ id: athlete.id, role: 'athlete', email: athlete.email });
    expect(data.profile).toMatchObject({ fullName: 'Lucía Torres', agency: 'Eture', profileCompleted: true });
    expect(data.requests).toEqual([]);
    expect(data.matches).toEqual([expect.objectContaining({ id: matchId, coach: 'Dana Reyes', status: 'accepted' })]);
    expect(data.messages.map((m: { byYou: boolean; body: string }) => [m.byYou, m.body])).toEqual([
      [false, 'Welcome, Lucía!'],
      [true, 'Thank you, coach.'],
    ]);
    expect(data.notifications.map((n: { kind: string }) => n.kind)).toEqual(expect.arrayContaining(['match_shared', 'message']));
  });

  it("gives the agent their profile and their athletes' conversations, another athlete nothing of this match", async () => {
    const data = (await exportOf(agent.cookie)).json();
    expect(data.profile).toMatchObject({ firstName: 'Ana', lastName: 'Gil', agency: 'Eture' });
    expect(data.matches).toEqual([]);
    expect(data.messages.map((m: { matchId: string; byYou: boolean }) => [m.matchId, m.byYou])).toEqual([
      [matchId, false],
      [matchId, false],
    ]);
    const other = (await exportOf(otherAthlete.cookie)).json();
    expect(other.account.id).toBe(otherAthlete.id);
    expect([other.matches, other.messages, other.requests]).toEqual([[], [], []]);
    expect(JSON.stringify(other)).not.toContain('Welcome, Lucía!');
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(res.statusCode).toBe(401);
  });
});
