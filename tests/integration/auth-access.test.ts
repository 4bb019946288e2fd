import { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import { buildApp } from '@app/api';
import { requireRole } from '@app/api/auth/session';
import { HttpError } from '@app/api/lib/http-errors';
import type { Role } from '@app/worker';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { codeFrom } from '../support/smtp-sink.ts';
import { createSignedInUser } from '../support/users.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServices();
});
afterAll(() => ctx?.close());

const ROLES: Role[] = ['athlete', 'coach', 'agent'];

describe('requireRole', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // A bare instance with guarded routes: the guard on its own, apart from any feature route.
    app = Fastify();
    app.decorate('services', ctx.services);
    app.decorateRequest('user', null);
    await app.register(cookie);
    app.setErrorHandler((error, _request, reply) =>
      error instanceof HttpError ? reply.code(error.statusCode).send({ message: error.message }) : reply.code(500).send({ message: 'unexpected' }),
    );
    app.get('/coach-only', { onRequest: requireRole('coach') }, async (request) => ({ id: request.user?.id }));
    app.get('/staff', { onRequest: requireRole('coach', 'agent') }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app?.close());

  it('answers 401 without a session, and for an unknown or revoked cookie', async () => {
    expect((await app.inject({ url: '/coach-only' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/coach-only', headers: { cookie: 'rp_session=made-up' } })).json()).toEqual({ message: 'Please sign in to continue.' });
    const coach = await createSignedInUser(ctx.services, 'coach');
    await ctx.services.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', coach.id).execute();
    expect((await app.inject({ url: '/coach-only', headers: { cookie: coach.cookie } })).statusCode).toBe(401);
  });

  it('answers 403 for another role and lets the role through', async () => {
    const athlete = await createSignedInUser(ctx.services, 'athlete');
    const agent = await createSignedInUser(ctx.services, 'agent', { agency: 'Mae' });
    const coach = await createSignedInUser(ctx.services, 'coach');
    expect((await app.inject({ url: '/coach-only', headers: { cookie: athlete.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/coach-only', headers: { cookie: agent.cookie } })).statusCode).toBe(403);
    const ok = await app.inject({ url: '/coach-only', headers: { cookie: coach.cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: coach.id });
    expect((await app.inject({ url: '/staff', headers: { cookie: agent.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/staff', headers: { cookie: athlete.cookie } })).statusCode).toBe(403);
  });

  it('ends a session idle for more than 3 days, or past its absolute limit', async () => {
    const idle = await createSignedInUser(ctx.services, 'coach');
    await ctx.services.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 3 * 86_400_000 - 60_000) })
      .where('user_id', '=', idle.id)
      .execute();
    expect((await app.inject({ url: '/coach-only', headers: { cookie: idle.cookie } })).statusCode).toBe(401);
    const old = await createSignedInUser(ctx.services, 'coach');
    await ctx.services.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', old.id)
      .execute();
    expect((await app.inject({ url: '/coach-only', headers: { cookie: old.cookie } })).statusCode).toBe(401);
  });
});

describe('role areas of the real app', () => {
  let app: FastifyInstance;
  const cookies = {} as Record<Role, string>;
  beforeAll(async () => {
    app = await buildApp({ services: ctx.services, serveWeb: false });
    await app.ready();
    cookies.athlete = (await createSignedInUser(ctx.services, 'athlete')).cookie;
    cookies.coach = (await createSignedInUser(ctx.services, 'coach')).cookie;
    cookies.agent = (await createSignedInUser(ctx.services, 'agent', { agency: 'Eture' })).cookie;
  });
  afterAll(() => app?.close());

  it.each(ROLES)('GET /api/%s/dashboard: 401 signed out, 403 for the other roles, 200 for its role', async (role) => {
    const url = `/api/${role}/dashboard`;
    expect((await app.inject({ url })).statusCode).toBe(401);
    for (const other of ROLES.filter((r) => r !== role)) {
      const res = await app.inject({ url, headers: { cookie: cookies[other] } });
      expect(res.statusCode, `${other} on ${url}`).toBe(403);
    }
    expect((await app.inject({ url, headers: { cookie: cookies[role] } })).statusCode).toBe(200);
  });
});

describe('secrets stay out of responses and logs', () => {
  it('never writes a password, its hash, a code or the session id to a response or a log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ services: ctx.services, serveWeb: false, logger: { level: 'trace', stream } });
    await app.ready();
    const bodies: string[] = [];
    const headers: string[] = [];
    const send = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, cookieHeader?: string) => {
      const res = await app.inject({ method, url, payload, headers: cookieHeader ? { cookie: cookieHeader } : undefined, remoteAddress: '10.9.9.9' });
      bodies.push(res.body);
      const { 'set-cookie': _sessionCookie, ...rest } = res.headers;
      headers.push(JSON.stringify(rest));
      return res;
    };
    const password = 'Zebra-Secret-8841';
    const email = 'secret.keeper@example.com';

    await send('POST', '/api/athlete/send-verification-code', { email });
    const code = codeFrom(await ctx.smtp.waitFor(email));
    const wrong = code === '000000' ? '999999' : '000000';
    const base = { email, fullName: 'Secret Keeper', password, confirmPassword: password, age: 20, gender: 'male' };
    await send('POST', '/api/athlete/register', { ...base, verificationCode: wrong });
    await send('POST', '/api/athlete/register', { ...base, confirmPassword: `${password}x`, verificationCode: code });
    const registered = await send('POST', '/api/athlete/register', { ...base, verificationCode: code });
    expect(registered.statusCode).toBe(201);
    const token = registered.cookies.find((c) => c.name === 'rp_session')!.value;
    const { password_hash: registeredHash } = await ctx.services.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await send('GET', '/api/validate-token', undefined, `rp_session=${token}`);
    await send('POST', '/api/athlete/login', { email, password: `${password}-wrong` });
    await send('POST', '/api/athlete/login', { email, password });
    await send('POST', '/api/agent/send-verification-code', { email: 'agent.secret@globalcollege.com', agency: 'Global College' });
    const agentCode = codeFrom(await ctx.smtp.waitFor('agent.secret@globalcollege.com'));
    await send('POST', '/api/agent/register', {
      firstName: 'A',
      lastName: 'B',
      email: 'agent.secret@globalcollege.com',
      password,
      agency: 'Global College',
      agencyUrl: 'gc.example.com',
      verificationCode: agentCode,
    });
    await send('POST', '/api/athlete/password-reset/code', { email });
    const resetCode = codeFrom(await ctx.smtp.waitFor(email, (m) => m.subject === 'Your password reset code'));
    const newPassword = 'Quokka-Secret-5127';
    await send('POST', '/api/athlete/password-reset', { email, verificationCode: resetCode, password: newPassword, confirmPassword: newPassword });
    await send('POST', '/api/logout', undefined, `rp_session=${token}`);
    await app.close();

    const { password_hash: hash } = await ctx.services.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(hash).not.toBe(registeredHash); // the reset did change it
    const hashBody = hash.split('$').pop()!;
    expect(lines.length).toBeGreaterThan(10); // the logger did capture the requests
    // A code counts only as a whole number: log lines hold long timestamps with any 6 digits inside.
    const codePattern = new RegExp(`(?<!\\d)(${code}|${agentCode}|${resetCode})(?!\\d)`);
    for (const [what, text] of [
      ['log lines', lines.join('')],
      ['response bodies', bodies.join('\n')],
      ['response headers (but the session cookie)', headers.join('\n')],
    ] as const) {
      for (const secret of [password, newPassword, hashBody, token]) expect(text, what).not.toContain(secret);
      expect(text, what).not.toMatch(codePattern);
    }
  });
});
