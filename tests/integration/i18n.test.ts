import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddresses, createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * Issue 19 on the server: the account's language (saved by every role, returned by the session
 * probes), error answers with stable codes, and account mails in the recipient's language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const newAddress = clientAddresses('10.9');

/** PUT /api/account/language as the user, from a new address. */
const saveLanguage = (cookie: string, language: string) =>
  t.app.inject({ method: 'PUT', url: '/api/account/language', payload: { language }, headers: { cookie }, remoteAddress: newAddress() });

describe('account language', () => {
  it.each(['athlete', 'coach', 'agent'] as const)('a signed-in %s saves it, and the session probes return it', async (role) => {
    const user = await createSignedInUser(t.services, role, role === 'agent' ? { agency: 'Mae' } : {});
    const before = await t.app.inject({ url: '/api/session', headers: { cookie: user.cookie } });
    expect(before.json().user.language).toBeNull();

    const saved = await saveLanguage(user.cookie, 'es');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user).toMatchObject({ id: user.id, role, language: 'es' });

    for (const url of ['/api/session', '/api/validate-token']) {
      const probe = await t.app.inject({ url, headers: { cookie: user.cookie } });
      expect(probe.json().user.language).toBe('es');
    }
    const row = await t.services.db.selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.language).toBe('es');
  });

  it('refuses an unknown language with a coded field error and changes nothing', async () => {
    const user = await createSignedInUser(t.services, 'athlete');
    const res = await saveLanguage(user.cookie, 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Select an option from the list',
      code: 'selectFromList',
      errors: [{ path: 'language', message: 'Select an option from the list', code: 'selectFromList' }],
    });
    const row = await t.services.db.selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.language).toBeNull();
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/language', payload: { language: 'es' }, remoteAddress: newAddress() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.', code: 'signInRequired' });
  });
});

describe('error codes', () => {
  it('a not-found answer and a route’s own text carry their codes', async () => {
    expect((await t.app.inject({ url: '/api/no-such-thing' })).json()).toEqual({ message: 'Not found', code: 'notFound' });
    const coach = await createSignedInUser(t.services, 'coach');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/coach/requests/00000000-0000-4000-8000-000000000000',
      headers: { cookie: coach.cookie },
      remoteAddress: newAddress(),
    });
    expect(res.json()).toEqual({ message: 'Request not found', code: 'requestNotFound' });
  });

  it('validation errors carry a code per field, with the values of a message that has some', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/athlete/send-verification-code',
      payload: { email: 'not-an-email' },
      remoteAddress: newAddress(),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalidEmail');
    expect(body.errors[0]).toMatchObject({ path: 'email', message: 'Enter a valid email', code: 'invalidEmail' });
  });

  it('a wrong verification code says how many tries are left, as a code with a count', async () => {
    const email = `wrong.${Date.now()}@example.com`;
    const ip = newAddress();
    await t.app.inject({ method: 'POST', url: '/api/athlete/send-verification-code', payload: { email }, remoteAddress: ip });
    const code = /\b(\d{6})\b/.exec((await t.smtp.waitFor(email)).text)![1];
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/athlete/register',
      payload: { email, fullName: 'Ana López', password: 'goal-2026!', confirmPassword: 'goal-2026!', age: 17, gender: 'female', verificationCode: wrong },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'That verification code is not correct. 4 tries left.',
      code: 'codeWrong',
      values: { count: 4, unit: 'tries' },
    });
  });
});

describe('account mails in the recipient’s language', () => {
  it('a code for a new address follows the request’s Accept-Language; English without one', async () => {
    const spanish = `es.${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: '/api/athlete/send-verification-code',
      payload: { email: spanish },
      headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
      remoteAddress: newAddress(),
    });
    const es = await t.smtp.waitFor(spanish);
    expect(es.subject).toBe('Tu código de verificación');
    expect(es.text).toMatch(/Tu código de verificación es \d{6}\./);

    const english = `en.${Date.now()}@example.com`;
    await t.app.inject({ method: 'POST', url: '/api/athlete/send-verification-code', payload: { email: english }, remoteAddress: newAddress() });
    const en = await t.smtp.waitFor(english);
    expect(en.subject).toBe('Your verification code');
    expect(en.text).toMatch(/Your verification code is \d{6}\./);
  });

  it('a mail to an existing account follows the account’s language, whatever the request’s', async () => {
    const user = await createSignedInUser(t.services, 'athlete');
    await t.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', user.id).execute();
    await t.app.inject({
      method: 'POST',
      url: '/api/athlete/password-reset/code',
      payload: { email: user.email },
      headers: { 'accept-language': 'en-US' },
      remoteAddress: newAddress(),
    });
    const mail = await t.smtp.waitFor(user.email);
    expect(mail.subject).toBe('Tu código para restablecer la contraseña');
    expect(mail.text).toMatch(/Tu código para restablecer la contraseña es \d{6}\./);
  });
});
