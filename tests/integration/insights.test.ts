import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

// The harness configures INSIGHTS_USERNAME=staff, INSIGHTS_PASSWORD=insights-test-password.
const CREDENTIALS = { username: 'staff', password: 'insights-test-password' };
const ROUTES = ['/api/support-insights/stats', '/api/support-insights/athletes', '/api/support-insights/requests'];

describe('insights console API', () => {
  let t: TestApp;
  let address = 0;
  /** Each test calls from its own address, so the per-address limit only meets the test about it. */
  const nextAddress = () => `10.0.0.${++address}`;
  const call = (url: string, payload: unknown, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

  const athleteNames: string[] = [];
  let deletedRequestId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const base = Date.UTC(2026, 0, 1);
    const fixtures = [
      { gpa: 3.0, agency: 'Eture' },
      { gpa: 3.5, agency: 'Eture' },
      { gpa: 4.0, agency: 'Mae' },
    ];
    for (let i = 0; i < 10; i++) {
      const name = `Athlete ${String(i).padStart(2, '0')}`;
      athleteNames.push(name);
      const f = fixtures[i % 3];
      await createAthlete(t.services, name, { ...f, completed: i < 9, createdAt: new Date(base + i * 60_000) });
    }
    const coach = await createCoach(t.services, 'Dana', 'Reyes', 'Hudson State University');
    await createCoach(t.services, 'Sam', 'Lee', 'Bay College');
    for (let i = 0; i < 9; i++) await createRequest(t.services, coach.id, { positions: [i % 2 ? 'Winger' : 'Goalkeeper'] });
    deletedRequestId = await createRequest(t.services, coach.id, { positions: ['Forward'] });
    await t.services.db.updateTable('coach_requests').set({ deleted_at: new Date() }).where('id', '=', deletedRequestId).execute();
  });
  afterAll(() => t?.close());

  it('answers the totals, league distribution and region preferences', async () => {
    const res = await call('/api/support-insights/stats', CREDENTIALS);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    // 9 complete profiles have a GPA: three each of 3.0, 3.5 and 4.0; the 10th has none.
    expect(body.summary).toEqual({ totalAthletes: 10, totalCoaches: 2, totalRequests: 9, averageGpa: 3.5 });
    expect(body.leagueDistribution).toEqual([
      { _id: 'Segunda RFEF', count: 9 },
      { _id: 'Not specified', count: 1 },
    ]);
    expect(body.regionPreferences).toEqual([
      { _id: 'Northeast', count: 9 },
      { _id: 'West Coast', count: 9 },
    ]);
  });

  it('lists the 8 newest athletes, newest first', async () => {
    const res = await call('/api/support-insights/athletes', CREDENTIALS);
    expect(res.statusCode).toBe(200);
    const { athletes } = res.json();
    expect(athletes.map((a: { fullName: string }) => a.fullName)).toEqual(athleteNames.slice(2).reverse());
    expect(athletes[1]).toMatchObject({
      fullName: 'Athlete 08',
      nationality: 'Spain',
      primaryPosition: 'Forward',
      leagueLevelLabel: 'Segunda RFEF',
      gpa: 4,
      agency: 'Mae',
      profileCompleted: true,
    });
    expect(athletes[0]).toMatchObject({ fullName: 'Athlete 09', profileCompleted: false, gpa: null });
    expect(JSON.stringify(athletes)).not.toContain('@');
  });

  it('lists the 8 latest active briefs with their program', async () => {
    const res = await call('/api/support-insights/requests', CREDENTIALS);
    expect(res.statusCode).toBe(200);
    const { requests } = res.json();
    expect(requests).toHaveLength(8);
    expect(requests.map((r: { id: string }) => r.id)).not.toContain(deletedRequestId);
    expect(requests[0]).toMatchObject({
      programName: 'Hudson State University',
      division: 'NCAA Division I',
      coachName: 'Dana Reyes',
      teamCategories: ["Men's Team"],
    });
    const times = requests.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it.each(ROUTES)('%s refuses wrong credentials with 401 and a clear message', async (url) => {
    for (const payload of [
      { username: 'staff', password: 'wrong' },
      { username: 'someone', password: CREDENTIALS.password },
      { username: 'STAFF', password: CREDENTIALS.password },
    ]) {
      const res = await call(url, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid insights username or password.', code: 'insightsInvalidCredentials' });
    }
  });

  it.each(ROUTES)('%s requires both fields', async (url) => {
    for (const payload of [{ username: 'staff' }, { password: 'x' }, { username: '', password: '' }, {}]) {
      const res = await call(url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This field is required');
    }
  });

  it('ignores a session: a signed-in user without the console credentials is refused', async () => {
    const coach = await createSignedInUser(t.services, 'coach');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support-insights/stats',
      headers: { cookie: coach.cookie },
      payload: { username: 'x', password: 'y' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(401);
  });

  it.each(ROUTES)('%s is rate-limited per address (429 after 10 calls a minute)', async (url) => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      const res = await call(url, i % 2 ? CREDENTIALS : { username: 'staff', password: `guess-${i}` }, address);
      expect(res.statusCode).not.toBe(429);
    }
    const limited = await call(url, CREDENTIALS, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait a moment and try again.');
    // Another address is unaffected.
    expect((await call(url, CREDENTIALS)).statusCode).toBe(200);
  });
});

describe('insights console without configured credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { INSIGHTS_USERNAME: '', INSIGHTS_PASSWORD: '' } });
  });
  afterAll(() => t?.close());

  it('opens for nobody', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/support-insights/stats', payload: { username: 'staff', password: 'insights-test-password' } });
    expect(res.statusCode).toBe(401);
  });
});
