import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { codeFrom } from '../support/smtp-sink.ts';
import { createSignedInUser } from '../support/users.ts';

/** Session cookie flags in development and production, and cross-site writes refused. */
async function registerAgent(t: TestApp, agency: 'Eture' | 'Mae') {
  // The agent proves an address at the agency's (default) email domain first (decision A10).
  const email = `ava@${agency === 'Eture' ? 'eture.com' : 'mae.com'}`;
  const sent = await t.app.inject({ method: 'POST', url: '/api/agent/send-verification-code', payload: { email, agency } });
  expect(sent.statusCode, sent.body).toBe(200);
  const verificationCode = codeFrom(await t.smtp.waitFor(email));
  return t.app.inject({
    method: 'POST',
    url: '/api/agent/register',
    headers: { 'x-forwarded-proto': 'https' },
    payload: { firstName: 'Ava', lastName: 'Stone', email, password: 'secret123', agency, agencyUrl: 'https://agency.example.com', verificationCode },
  });
}

describe('session cookie flags', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    dev = await createTestApp();
    prod = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  it('development: HttpOnly, SameSite=Lax, Path=/', async () => {
    const res = await registerAgent(dev, 'Eture');
    expect(res.statusCode, res.body).toBe(201);
    const header = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('rp_session='))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Domain=/i);
  });

  it('production: __Host- prefix, Secure, HttpOnly, SameSite=Lax', async () => {
    const res = await registerAgent(prod, 'Mae');
    expect(res.statusCode, res.body).toBe(201);
    const header = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('__Host-rp_session='))!;
    expect(header).toBeDefined();
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    // The session id is random and long (>= 128 bits); only its hash is stored.
    const token = header.split(';')[0].split('=')[1];
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await prod.services.db.selectFrom('sessions').select('id_hash').execute();
    expect(stored.map((s) => s.id_hash)).not.toContain(token);
  });

  it('security headers are set (helmet) on every answer: a success, a refusal and an unknown path', async () => {
    const answers = await Promise.all(['/api/health', '/api/coach/requests', '/api/no-such-route'].map((url) => dev.app.inject({ method: 'GET', url })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('cross-site request forgery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('refuses a cookie-authenticated write from another origin and changes nothing', async () => {
    const coach = await createSignedInUser(t.services, 'coach');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coach/requests',
      headers: { cookie: coach.cookie, origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { positions: ['Forward'] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site requests are not allowed.');
    expect(await t.services.db.selectFrom('coach_requests').selectAll().execute()).toEqual([]);

    const same = await t.app.inject({
      method: 'POST',
      url: '/api/coach/requests',
      headers: { cookie: coach.cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { positions: ['Forward'] },
    });
    expect(same.statusCode).toBe(201);
  });

  it('refuses a cross-site logout too (a forged sign-out)', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: athlete.cookie, origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(403);
    const check = await t.app.inject({ method: 'GET', url: '/api/validate-token', headers: { cookie: athlete.cookie } });
    expect(check.statusCode).toBe(200);
  });
});

describe('verification codes expire and lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a mailed code is stored hashed, never in clear', async () => {
    const email = 'hash.check@example.com';
    const res = await t.app.inject({ method: 'POST', url: '/api/athlete/send-verification-code', payload: { email } });
    expect(res.statusCode).toBe(200);
    const code = codeFrom(await t.smtp.waitFor(email));
    const rows = await t.services.db.selectFrom('verification_codes').select('code_hash').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
  });
});
