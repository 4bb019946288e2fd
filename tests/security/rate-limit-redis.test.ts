import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@app/api';
import type { FastifyInstance } from 'fastify';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { noRedis } from '../support/requirements.ts';

/** Two API instances on one set of services (so one Redis), started before the block's tests and closed after. */
function twoApiInstancesSharingRedis(): FastifyInstance[] {
  const apps: FastifyInstance[] = [];
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestServices({ redis: true });
    apps.push(await buildApp({ services: ctx.services, serveWeb: false }), await buildApp({ services: ctx.services, serveWeb: false }));
    await Promise.all(apps.map((a) => a.ready()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await ctx?.close();
  });
  return apps;
}

/** With Redis, API processes share rate-limit counters: the limit holds across two instances. */
describe.skipIf(noRedis)('rate limits shared through Redis', () => {
  const apps = twoApiInstancesSharingRedis();

  it('counts insights attempts across two API instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await apps[i % 2].inject({ method: 'POST', url: '/api/support-insights/stats', payload: { username: 'staff', password: 'wrong' } });
      statuses.push(res.statusCode);
    }
    // 10 per minute per address in total, not 10 per process.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe.skipIf(noRedis)('login failures shared through Redis (decision A9)', () => {
  const apps = twoApiInstancesSharingRedis();

  it('blocks an (account, address) pair after ten wrong passwords across two API instances', async () => {
    const payload = { email: 'pair.redis@example.com', password: 'wrong' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await apps[i % 2].inject({ method: 'POST', url: '/api/coach/login', payload, remoteAddress: '10.77.0.1' })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Another address is not blocked.
    expect((await apps[0].inject({ method: 'POST', url: '/api/coach/login', payload, remoteAddress: '10.77.0.2' })).statusCode).toBe(401);
  });
});
