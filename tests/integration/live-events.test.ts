import { buildApp } from '@app/api';
import { createServices, recordOutbox, startBullWorker, type Services } from '@app/worker';
import { sql } from 'kysely';
import type { Worker } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { startRedisProxy } from '../support/redis-proxy.ts';
import { noRedis, redisUrl } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * The live stream (GET /api/events) through listening servers: a notification reaches the
 * recipient's open stream, across API processes through Redis pub/sub (and in process without
 * Redis); Last-Event-ID resumes; with Redis down, writes commit and notifications follow later.
 */

interface LiveEvent {
  event: string;
  id?: string;
  data: any;
}

/** Opens an event stream with fetch and parses its frames as they arrive. */
async function openStream(baseUrl: string, cookie: string | undefined, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { ...(cookie ? { cookie } : {}), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  let comments = 0;
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields: Record<string, string> = {};
            for (const line of frame.split('\n')) {
              if (line.startsWith(':')) comments++;
              const m = /^(\w+): ?(.*)$/.exec(line);
              if (m) fields[m[1]] = m[2];
            }
            if (fields.event) events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data) });
          }
        }
      } catch {
        /* aborted */
      }
    })();
  }
  return {
    res,
    events,
    comments: () => comments,
    async next(predicate: (e: LiveEvent) => boolean, timeoutMs = 15_000): Promise<LiveEvent> {
      await expect.poll(() => events.find(predicate), { timeout: timeoutMs, interval: 20 }).toBeDefined();
      return events.find(predicate)!;
    },
    close: () => controller.abort(),
  };
}

async function listen(services: Services) {
  const app = await buildApp({ services, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

async function cast(services: Services, suffix: string) {
  const coach = await createCoach(services, 'Dana', 'Reyes', 'Hudson State University');
  const athlete = await createAthlete(services, `Lucía ${suffix}`, { agency: `Agency ${suffix}` });
  const agent = await createSignedInUser(services, 'agent', { agency: `Agency ${suffix}` });
  const requestId = await createRequest(services, coach.id);
  return { coach, athlete, agent, requestId };
}

const share = (app: FastifyInstance, coachCookie: string, athleteId: string, requestId: string) =>
  app.inject({ method: 'POST', url: '/api/coach/matches', headers: { cookie: coachCookie }, payload: { athleteId, requestId } });

describe('live events in one process (no Redis: the in-process bus)', () => {
  let ctx: TestContext;
  let api: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    ctx = await createTestServices();
    api = await listen(ctx.services);
  });
  afterAll(async () => {
    await api?.app.close();
    await ctx?.close();
  });

  it('refuses a stream without a session (401)', async () => {
    const stream = await openStream(api.baseUrl, undefined);
    expect(stream.res.status).toBe(401);
    const forged = await openStream(api.baseUrl, 'rp_session=not-a-session');
    expect(forged.res.status).toBe(401);
  });

  it('refuses more than 10 open streams per user with 429, and takes a new one once one closed', async () => {
    const user = await createSignedInUser(ctx.services, 'coach');
    const streams = [];
    for (let i = 0; i < 10; i++) {
      const stream = await openStream(api.baseUrl, user.cookie);
      expect(stream.res.status).toBe(200);
      streams.push(stream);
    }
    const refused = await openStream(api.baseUrl, user.cookie);
    expect(refused.res.status).toBe(429);
    expect((await refused.res.json()).message).toMatch(/Too many open live connections/);
    streams[0].close();
    await expect
      .poll(async () => {
        const again = await openStream(api.baseUrl, user.cookie);
        again.close();
        return again.res.status;
      })
      .toBe(200);
    for (const s of streams) s.close();
  });

  it('tells the coach when a request’s ranked list is ready, and when an athlete’s change altered it', async () => {
    const { coach, requestId } = await cast(ctx.services, 'lists');
    const other = await createCoach(ctx.services, 'Other', 'Coach');
    const coachStream = await openStream(api.baseUrl, coach.cookie);
    const otherStream = await openStream(api.baseUrl, other.cookie);
    await ctx.services.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('coach_requests')
        .set({ version: sql`version + 1` })
        .where('id', '=', requestId)
        .returning('version')
        .executeTakeFirstOrThrow();
      await recordOutbox(trx, 'request', requestId, row.version);
    });
    ctx.services.outbox.kick();
    expect((await coachStream.next((e) => e.event === 'ranked-list')).data).toEqual({ requestId, state: 'ready' });
    const newcomer = await createAthlete(ctx.services, 'Newcomer Lists', { agency: 'Agency lists' });
    await ctx.services.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('athletes')
        .set({ version: sql`version + 1` })
        .where('id', '=', newcomer.id)
        .returning('version')
        .executeTakeFirstOrThrow();
      await recordOutbox(trx, 'athlete', newcomer.id, row.version);
    });
    ctx.services.outbox.kick();
    expect((await coachStream.next((e) => e.event === 'ranked-list' && e.data.state === 'changed')).data).toEqual({ requestId, state: 'changed' });
    await ctx.services.queue.whenIdle();
    expect(otherStream.events.filter((e) => e.event === 'ranked-list')).toEqual([]);
    coachStream.close();
    otherStream.close();
  });

  it('delivers the notification, the unread count and the match change to the athlete, and only to them', async () => {
    const { coach, athlete, requestId } = await cast(ctx.services, 'one');
    const athleteStream = await openStream(api.baseUrl, athlete.cookie);
    const coachStream = await openStream(api.baseUrl, coach.cookie);
    expect(athleteStream.res.headers.get('content-type')).toContain('text/event-stream');
    const res = await share(api.app, coach.cookie, athlete.id, requestId);
    expect(res.statusCode).toBe(201);
    ctx.services.outbox.kick();
    const n = await athleteStream.next((e) => e.event === 'notification');
    expect(n.data).toMatchObject({ unread: 1, notification: { kind: 'match_shared', link: `/athlete-matches?match=${res.json().id}`, readAt: null } });
    expect(n.id).toMatch(/^\d+$/);
    const m = await athleteStream.next((e) => e.event === 'match');
    expect(m.data).toEqual({ matchId: res.json().id, requestId, status: 'pending' });
    await ctx.services.queue.whenIdle();
    expect(coachStream.events.filter((e) => e.event === 'notification')).toEqual([]);
    athleteStream.close();
    coachStream.close();
  });
});

