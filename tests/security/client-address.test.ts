import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_RATE_LIMIT } from '@app/api/routes/insights';
import { createTestApp, type TestApp } from '../support/harness.ts';

/**
 * Decision A7: the client address behind every per-address limit is the socket's unless
 * TRUST_PROXY names the proxy. `app.inject` connects from 127.0.0.1, which plays the proxy here.
 */
const GUESSES = 40;
const LOGIN_LIMIT_PER_ADDRESS = 30;

async function insightsGuesses(t: TestApp): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < GUESSES; n++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support-insights/stats',
      headers: { 'x-forwarded-for': `10.9.${n}.1` },
      payload: { username: 'staff', password: `wrong-${n}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

/** A new email each time, so only the per-address limit can answer 429. */
async function loginGuesses(t: TestApp): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < GUESSES; n++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/athlete/login',
      headers: { 'x-forwarded-for': `10.9.${n}.1` },
      payload: { email: `guess${n}@example.com`, password: 'wrong-password' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

/** GET /api/health as a caller (light-my-request's socket address, forwarded headers). */
async function health(t: TestApp, from: { remoteAddress?: string; forwardedFor?: string } = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/health',
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, unknown> & { queue: Record<string, unknown> }>();
}

/** The health answer's figures are there (a monitor's view), or only the statuses are. */
function expectFigures(body: Awaited<ReturnType<typeof health>>, shown: boolean) {
  if (shown) {
    expect(body).toMatchObject({ index: { lagSeconds: expect.any(Number) }, outbox: { unpublished: expect.any(Number) } });
    expect(body.queue).toMatchObject({ status: 'up', waiting: expect.any(Number), failed: expect.any(Number) });
  } else {
    expect(Object.keys(body).sort()).toEqual(['database', 'queue', 'status']);
    expect(Object.keys(body.queue).sort()).toEqual(['kind', 'status']);
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up' }, queue: { status: 'up' } });
  }
}

describe.each([
  ['development', {}],
  ['production', { NODE_ENV: 'production' }],
] as const)('without TRUST_PROXY (%s): a forged X-Forwarded-For is ignored', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
    expect(t.services.config.TRUST_PROXY).toBe(false);
  });
  afterAll(() => t?.close());

  it('the insights console answers 429 after its limit, whatever the header says', async () => {
    const statuses = await insightsGuesses(t);
    expect(statuses.slice(0, INSIGHTS_RATE_LIMIT.max)).toEqual(Array(INSIGHTS_RATE_LIMIT.max).fill(401));
    expect(statuses.slice(INSIGHTS_RATE_LIMIT.max)).toEqual(Array(GUESSES - INSIGHTS_RATE_LIMIT.max).fill(429));
  });

  it('athlete login answers 429 after the per-address limit, whatever the header says', async () => {
    const statuses = await loginGuesses(t);
    expect(statuses.slice(0, LOGIN_LIMIT_PER_ADDRESS)).toEqual(Array(LOGIN_LIMIT_PER_ADDRESS).fill(401));
    expect(statuses.slice(LOGIN_LIMIT_PER_ADDRESS)).toEqual(Array(GUESSES - LOGIN_LIMIT_PER_ADDRESS).fill(429));
  });

  it('the health figures go to loopback and private callers, not to a public one, whatever the header says', async () => {
    expectFigures(await health(t), true);
    expectFigures(await health(t, { remoteAddress: '172.18.0.1' }), true);
    expectFigures(await health(t, { remoteAddress: '203.0.113.7', forwardedFor: '10.1.2.3' }), false);
  });
});

describe.each([
  ['the proxy address', '127.0.0.1'],
  ['one hop', '1'],
  ['a CIDR list', '10.0.0.0/8, 127.0.0.0/8'],
])('with TRUST_PROXY naming %s: each forwarded address is counted on its own', (_name, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: trustProxy } });
  });
  afterAll(() => t?.close());

  it('40 insights guesses from 40 forwarded addresses all reach the credential check', async () => {
    expect(await insightsGuesses(t)).toEqual(Array(GUESSES).fill(401));
  });

  it('40 logins from 40 forwarded addresses all reach the password check', async () => {
    expect(await loginGuesses(t)).toEqual(Array(GUESSES).fill(401));
  });

  it('one forwarded address is still limited', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < INSIGHTS_RATE_LIMIT.max + 2; n++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support-insights/stats',
        headers: { 'x-forwarded-for': '192.0.2.7' },
        payload: { username: 'staff', password: 'wrong' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(INSIGHTS_RATE_LIMIT.max)).toEqual([429, 429]);
  });

  it('the health figures go to a forwarded private address, not to a forwarded public one', async () => {
    expectFigures(await health(t, { forwardedFor: '192.168.5.5' }), true);
    expectFigures(await health(t, { forwardedFor: '203.0.113.7' }), false);
  });
});

describe('with TRUST_PROXY naming another proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.1.2.3' } });
  });
  afterAll(() => t?.close());

  it('a direct client (not that proxy) cannot choose its address', async () => {
    const statuses = await insightsGuesses(t);
    expect(statuses.slice(INSIGHTS_RATE_LIMIT.max)).toEqual(Array(GUESSES - INSIGHTS_RATE_LIMIT.max).fill(429));
  });
});
