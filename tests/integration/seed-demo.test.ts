import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty, type DemoSeedResult } from '../../api/src/demo.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';

describe('demo data on first start', () => {
  let ctx: TestApp;
  let demo: DemoSeedResult | null;
  const printed: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'demo-logins-'));
  const loginsFile = path.join(dir, 'data', 'demo-logins.txt');

  beforeAll(async () => {
    ctx = await createTestApp({ env: { SEED_ATHLETES: '60' } });
    demo = await seedDemoIfEmpty(ctx.services, { print: (line) => printed.push(line), loginsFile });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints demo logins with their password', () => {
    expect(demo).not.toBeNull();
    const text = printed.join('\n');
    expect(text).toContain(demo!.password);
    expect(demo!.logins.map((l) => l.role)).toEqual(['athlete', 'coach', 'agent', 'agent', 'agent']);
    for (const login of demo!.logins) expect(text).toContain(login.email);
  });

  it('keeps the logins in a file only its owner can read', () => {
    expect(demo!.file).toBe(loginsFile);
    const kept = readFileSync(loginsFile, 'utf8');
    expect(kept).toContain(demo!.password);
    for (const login of demo!.logins) expect(kept).toContain(login.email);
    expect(statSync(loginsFile).mode & 0o077).toBe(0);
  });

  it('loads the configured number of complete athletes and one agent per agency', async () => {
    const { db } = ctx.services;
    const complete = await db
      .selectFrom('athletes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('profile_completed', '=', true)
      .executeTakeFirstOrThrow();
    expect(Number(complete.n)).toBe(60);
    const agents = await db.selectFrom('agents').select('agency').orderBy('agency').execute();
    expect(agents.map((a) => a.agency)).toEqual(['Eture', 'Global College', 'Mae']);
  });

  it('lets every demo account sign in with the printed password, and no one with a wrong one', async () => {
    for (const login of demo!.logins) {
      const ok = await ctx.app.inject({ method: 'POST', url: `/api/${login.role}/login`, payload: { email: login.email, password: demo!.password } });
      expect(ok.statusCode, `${login.role} ${login.email}`).toBe(200);
      const wrong = await ctx.app.inject({ method: 'POST', url: `/api/${login.role}/login`, payload: { email: login.email, password: 'not-the-password' } });
      expect(wrong.statusCode).toBe(401);
    }
  });

  it('gives the demo coach requests whose ranked lists are ready', async () => {
    const coach = demo!.logins.find((l) => l.role === 'coach')!;
    const login = await ctx.app.inject({ method: 'POST', url: '/api/coach/login', payload: { email: coach.email, password: demo!.password } });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const list = await ctx.app.inject({ method: 'GET', url: '/api/coach/requests', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const requests = list.json<Array<{ _id: string }>>();
    expect(requests.length).toBeGreaterThan(0);
    const matches = await ctx.app.inject({ method: 'GET', url: `/api/coach/requests/${requests[0]._id}/matches?view=all`, headers: { cookie } });
    expect(matches.statusCode).toBe(200);
    expect(matches.json()).toMatchObject({ status: 'ready', poolSize: 60 });
  });

  it('plays what happens after the match: shares, answers and a conversation for the demo athlete', async () => {
    const { db } = ctx.services;
    const signIn = async (role: string) => {
      const login = demo!.logins.find((l) => l.role === role)!;
      const answer = await ctx.app.inject({ method: 'POST', url: `/api/${role}/login`, payload: { email: login.email, password: demo!.password } });
      return String(answer.headers['set-cookie']).split(';')[0];
    };
    const athlete = await db.selectFrom('users').select('id').where('email', '=', 'athlete.demo@example.com').executeTakeFirstOrThrow();

    const threadOf = async (matchId: string, cookie: string) => {
      const thread = await ctx.app.inject({ method: 'GET', url: `/api/matches/${matchId}/messages`, headers: { cookie } });
      expect(thread.statusCode).toBe(200);
      const { messages, canSend } = thread.json<{ messages: Array<{ sender: { role: string } }>; canSend: boolean }>();
      return { roles: messages.map((m) => m.sender.role), canSend };
    };

    // The demo coach's shares: three per request, the first accepted by its player, with a conversation.
    const coachCookie = await signIn('coach');
    const coachMatches = await ctx.app.inject({ method: 'GET', url: '/api/coach/matches', headers: { cookie: coachCookie } });
    const shared = coachMatches.json<Array<{ id: string; status: string; athlete: { id: string } }>>();
    const requests = (await ctx.app.inject({ method: 'GET', url: '/api/coach/requests', headers: { cookie: coachCookie } })).json<Array<{ _id: string }>>();
    let listedOthers = 0; // the top three of each list, or all of a shorter one
    for (const { _id } of requests) {
      const listed = await db.selectFrom('match_scores').select('athlete_id').where('request_id', '=', _id).where('athlete_id', '!=', athlete.id).execute();
      listedOthers += Math.min(3, listed.length);
    }
    const others = shared.filter((m) => m.athlete.id !== athlete.id);
    expect(others.length).toBe(listedOthers);
    expect(others.length).toBeGreaterThan(requests.length);
    const otherAccepted = others.filter((m) => m.status === 'accepted');
    expect(otherAccepted.length).toBeGreaterThanOrEqual(1);
    // The player has the last word there, so the coach opens the demo on a message new to them.
    expect(await threadOf(otherAccepted.at(-1)!.id, coachCookie)).toEqual({ roles: ['coach', 'athlete', 'coach', 'athlete'], canSend: true });

    // The demo athlete: shared on two requests, one accepted with a conversation, one to answer.
    const cookie = await signIn('athlete');
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/athlete/matches', headers: { cookie } })).json<{
      matches: Array<{ id: string; status: string }>;
    }>().matches;
    expect(mine.map((m) => m.status).sort()).toEqual(['accepted', 'pending']);
    const accepted = mine.find((m) => m.status === 'accepted')!;
    expect(await threadOf(accepted.id, cookie)).toEqual({ roles: ['coach', 'athlete', 'coach'], canSend: true });
    expect(demo!.activity).toEqual({ shared: others.length + 2, accepted: 2, messages: 7 });

    // The demo login went to a listed player (moveDemoAthleteLogin): every account's email is the
    // same in the user, the athlete row and the stored profile, and none is left half moved.
    const emails = await db
      .selectFrom('athletes as a')
      .innerJoin('users as u', 'u.id', 'a.id')
      .select(['u.email as user', 'a.email as athlete', sql<string>`a.profile->>'email'`.as('profile')])
      .execute();
    expect(emails.filter((e) => e.user !== e.athlete || e.user !== e.profile)).toEqual([]);
    expect(emails.filter((e) => e.user.endsWith('.invalid'))).toEqual([]);
    expect(new Set(emails.map((e) => e.user)).size).toBe(emails.length);

    // Each share and message is a notification event, as the product records them.
    const events = await db
      .selectFrom('notification_events')
      .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
      .where('athlete_id', '=', athlete.id)
      .groupBy('kind')
      .execute();
    const byKind = Object.fromEntries(events.map((e) => [e.kind, Number(e.n)]));
    expect(byKind.message).toBe(3);
    expect(Object.values(byKind).reduce((a, b) => a + b, 0)).toBeGreaterThan(3);
  });

  it('does nothing once the database has accounts', async () => {
    const again = await seedDemoIfEmpty(ctx.services, { print: () => {} });
    expect(again).toBeNull();
    const users = await ctx.services.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(60 + 3 + 3 + Math.max(3, Math.round(60 / 25)));
  });
});