describe.skipIf(noRedis)('live events across API processes (Redis pub/sub), and Redis going away', () => {
  let ctx: TestContext;
  let second: Services;
  let apiA: Awaited<ReturnType<typeof listen>>;
  let apiB: Awaited<ReturnType<typeof listen>>;
  let worker: Worker;
  let proxy: Awaited<ReturnType<typeof startRedisProxy>>;
  beforeAll(async () => {
    proxy = await startRedisProxy(new URL(redisUrl!));
    ctx = await createTestServices({ redis: true, env: { REDIS_URL: proxy.url } });
    // A second API process on the same database and Redis.
    second = await createServices(ctx.services.config);
    apiA = await listen(ctx.services);
    apiB = await listen(second);
    worker = startBullWorker(proxy.url, ctx.services.processors, 2, ctx.services.config.QUEUE_PREFIX, { log: ctx.services.log });
  });
  afterAll(async () => {
    await worker?.close();
    await apiA?.app.close();
    await apiB?.app.close();
    await second?.close();
    await ctx?.close();
    await proxy?.close();
  });

  it('a share made on one API process reaches a stream held by another; Last-Event-ID replays what was missed', async () => {
    const { coach, athlete, agent, requestId } = await cast(ctx.services, 'two');
    const athleteStream = await openStream(apiB.baseUrl, athlete.cookie);
    const agentStream = await openStream(apiB.baseUrl, agent.cookie);
    // Both streams are registered once their response headers arrived (the registry is filled
    // before the headers are flushed), so the event published next cannot pass them by.
    const shared = await share(apiA.app, coach.cookie, athlete.id, requestId);
    expect(shared.statusCode).toBe(201);
    ctx.services.outbox.kick();
    const first = await athleteStream.next((e) => e.event === 'notification');
    expect(first.data.notification.kind).toBe('match_shared');
    await agentStream.next((e) => e.event === 'notification' && e.data.notification.kind === 'match_shared');
    athleteStream.close();
    agentStream.close();

    // While the athlete is away the coach confirms; the reconnect with Last-Event-ID replays it.
    const confirm = await share(apiA.app, coach.cookie, athlete.id, requestId);
    expect(confirm.statusCode).toBe(200);
    ctx.services.outbox.kick();
    await expect
      .poll(async () => (await ctx.services.db.selectFrom('notifications').select('id').where('user_id', '=', athlete.id).execute()).length, {
        timeout: 15_000,
      })
      .toBe(2);
    const resumed = await openStream(apiB.baseUrl, athlete.cookie, first.id);
    const replayed = await resumed.next((e) => e.event === 'notification');
    expect(replayed.data).toMatchObject({ unread: 2, notification: { kind: 'match_confirmed' } });
    expect(resumed.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    resumed.close();
  });

  it('with Redis down, the share still commits; the notification and its email go out once Redis is back', async () => {
    const { coach, athlete, requestId } = await cast(ctx.services, 'three');
    await proxy.cut();
    try {
      const shared = await share(apiA.app, coach.cookie, athlete.id, requestId);
      expect(shared.statusCode).toBe(201);
      await ctx.services.outbox.drain();
      const waiting = await ctx.services.db.selectFrom('outbox').select('kind').where('published_at', 'is', null).where('kind', '=', 'notification').execute();
      expect(waiting).toHaveLength(1);
      expect(await ctx.services.db.selectFrom('notifications').select('id').where('user_id', '=', athlete.id).execute()).toEqual([]);
    } finally {
      await proxy.restore();
    }
    await expect
      .poll(async () => (await ctx.services.db.selectFrom('notifications').select('kind').where('user_id', '=', athlete.id).execute()).map((r) => r.kind), {
        timeout: 30_000,
      })
      .toEqual(['match_shared']);
    await ctx.smtp.waitFor(athlete.email, () => true, 30_000);
    expect(ctx.smtp.received.filter((m) => m.to.includes(athlete.email))).toHaveLength(1);
  });
});
