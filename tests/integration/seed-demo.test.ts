import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
