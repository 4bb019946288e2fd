import type { Role } from '@app/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createFixtures, MATRIX, type Fixtures, type Row } from './authorization-matrix.ts';

describe('authorization matrix', () => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    // Rate limits are part of the product; this test sends more calls than a person would.
    t = await createTestApp();
    f = await createFixtures(t);
  });
  afterAll(() => t?.close());

  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
  const pathOf = (url: string, row: Row) => {
    if (row.owned) return row.owned(f).mine;
    if (row.path) return row.path(f);
    return url.replace(':id', f.imageId);
  };
  const call = (method: string, url: string, row: Row, cookie?: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: row.body?.(f) ?? {} }),
    });

  it('has a row for every API route, and a route for every row', () => {
    const routes = t.app.apiRoutes.map(key).sort();
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k))).toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s: nobody', async (route, row) => {
    const [method, url] = route.split(' ');
    const res = await call(method, pathOf(url, row), row);
    if (row.access === 'public') expect([401, 403]).not.toContain(res.statusCode);
    else expect(res.statusCode).toBe(401);
  });

  const roles: Role[] = ['athlete', 'coach', 'agent'];
  it('validate-token answers each role with its own user', async () => {
    for (const role of roles) {
      const res = await t.app.inject({ method: 'GET', url: '/api/validate-token', headers: { cookie: f.owner[role].cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ role, id: (f.owner[role] as { id: string }).id });
    }
  });
  it.each(Object.entries(MATRIX).filter(([, row]) => roles.includes(row.access as Role)))('%s: each role', async (route, row) => {
    const [method, url] = route.split(' ');
    for (const role of roles) {
      const res = await call(method, pathOf(url, row), row, f.owner[role].cookie);
      if (role === row.access) expect([401, 403, 404], `${role} on its own route`).not.toContain(res.statusCode);
      else expect(res.statusCode, `${role} on a ${row.access} route`).toBe(403);
    }
  });

  it.each(Object.entries(MATRIX).filter(([, row]) => row.owned && row.access !== 'session'))(
    '%s: another user of the same role gets 404',
    async (route, row) => {
      const [method] = route.split(' ');
      const role = row.access as Role;
      const { theirs } = row.owned!(f);
      // For POST /coach/matches the "object" is the request in the body: another coach's request.
      const body = route === 'POST /api/coach/matches' ? { ...(row.body!(f) as object), requestId: f.requestB } : undefined;
      const res = await t.app.inject({
        method: method as 'GET',
        url: theirs,
        headers: { cookie: f.owner[role].cookie },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body ?? row.body?.(f) ?? {} }),
      });
      expect(res.statusCode).toBe(404);
    },
  );

  // Session routes (every role); GET /api/events is a stream, checked in tests/integration/live-events.test.ts.
  it.each(Object.entries(MATRIX).filter(([route, row]) => row.access === 'session' && route !== 'GET /api/validate-token' && route !== 'GET /api/events'))(
    "%s: each role gets through on its own data, 404 on others' objects",
    async (route, row) => {
      const [method, url] = route.split(' ');
      for (const role of roles) {
        const res = await call(method, pathOf(url, row), row, f.owner[role].cookie);
        expect([401, 403, 404], `${role} on its own data`).not.toContain(res.statusCode);
        if (row.owned) {
          const theirs = await call(method, row.owned(f).theirs, row, f.owner[role].cookie);
          expect(theirs.statusCode, `${role} on another's object`).toBe(404);
        }
      }
    },
  );

  it('the insights calls refuse a session cookie without staff credentials', async () => {
    for (const role of roles) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support-insights/stats',
        headers: { cookie: f.owner[role].cookie },
        payload: { username: 'x', password: 'y' },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('an agent sees only athletes and matches of their own agency', async () => {
    const dashboard = (await t.app.inject({ method: 'GET', url: '/api/agent/dashboard', headers: { cookie: f.agentA.cookie } })).json();
    const ids = dashboard.players.map((p: { id: string }) => p.id);
    expect(ids).toContain(f.athleteA.id);
    expect(ids).not.toContain(f.athleteB.id);
    const matches = (await t.app.inject({ method: 'GET', url: '/api/agent/matches', headers: { cookie: f.agentA.cookie } })).json();
    const matchIds = matches.matches.map((m: { id: string }) => m.id);
    expect(matchIds).toContain(f.matchA);
    expect(matchIds).not.toContain(f.matchB);
    const athleteIds = new Set(matches.matches.map((m: { athlete: { id: string } }) => m.athlete.id));
    expect(athleteIds.has(f.athleteB.id)).toBe(false);
    // The roster, searched by the other agency's athlete's name, finds nobody.
    const roster = (await t.app.inject({ method: 'GET', url: '/api/agent/players', headers: { cookie: f.agentA.cookie } })).json();
    expect(roster.players.map((p: { id: string }) => p.id)).toContain(f.athleteA.id);
    expect(roster.players.map((p: { id: string }) => p.id)).not.toContain(f.athleteB.id);
    const search = (await t.app.inject({ method: 'GET', url: '/api/agent/players?q=bruno', headers: { cookie: f.agentA.cookie } })).json();
    expect(search).toMatchObject({ total: 0, players: [] });
  });
});
