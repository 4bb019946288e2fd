import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { clientAddresses, createTestApp, type TestApp } from '../support/harness.ts';
import { codeFrom } from '../support/smtp-sink.ts';

/**
 * Accounts end to end on real Postgres and SMTP: codes, registration, sessions, login, logout,
 * and the spec's messages. Each test uses its own client address (rate limits are per address)
 * and its own emails.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const newAddress = clientAddresses('10.1');
let emailCounter = 0;
const newEmail = (role: string) => `${role}.${Date.now().toString(36)}.${++emailCounter}@example.com`;

type Method = 'GET' | 'POST' | 'PUT';
function call(method: Method, url: string, options: { payload?: unknown; cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method,
    url,
    payload: options.payload as Record<string, unknown> | undefined,
    headers: options.cookie ? { cookie: options.cookie } : undefined,
    remoteAddress: options.ip ?? newAddress(),
  });
}
const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) => {
  const c = res.cookies.find((x) => x.name === 'rp_session');
  return c && c.value ? `rp_session=${c.value}` : undefined;
};

async function requestCode(role: 'athlete' | 'coach', email: string, ip?: string): Promise<string> {
  const res = await call('POST', `/api/${role}/send-verification-code`, { payload: { email }, ip });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: 'Verification code sent!' });
  const mail = await t.smtp.waitFor(email);
  return codeFrom(mail);
}
/** Lets the next code request through the 60-second resend pause. */
async function ageCodes(email: string, seconds = 61) {
  await t.services.db
    .updateTable('verification_codes')
    .set({ created_at: sql`created_at - make_interval(secs => ${seconds})` })
    .where('email', '=', email)
    .execute();
}

const athletePayload = (email: string, code: string, extra: Record<string, unknown> = {}) => ({
  email,
  fullName: 'Lucía Gómez',
  password: 'goal-2026!',
  confirmPassword: 'goal-2026!',
  age: 17,
  gender: 'female',
  verificationCode: code,
  ...extra,
});
const coachPayload = (email: string, code: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'coach-pass-1',
  verificationCode: code,
  programName: 'Hudson Valley University',
  division: 'NCAA Division II',
  programRegion: 'Northeast',
  schoolSize: 'Medium 5-15k',
  minimumGpa: 2.8,
  sports: ['Soccer'],
  coachFirstName: 'Dana',
  coachLastName: 'Whitfield',
  jobTitle: 'Head Coach',
  phoneNumber: '+1 555 0100',
  preferredContactMethod: 'Email',
  additionalStaff: ['Sam Ortiz', 'Lee Park'],
  yearsInRole: 6,
  englishToefl: 80,
  jucoOpenDefault: true,
  targetStartTerms: ['Fall 2026'],
  complianceAcknowledged: true,
  consentToContact: true,
  termsAccepted: true,
  ...extra,
});
const agentPayload = (email: string, agency: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Marta',
  lastName: 'Ruiz',
  email,
  password: 'agent-pass-1',
  agency,
  agencyUrl: 'https://eture.example.com',
  verificationCode: '123456',
  ...extra,
});
/** The default email domains of the agencies (decision A10). */
const AGENCY_DOMAIN: Record<string, string> = { Eture: 'eture.com', 'Global College': 'globalcollege.com', Mae: 'mae.com' };
const agentEmail = (agency: string) => `agent.${Date.now().toString(36)}.${++emailCounter}@${AGENCY_DOMAIN[agency]}`;

/** Session checks shared by the three roles: register -> validate -> logout -> login (new id). */
async function expectSessionLifecycle(
  role: 'athlete' | 'coach' | 'agent',
  email: string,
  password: string,
  registration: { cookies: Array<{ name: string; value: string }> },
) {
  const registered = sessionCookie(registration);
  expect(registered).toBeDefined();
  const setCookie = registration.cookies.find((c) => c.name === 'rp_session') as Record<string, unknown>;
  expect(setCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  const me = await call('GET', '/api/validate-token', { cookie: registered });
  expect(me.statusCode).toBe(200);
  expect(me.json().user).toMatchObject({ role, email });

  const out = await call('POST', '/api/logout', { cookie: registered });
  expect(out.statusCode).toBe(200);
  expect(out.json()).toEqual({ message: 'Signed Out!' });
  const after = await call('GET', '/api/validate-token', { cookie: registered });
  expect(after.statusCode).toBe(401);
  expect(after.json()).toEqual({ message: 'Token invalid', code: 'tokenInvalid' });

  const login = await call('POST', `/api/${role}/login`, { payload: { email: email.toUpperCase(), password } });
  expect(login.statusCode).toBe(200);
  expect(login.json().user).toMatchObject({ role, email });
  const first = sessionCookie(login)!;
  // Signing in again from the same browser issues a new id and retires the old one.
  const again = await call('POST', `/api/${role}/login`, { payload: { email, password }, cookie: first });
  expect(again.statusCode).toBe(200);
  const second = sessionCookie(again)!;
  expect(second).not.toBe(first);
  expect((await call('GET', '/api/validate-token', { cookie: first })).statusCode).toBe(401);
  expect((await call('GET', '/api/validate-token', { cookie: second })).statusCode).toBe(200);
  return second;
}

describe('athlete accounts', () => {
  it('registers with an emailed code, stores the account, signs in and out', async () => {
    const email = newEmail('athlete');
    const code = await requestCode('athlete', email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toBe('Your verification code');

    const res = await call('POST', '/api/athlete/register', { payload: athletePayload(`  ${email.toUpperCase()} `, code) });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Registration successful!');
    expect(body.user).toEqual({ id: expect.any(String), role: 'athlete', email, fullName: 'Lucía Gómez', language: null });

    const row = await t.services.db.selectFrom('athletes').selectAll().where('id', '=', body.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email, full_name: 'Lucía Gómez', age: 17, gender: 'female', profile_completed: false });
    expect(row.profile).toEqual({ fullName: 'Lucía Gómez', age: 17, gender: 'female', email });
    const user = await t.services.db.selectFrom('users').selectAll().where('id', '=', body.user.id).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const codeRow = await t.services.db.selectFrom('verification_codes').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(codeRow.code_hash).not.toContain(code);
    expect(codeRow.consumed_at).not.toBeNull();

    await expectSessionLifecycle('athlete', email, 'goal-2026!', res);
  });

  it('answers a taken email exactly as a new one, and mails its owner instead of a code (decision A8)', async () => {
    const owner = await registerAthleteAccount();
    await ageCodes(owner.email); // past the pause after the code they registered with
    const fresh = newEmail('athlete');
    const answers = [];
    for (const email of [owner.email, fresh]) {
      const res = await call('POST', '/api/athlete/send-verification-code', { payload: { email } });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ status: 200, body: { message: 'Verification code sent!' } });

    const note = await t.smtp.waitFor(owner.email, (m) => m.subject === 'You already have an account');
    expect(note.text).toContain('you already have one');
    expect(note.text).toMatch(/Sign in here: http:\/\/\S+\/athlete-login/);
    expect(note.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
    expect(codeFrom(await t.smtp.waitFor(fresh))).toMatch(/^\d{6}$/);

    // The same pause before another request, and the same answers to a registration attempt.
    for (const email of [owner.email, fresh]) {
      const again = await call('POST', '/api/athlete/send-verification-code', { payload: { email } });
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);
    }
    const registers = [];
    for (const email of [owner.email, fresh]) {
      const res = await call('POST', '/api/athlete/register', { payload: athletePayload(email, '000000', { fullName: 'Someone Else' }) });
      registers.push({ status: res.statusCode, body: res.json() });
    }
    // (A fresh code that happens to be 000000 would register; one in a million.)
    expect(registers[0]).toEqual({
      status: 400,
      body: { message: 'That verification code is not correct. 4 tries left.', code: 'codeWrong', values: { count: 4, unit: 'tries' } },
    });
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', owner.email).execute()).toHaveLength(1);
    expect(await t.services.db.selectFrom('athletes').select('full_name').where('email', '=', owner.email).executeTakeFirstOrThrow()).toEqual({
      full_name: 'Lucía Gómez',
    });
  });

  it('coach: a taken email gets the same answer and its owner the note', async () => {
    const email = newEmail('coach');
    const code = await requestCode('coach', email);
    expect((await call('POST', '/api/coach/register', { payload: coachPayload(email, code) })).statusCode).toBe(201);
    await ageCodes(email);
    const res = await call('POST', '/api/coach/send-verification-code', { payload: { email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification code sent!' });
    expect((await t.smtp.waitFor(email, (m) => m.subject === 'You already have an account')).text).toMatch(/\/coach-login/);
    const register = await call('POST', '/api/coach/register', { payload: coachPayload(email, '000000') });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe('That verification code is not correct. 4 tries left.');
  });

  it('refuses even the right code for a taken email, as a wrong one', async () => {
    const owner = await registerAthleteAccount();
    // The code of a taken email is never mailed; give it a known value, as a lucky guesser would have it.
    await ageCodes(owner.email);
    await call('POST', '/api/athlete/send-verification-code', { payload: { email: owner.email } });
    const code = '424242';
    await t.services.db
      .updateTable('verification_codes')
      .set({ code_hash: createHash('sha256').update(`athlete\n${owner.email}\n${code}`).digest('hex') })
      .where('email', '=', owner.email)
      .where('consumed_at', 'is', null)
      .execute();
    const res = await call('POST', '/api/athlete/register', { payload: athletePayload(owner.email, code) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That verification code is not correct. 4 tries left.');
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', owner.email).execute()).toHaveLength(1);
  });

  it.each([
    [{ email: '' }, 'This field is required'],
    [{ email: 'not-an-email' }, 'Enter a valid email'],
    [{ fullName: '  ' }, 'This field is required'],
    [{ password: '' }, 'This field is required'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 6 characters'],
    [{ confirmPassword: 'something-else' }, 'Password does not match'],
    [{ age: 9 }, 'Minimum age is 10'],
    [{ age: 41 }, 'Maximum age is 40'],
    [{ gender: 'other' }, 'Select an option from the list'],
    [{ verificationCode: '' }, 'Enter the verification code we emailed you'],
    [{ verificationCode: '12ab56' }, 'Enter the verification code we emailed you'],
  ])('refuses %j with its message and stores nothing', async (override, message) => {
    const email = newEmail('athlete');
    const res = await call('POST', '/api/athlete/register', { payload: { ...athletePayload(email, '123456'), ...override } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('refuses unknown keys such as role or profileCompleted and stores nothing', async () => {
    const email = newEmail('athlete');
    const code = await requestCode('athlete', email);
    for (const extra of [{ role: 'coach' }, { profileCompleted: true }]) {
      const res = await call('POST', '/api/athlete/register', { payload: athletePayload(email, code, extra) });
      expect(res.statusCode).toBe(400);
    }
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    // The code was not spent by the refused attempts.
    const ok = await call('POST', '/api/athlete/register', { payload: athletePayload(email, code) });
    expect(ok.statusCode).toBe(201);
    const row = await t.services.db.selectFrom('athletes').select(['profile', 'profile_completed']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.profile_completed).toBe(false);
    expect(row.profile).not.toHaveProperty('profileCompleted');
    expect(row.profile).not.toHaveProperty('role');
  });
});

describe('verification codes', () => {
  it('refuses a code request without a valid email, and unknown keys', async () => {
    for (const [payload, message] of [
      [{ email: '' }, 'Enter a valid email'],
      [{ email: 'nope' }, 'Enter a valid email'],
      [{}, 'Enter a valid email'],
    ] as const) {
      const res = await call('POST', '/api/athlete/send-verification-code', { payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('POST', '/api/coach/send-verification-code', { payload: { email: newEmail('coach'), role: 'athlete' } })).statusCode).toBe(400);
  });

  it('counts wrong codes: the fifth wrong try locks the code, even for the right one after', async () => {
    const email = newEmail('athlete');
    const code = await requestCode('athlete', email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/api/athlete/register', { payload: athletePayload(email, wrong) });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'That verification code is not correct. 4 tries left.',
      'That verification code is not correct. 3 tries left.',
      'That verification code is not correct. 2 tries left.',
      'That verification code is not correct. 1 try left.',
      'Too many incorrect attempts. Request a new verification code.',
    ]);
    const right = await call('POST', '/api/athlete/register', { payload: athletePayload(email, code) });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many incorrect attempts. Request a new verification code.');
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);

    // A new code starts over.
    await ageCodes(email);
    const fresh = await requestCode('athlete', email);
    expect((await call('POST', '/api/athlete/register', { payload: athletePayload(email, fresh) })).statusCode).toBe(201);
  });

  it('refuses an expired code', async () => {
    const email = newEmail('athlete');
    const code = await requestCode('athlete', email);
    await t.services.db
      .updateTable('verification_codes')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('email', '=', email)
      .execute();
    const res = await call('POST', '/api/athlete/register', { payload: athletePayload(email, code) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This verification code has expired. Request a new one.');
  });

  it('refuses a registration when no code was requested', async () => {
    const res = await call('POST', '/api/athlete/register', { payload: athletePayload(newEmail('athlete'), '123456') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request a verification code first.');
  });

  it('waits 60 seconds between codes, and a new code voids the previous one', async () => {
    const email = newEmail('coach');
    const first = await requestCode('coach', email);
    const tooSoon = await call('POST', '/api/coach/send-verification-code', { payload: { email } });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait (60|59|58) seconds before requesting a new code\.$/);
    expect(await t.services.db.selectFrom('verification_codes').select('id').where('email', '=', email).execute()).toHaveLength(1);

    await ageCodes(email);
    const mailsBefore = t.smtp.received.length;
    const res = await call('POST', '/api/coach/send-verification-code', { payload: { email } });
    expect(res.statusCode).toBe(200);
    const second = codeFrom(await t.smtp.waitFor(email, (m) => t.smtp.received.indexOf(m) >= mailsBefore));
    const rows = await t.services.db.selectFrom('verification_codes').select(['consumed_at']).where('email', '=', email).orderBy('created_at').execute();
    expect(rows.map((r) => r.consumed_at === null)).toEqual([false, true]);
    // The two codes may share their six digits by chance (1 in a million); then only the second
    // check applies.
    if (first !== second) {
      const old = await call('POST', '/api/coach/register', { payload: coachPayload(email, first) });
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe('That verification code is not correct. 4 tries left.');
    }
    expect((await call('POST', '/api/coach/register', { payload: coachPayload(email, second) })).statusCode).toBe(201);
  });

  it('binds a code to its role: an athlete code does not register a coach', async () => {
    const email = newEmail('both');
    const code = await requestCode('athlete', email);
    const res = await call('POST', '/api/coach/register', { payload: coachPayload(email, code) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request a verification code first.');
    // The same email may hold an account per role.
    expect((await call('POST', '/api/athlete/register', { payload: athletePayload(email, code) })).statusCode).toBe(201);
  });
});

describe('coach accounts', () => {
  it('registers with the whole program profile, signs in and out', async () => {
    const email = newEmail('coach');
    const code = await requestCode('coach', email);
    const res = await call('POST', '/api/coach/register', { payload: coachPayload(email, code) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toEqual({ id: expect.any(String), role: 'coach', email, firstName: 'Dana', lastName: 'Whitfield', language: null });

    const row = await t.services.db.selectFrom('coaches').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Dana', last_name: 'Whitfield' });
    expect(row.profile).toMatchObject({
      email,
      programName: 'Hudson Valley University',
      division: 'NCAA Division II',
      programRegion: 'Northeast',
      schoolSize: 'Medium 5-15k',
      minimumGpa: 2.8,
      sports: ['Soccer'],
      coachFirstName: 'Dana',
      coachLastName: 'Whitfield',
      additionalStaff: ['Sam Ortiz', 'Lee Park'],
      yearsInRole: 6,
      englishToefl: 80,
      jucoOpenDefault: true,
      targetStartTerms: ['Fall 2026'],
      complianceAcknowledged: true,
      consentToContact: true,
      termsAccepted: true,
    });
    for (const secret of ['password', 'verificationCode', 'confirmPassword']) expect(row.profile).not.toHaveProperty(secret);

    await expectSessionLifecycle('coach', email, 'coach-pass-1', res);
  });

  it('stores a profile photo and a logo checked by content', async () => {
    // A real PNG: uploads are decoded, and a file libpng cannot read is refused.
    const png = await sharp({ create: { width: 1, height: 1, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const email = newEmail('coach');
    const code = await requestCode('coach', email);
    const notAnImage = await call('POST', '/api/coach/register', {
      payload: coachPayload(email, code, { profilePhotoBase64: Buffer.from('<svg onload=alert(1)>').toString('base64'), profilePhotoMime: 'image/png' }),
    });
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json().message).toBe('Unable to read image');

    const res = await call('POST', '/api/coach/register', {
      payload: coachPayload(email, code, {
        profilePhotoBase64: png.toString('base64'),
        profilePhotoMime: 'image/png',
        universityLogoBase64: `data:image/png;base64,${png.toString('base64')}`,
        universityLogoMime: 'image/png',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.services.db.selectFrom('coaches').select('profile').where('email', '=', email).executeTakeFirstOrThrow();
    const profile = row.profile as Record<string, string>;
    expect(profile.profilePhotoUrl).toMatch(/^media\/[0-9a-f-]{36}$/);
    expect(profile.universityLogoUrl).toMatch(/^media\/[0-9a-f-]{36}$/);
    expect(profile).not.toHaveProperty('profilePhotoBase64');
    const image = await call('GET', `/api/${profile.profilePhotoUrl}`);
    expect(image.statusCode).toBe(200);
    // Re-encoded (decision P3): a WebP of the same picture, with a thumbnail beside it.
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
    const thumbnail = await call('GET', `/api/${profile.universityLogoUrl}/thumb`);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
  });

  it.each([
    [{ email: '' }, 'This field is required'],
    [{ password: '' }, 'This field is required'],
    [{ password: 'abc' }, 'Password must be at least 6 characters'],
    [{ verificationCode: '12345' }, 'Enter the verification code we emailed you'],
    [{ programName: '' }, 'This field is required'],
    [{ division: '' }, 'This field is required'],
    [{ programRegion: 'Mars' }, 'This field is required'],
    [{ schoolSize: '' }, 'This field is required'],
    [{ minimumGpa: 4.5 }, 'Maximum is 4.0'],
    [{ sports: [] }, 'This field is required'],
    [{ coachFirstName: '' }, 'This field is required'],
    [{ jobTitle: '' }, 'This field is required'],
    [{ phoneNumber: '' }, 'This field is required'],
    [{ preferredContactMethod: '' }, 'This field is required'],
    [{ complianceAcknowledged: false }, 'Please acknowledge the compliance statement'],
    [{ consentToContact: false }, 'Please consent to being contacted'],
    [{ termsAccepted: false }, 'Please accept the terms of service'],
    [{ confirmPassword: 'coach-pass-1' }, 'Unrecognized key: "confirmPassword"'],
  ])('refuses %j with its message and stores nothing', async (override, message) => {
    const email = newEmail('coach');
    const res = await call('POST', '/api/coach/register', { payload: { ...coachPayload(email, '123456'), ...override } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });
});

describe('agent accounts', () => {
  it('lists agency availability and email domains without a session', async () => {
    const res = await call('GET', '/api/agent/register/options');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      options: [
        { agency: 'Eture', available: true, emailDomains: ['eture.com'] },
        { agency: 'Global College', available: true, emailDomains: ['globalcollege.com'] },
        { agency: 'Mae', available: true, emailDomains: ['mae.com'] },
      ],
    });
  });

  it('refuses an address outside the agency domain, for the code and for the registration', async () => {
    for (const email of ['marta@gmail.com', 'marta@mail.eture.com', 'marta@mae.com']) {
      const res = await call('POST', '/api/agent/send-verification-code', { payload: { email, agency: 'Eture' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Use your Eture email address (@eture.com).');
    }
    const register = await call('POST', '/api/agent/register', { payload: agentPayload('marta@gmail.com', 'Eture') });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe('Use your Eture email address (@eture.com).');
    const noCode = await call('POST', '/api/agent/register', { payload: agentPayload(agentEmail('Mae'), 'Mae') });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe('Request a verification code first.');
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', 'marta@gmail.com').execute()).toEqual([]);
  });

  it('registers with a code at the agency domain, signs in and out, and the agency is then taken', async () => {
    const email = agentEmail('Eture');
    const wrong = await call('POST', '/api/agent/send-verification-code', { payload: { email, agency: 'Eture' } });
    expect(wrong.json()).toEqual({ message: 'Verification code sent!' });
    const code = codeFrom(await t.smtp.waitFor(email));
    const bad = await call('POST', '/api/agent/register', {
      payload: agentPayload(email, 'Eture', { verificationCode: code === '000000' ? '111111' : '000000' }),
    });
    expect(bad.json().message).toBe('That verification code is not correct. 4 tries left.');
    const res = await call('POST', '/api/agent/register', {
      payload: agentPayload(email, 'Eture', { agencyUrl: 'eture.example.com', verificationCode: code }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toEqual({ id: expect.any(String), role: 'agent', email, firstName: 'Marta', lastName: 'Ruiz', agency: 'Eture', language: null });
    const row = await t.services.db.selectFrom('agents').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ agency: 'Eture', agency_url: 'https://eture.example.com', profile_photo_url: null });

    const options = await call('GET', '/api/agent/register/options');
    expect(options.json().options).toContainEqual({ agency: 'Eture', available: false, emailDomains: ['eture.com'] });

    for (const url of ['/api/agent/send-verification-code', '/api/agent/register']) {
      const second = await call('POST', url, {
        payload: url.endsWith('register') ? agentPayload(agentEmail('Eture'), 'Eture') : { email: agentEmail('Eture'), agency: 'Eture' },
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('Eture is already registered. Each agency may have only one agent profile.');
    }

    await expectSessionLifecycle('agent', email, 'agent-pass-1', res);
  });

  it('lets exactly one of two simultaneous registrations for one agency through', async () => {
    const emails = [agentEmail('Global College'), agentEmail('Global College')];
    const payloads = [];
    for (const email of emails) {
      expect((await call('POST', '/api/agent/send-verification-code', { payload: { email, agency: 'Global College' } })).statusCode).toBe(200);
      payloads.push(agentPayload(email, 'Global College', { verificationCode: codeFrom(await t.smtp.waitFor(email)) }));
    }
    const [a, b] = await Promise.all(payloads.map((payload) => call('POST', '/api/agent/register', { payload })));
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? 0 : 1;
    expect([a, b][refused].json().message).toBe('Global College is already registered. Each agency may have only one agent profile.');
    expect(await t.services.db.selectFrom('agents').select('email').where('agency', '=', 'Global College').execute()).toEqual([{ email: emails[1 - refused] }]);
    // The refused registration left no user behind (one transaction for users + agents).
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', emails[refused]).execute()).toEqual([]);
  });

  it.each([
    [{ firstName: '' }, 'This field is required'],
    [{ lastName: '' }, 'This field is required'],
    [{ email: 'x@' }, 'Enter a valid email'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ agency: '' }, 'Please choose your agency'],
    [{ agency: 'Acme' }, 'Please choose your agency'],
    [{ agencyUrl: '' }, 'Agency website is required'],
    [{ verificationCode: '12' }, 'Enter the verification code we emailed you'],
    [{ role: 'coach' }, 'Unrecognized key: "role"'],
  ])('refuses %j with its message and stores nothing', async (override, message) => {
    const email = agentEmail('Mae');
    const res = await call('POST', '/api/agent/register', { payload: { ...agentPayload(email, 'Mae'), ...override } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });
});

/** A registered athlete (through the code and the register route) and its password. */
async function registerAthleteAccount() {
  const email = newEmail('athlete');
  const code = await requestCode('athlete', email);
  const res = await call('POST', '/api/athlete/register', { payload: athletePayload(email, code) });
  expect(res.statusCode, res.body).toBe(201);
  return { email, password: 'goal-2026!', id: res.json().user.id as string, cookie: sessionCookie(res)! };
}

describe('agents with a shared email domain (AGENCY_EMAIL_DOMAINS)', () => {
  let shared: TestApp;
  beforeAll(async () => {
    shared = await createTestApp({ env: { AGENCY_EMAIL_DOMAINS: 'Eture=agents.example;Mae=agents.example, mae.example' } });
  });
  afterAll(() => shared?.close());

  it('uses the configured domains, and answers a taken agent email as a new one (decision A8)', async () => {
    const send = (email: string, agency: string) =>
      shared.app.inject({ method: 'POST', url: '/api/agent/send-verification-code', payload: { email, agency }, remoteAddress: newAddress() });
    expect((await send('ana@eture.com', 'Eture')).json().message).toBe('Use your Eture email address (@agents.example).');
    expect((await send('ana@agents.example', 'Eture')).statusCode).toBe(200);
    const code = codeFrom(await shared.smtp.waitFor('ana@agents.example'));
    const registered = await shared.app.inject({
      method: 'POST',
      url: '/api/agent/register',
      payload: agentPayload('ana@agents.example', 'Eture', { verificationCode: code }),
      remoteAddress: newAddress(),
    });
    expect(registered.statusCode, registered.body).toBe(201);

    // Mae is free; its domain is shared, so the taken address could be tried there.
    await shared.services.db
      .updateTable('verification_codes')
      .set({ created_at: sql`created_at - interval '61 seconds'` })
      .execute();
    const taken = await send('ana@agents.example', 'Mae');
    const fresh = await send('ben@agents.example', 'Mae');
    expect({ status: taken.statusCode, body: taken.json() }).toEqual({ status: fresh.statusCode, body: fresh.json() });
    expect(taken.json()).toEqual({ message: 'Verification code sent!' });
    const note = await shared.smtp.waitFor('ana@agents.example', (m) => m.subject === 'You already have an account');
    expect(note.text).toMatch(/\/agent-login/);
    const retry = await shared.app.inject({
      method: 'POST',
      url: '/api/agent/register',
      payload: agentPayload('ana@agents.example', 'Mae', { verificationCode: code }),
      remoteAddress: newAddress(),
    });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().message).toBe('That verification code is not correct. 4 tries left.');
    expect(await shared.services.db.selectFrom('agents').select('agency').execute()).toEqual([{ agency: 'Eture' }]);
  });
});

describe('login', () => {
  let email: string;
  beforeAll(async () => {
    email = newEmail('athlete');
    const code = await requestCode('athlete', email);
    expect((await call('POST', '/api/athlete/register', { payload: athletePayload(email, code) })).statusCode).toBe(201);
  });

  it('answers the same for an unknown email, a wrong password, and a wrong password on another role', async () => {
    for (const [url, payload] of [
      ['/api/athlete/login', { email, password: 'wrong-password' }],
      ['/api/athlete/login', { email: newEmail('nobody'), password: 'goal-2026!' }],
      ['/api/coach/login', { email, password: 'wrong-password' }],
      ['/api/agent/login', { email, password: 'goal-2026?' }],
    ] as const) {
      const res = await call('POST', url, { payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'invalidLogin' });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it('says which login the right email and password belong to (issue 21)', async () => {
    const coachEmail = newEmail('coach');
    const code = await requestCode('coach', coachEmail);
    expect((await call('POST', '/api/coach/register', { payload: coachPayload(coachEmail, code) })).statusCode).toBe(201);
    for (const [url, payload, message] of [
      ['/api/coach/login', { email, password: 'goal-2026!' }, 'This is an athlete account: sign in at the athlete login'],
      ['/api/agent/login', { email, password: 'goal-2026!' }, 'This is an athlete account: sign in at the athlete login'],
      ['/api/athlete/login', { email: coachEmail, password: 'coach-pass-1' }, 'This is a coach account: sign in at the coach login'],
    ] as const) {
      const res = await call('POST', url, { payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message, code: 'otherRoleLogin' });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it.each([
    [{ email: '', password: 'x' }, 'This field is required'],
    [{ email: 'someone@example.com' }, 'This field is required'],
    [{ email: 'someone@example.com', password: '' }, 'This field is required'],
    [{ password: 'x' }, 'This field is required'],
    [{ email: 'a@b.co', password: 'x', role: 'coach' }, 'Unrecognized key: "role"'],
  ])('refuses %j with its message', async (payload, message) => {
    const res = await call('POST', '/api/athlete/login', { payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('strangers guessing from many addresses never lock the owner out (decision A9)', async () => {
    const owner = await registerAthleteAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++)
      statuses.push((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: `guess-${i}` } })).statusCode);
    // Each guess from its own address: none is blocked (the account is only slowed down).
    expect(statuses).toEqual(Array(14).fill(401));
    const res = await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toBeDefined();
  });

  it('blocks one (account, address) pair after ten wrong passwords; other addresses and accounts go on', async () => {
    const owner = await registerAthleteAccount();
    const other = await registerAthleteAccount();
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: `guess-${i}` }, ip })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Blocked even with the right password, from that address only.
    const blocked = await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password }, ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many incorrect sign-in attempts from this device. Please wait 15 minutes, or reset your password.');
    expect(sessionCookie(blocked)).toBeUndefined();
    // The same address may still sign in to another account, and the owner from elsewhere.
    expect((await call('POST', '/api/athlete/login', { payload: { email: other.email, password: other.password }, ip })).statusCode).toBe(200);
    expect((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } })).statusCode).toBe(200);
  });

  it('limits login attempts per address, across accounts', async () => {
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await call('POST', '/api/agent/login', { payload: { email: newEmail('spray'), password: 'x' }, ip })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await call('POST', '/api/agent/login', { payload: { email: newEmail('spray'), password: 'x' }, ip })).json().message).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });
});

describe('password reset (decision A8)', () => {
  const resetPayload = (email: string, code: string, password = 'brand-new-pass', extra: Record<string, unknown> = {}) => ({
    email,
    verificationCode: code,
    password,
    confirmPassword: password,
    ...extra,
  });
  async function requestResetCode(role: string, email: string, ip?: string) {
    const res = await call('POST', `/api/${role}/password-reset/code`, { payload: { email }, ip });
    return { status: res.statusCode, body: res.json() };
  }

  it('resets by an emailed code, ends every session, and the new password signs in', async () => {
    const owner = await registerAthleteAccount();
    const login = await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } });
    const sessions = [owner.cookie, sessionCookie(login)!];
    for (const cookie of sessions) expect((await call('GET', '/api/validate-token', { cookie })).statusCode).toBe(200);

    expect(await requestResetCode('athlete', owner.email)).toEqual({
      status: 200,
      body: { message: 'Check your email: we sent you a message with a code to reset your password.' },
    });
    const mail = await t.smtp.waitFor(owner.email, (m) => m.subject === 'Your password reset code');
    const code = codeFrom(mail);
    const row = await t.services.db
      .selectFrom('verification_codes')
      .select(['purpose', 'code_hash'])
      .where('email', '=', owner.email)
      .where('purpose', '=', 'reset')
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);

    const mismatch = await call('POST', '/api/athlete/password-reset', {
      payload: resetPayload(owner.email, code, 'brand-new-pass', { confirmPassword: 'other-pass' }),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Passwords do not match');
    const short = await call('POST', '/api/athlete/password-reset', { payload: resetPayload(owner.email, code, 'abc') });
    expect(short.json().message).toBe('Password must be at least 6 characters');

    const res = await call('POST', '/api/athlete/password-reset', { payload: resetPayload(owner.email, code) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset. Sign in with your new password.' });
    for (const cookie of sessions) expect((await call('GET', '/api/validate-token', { cookie })).statusCode).toBe(401);
    expect((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } })).statusCode).toBe(401);
    expect((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: 'brand-new-pass' } })).statusCode).toBe(200);
    // The code is spent.
    const again = await call('POST', '/api/athlete/password-reset', { payload: resetPayload(owner.email, code, 'third-pass-1') });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Request a verification code first.');
  });

  it('answers alike for an email without an account, whose mail carries no code', async () => {
    const owner = await registerAthleteAccount();
    const nobody = newEmail('nobody');
    // A coach reset for an athlete's email: no coach account, so the same answer too.
    const answers = [await requestResetCode('athlete', owner.email), await requestResetCode('athlete', nobody), await requestResetCode('coach', owner.email)];
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const note = await t.smtp.waitFor(nobody, (m) => m.subject === 'Password reset requested');
    expect(note.text).toContain('there is no such account');
    expect(note.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);

    const wrong = [];
    for (const [role, email] of [
      ['athlete', owner.email],
      ['athlete', nobody],
      ['coach', owner.email],
    ]) {
      const res = await call('POST', `/api/${role}/password-reset`, { payload: resetPayload(email, '000000') });
      wrong.push({ status: res.statusCode, body: res.json() });
    }
    // (A real code of 000000 would pass for the owner; one in a million.)
    expect(wrong).toEqual(
      Array(3).fill({
        status: 400,
        body: { message: 'That verification code is not correct. 4 tries left.', code: 'codeWrong', values: { count: 4, unit: 'tries' } },
      }),
    );
    expect(await requestResetCode('athlete', nobody)).toMatchObject({ status: 429 });
    expect(await requestResetCode('athlete', owner.email)).toMatchObject({ status: 429 });
  });

  it('applies the code rules: five wrong tries, expiry, and a registration code does not reset', async () => {
    const owner = await registerAthleteAccount();
    await requestResetCode('athlete', owner.email);
    const code = codeFrom(await t.smtp.waitFor(owner.email, (m) => m.subject === 'Your password reset code'));
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await call('POST', '/api/athlete/password-reset', { payload: resetPayload(owner.email, wrongCode) });
    const locked = await call('POST', '/api/athlete/password-reset', { payload: resetPayload(owner.email, code) });
    expect(locked.json().message).toBe('Too many incorrect attempts. Request a new verification code.');

    await ageCodes(owner.email);
    const mailsBefore = t.smtp.received.length;
    await requestResetCode('athlete', owner.email);
    const fresh = codeFrom(await t.smtp.waitFor(owner.email, (m) => m.subject === 'Your password reset code' && t.smtp.received.indexOf(m) >= mailsBefore));
    await t.services.db
      .updateTable('verification_codes')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('email', '=', owner.email)
      .execute();
    const expired = await call('POST', '/api/athlete/password-reset', { payload: resetPayload(owner.email, fresh) });
    expect(expired.json().message).toBe('This verification code has expired. Request a new one.');

    // A registration code (new email) is not a reset code.
    const email = newEmail('athlete');
    const registrationCode = await requestCode('athlete', email);
    const res = await call('POST', '/api/athlete/password-reset', { payload: resetPayload(email, registrationCode) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request a verification code first.');
    expect((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } })).statusCode).toBe(200);
  });

  it('limits code requests per email and address, so strangers cannot use up the owner’s', async () => {
    const owner = await registerAthleteAccount();
    const stranger = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await ageCodes(owner.email);
      statuses.push((await requestResetCode('athlete', owner.email, stranger)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await ageCodes(owner.email);
    expect((await requestResetCode('athlete', owner.email)).status).toBe(200);
  });
});

describe('sessions: Remember me and the session probe', () => {
  const setCookieHeader = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('rp_session=')) as string;

  it('"Remember me" unticked: a browser-session cookie and a 2-hour idle limit; ticked (or unsaid): 30 days', async () => {
    const owner = await registerAthleteAccount();
    const short = await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password, remember: false } });
    expect(short.statusCode).toBe(200);
    expect(setCookieHeader(short)).not.toMatch(/Max-Age|Expires/i);
    const long = await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password, remember: true } });
    expect(setCookieHeader(long)).toMatch(/Max-Age=2592000/);
    const unsaid = await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } });
    expect(setCookieHeader(unsaid)).toMatch(/Max-Age=2592000/);

    const rows = await t.services.db
      .selectFrom('sessions')
      .select(['remembered', sql<number>`extract(epoch from expires_at - created_at)`.as('life')])
      .where('user_id', '=', owner.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.remembered)).toEqual([true, false, true, true]);
    expect(Number(rows[1].life)).toBeLessThanOrEqual(86_400 + 5);
    expect(Number(rows[2].life)).toBeGreaterThan(29 * 86_400);

    // Three hours without use: the unticked session is over, the remembered one is not.
    await t.services.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '3 hours'` })
      .where('user_id', '=', owner.id)
      .execute();
    expect((await call('GET', '/api/validate-token', { cookie: sessionCookie(short) })).statusCode).toBe(401);
    expect((await call('GET', '/api/validate-token', { cookie: sessionCookie(long) })).statusCode).toBe(200);

    const bad = await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password, remember: 'yes' } });
    expect(bad.statusCode).toBe(400);
  });

  it('GET /api/session answers 200 signed out, signed in and after the session ended; /validate-token keeps its 401', async () => {
    const owner = await registerAthleteAccount();
    const none = await call('GET', '/api/session');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ user: null });
    expect(none.headers['cache-control']).toBe('no-store');
    const live = await call('GET', '/api/session', { cookie: owner.cookie });
    expect(live.statusCode).toBe(200);
    expect(live.json().user).toMatchObject({ id: owner.id, role: 'athlete', email: owner.email });

    await t.services.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', owner.id)
      .execute();
    const ended = await call('GET', '/api/session', { cookie: owner.cookie });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ user: null, sessionEnded: true });

    const token = await call('GET', '/api/validate-token');
    expect(token.statusCode).toBe(401);
    expect(token.json()).toEqual({ message: 'Token invalid', code: 'tokenInvalid' });
  });
});

describe('password change (signed in)', () => {
  const change = (cookie: string | undefined, body: Record<string, unknown>, ip?: string) =>
    call('PUT', '/api/account/password', { payload: body, cookie, ip });

  it('takes the current password and a confirmed new one; this session stays, the others end', async () => {
    const owner = await registerAthleteAccount();
    const other = sessionCookie(await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } }))!;

    const unconfirmed = await change(owner.cookie, { currentPassword: owner.password, password: 'fresh-pass-1', confirmPassword: 'fresh-pass-2' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toBe('Passwords do not match');
    const missing = await change(owner.cookie, { currentPassword: '', password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' });
    expect(missing.json().message).toBe('Enter your current password');
    // A wrong current password: 400 (the session lives on), nothing changed.
    const wrong = await change(owner.cookie, { currentPassword: 'not-it-at-all', password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Your current password is not correct', code: 'currentPasswordWrong' });
    expect((await call('GET', '/api/validate-token', { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await call('GET', '/api/validate-token', { cookie: other })).statusCode).toBe(200);

    const res = await change(owner.cookie, { currentPassword: owner.password, password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Your password has been changed. You stay signed in here; your other devices were signed out.');
    expect((await call('GET', '/api/validate-token', { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await call('GET', '/api/validate-token', { cookie: other })).statusCode).toBe(401);
    expect((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } })).statusCode).toBe(401);
    expect((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: 'fresh-pass-1' } })).statusCode).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in: ten block the address, as at the login', async () => {
    const owner = await registerAthleteAccount();
    const ip = newAddress();
    for (let i = 0; i < 10; i++) {
      const res = await change(owner.cookie, { currentPassword: `guess-${i}`, password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' }, ip);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await change(owner.cookie, { currentPassword: owner.password, password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many incorrect sign-in attempts from this device. Please wait 15 minutes, or reset your password.');
    expect((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password }, ip })).statusCode).toBe(429);
  });
});

describe('signing out every other device', () => {
  it('ends every other session of the account, keeps this one and touches no other account', async () => {
    const owner = await registerAthleteAccount();
    const someoneElse = await registerAthleteAccount();
    const login = async () => sessionCookie(await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } }))!;
    const [phone, laptop] = [await login(), await login()];
    const res = await call('POST', '/api/account/sessions/end-others', { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'You are now signed out on every other device.' });
    const status = async (cookie: string) => (await call('GET', '/api/validate-token', { cookie })).statusCode;
    expect([await status(owner.cookie), await status(phone), await status(laptop), await status(someoneElse.cookie)]).toEqual([200, 401, 401, 200]);
  });
});

describe('email change (signed in)', () => {
  const askCode = (cookie: string, body: Record<string, unknown>, ip?: string) => call('POST', '/api/account/email/code', { payload: body, cookie, ip });
  const change = (cookie: string, body: Record<string, unknown>, ip?: string) => call('PUT', '/api/account/email', { payload: body, cookie, ip });
  const mailTo = (email: string, subject: string) => t.smtp.waitFor(email, (m) => m.subject === subject);
  const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('moves the sign-in to a new email proven by its code; the old address is told; every session stays', async () => {
    const owner = await registerAthleteAccount();
    const other = sessionCookie(await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } }))!;
    const target = newEmail('moved');

    const wrongPassword = await askCode(owner.cookie, { email: target, currentPassword: 'not-it-at-all' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: 'Your current password is not correct', code: 'currentPasswordWrong' });
    const same = await askCode(owner.cookie, { email: owner.email.toUpperCase(), currentPassword: owner.password });
    expect(same.json()).toEqual({ message: 'This is already your email', code: 'emailChangeSame' });
    const invalid = await askCode(owner.cookie, { email: 'not-an-email', currentPassword: owner.password });
    expect(invalid.json().message).toBe('Enter a valid email');
    expect(t.smtp.received.some((m) => m.to.includes(target))).toBe(false);

    const asked = await askCode(owner.cookie, { email: ` ${target.toUpperCase()} `, currentPassword: owner.password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe('Check your new email: we sent it a code to confirm the change.');
    const code = codeFrom(await mailTo(target, 'Confirm your new email'));

    const wrongCode = await change(owner.cookie, { email: target, currentPassword: owner.password, verificationCode: otherCode(code) });
    expect(wrongCode.json().message).toBe('That verification code is not correct. 4 tries left.');
    const noPassword = await change(owner.cookie, { email: target, currentPassword: 'not-it-at-all', verificationCode: code });
    expect(noPassword.json().code).toBe('currentPasswordWrong');
    expect(await t.services.db.selectFrom('users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()).toEqual({ email: owner.email });

    const res = await change(owner.cookie, { email: target, currentPassword: owner.password, verificationCode: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Your email has been changed. Sign in with your new address from now on.',
      user: { id: owner.id, email: target },
    });
    // Wherever the email is kept: the sign-in, the athlete row and the stored profile.
    const row = await t.services.db
      .selectFrom('athletes')
      .innerJoin('users', 'users.id', 'athletes.id')
      .select(['users.email as userEmail', 'athletes.email', sql<string>`athletes.profile->>'email'`.as('profileEmail')])
      .where('athletes.id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ userEmail: target, email: target, profileEmail: target });
    const notice = await mailTo(owner.email, 'Your sign-in email was changed');
    expect(notice.text).toContain(target);
    expect(notice.text).toMatch(/\/contact/);

    for (const cookie of [owner.cookie, other]) {
      const session = await call('GET', '/api/validate-token', { cookie });
      expect(session.statusCode).toBe(200);
      expect(session.json().user.email).toBe(target);
    }
    expect((await call('GET', '/api/athlete/dashboard', { cookie: owner.cookie })).json().email).toBe(target);
    expect((await call('POST', '/api/athlete/login', { payload: { email: owner.email, password: owner.password } })).statusCode).toBe(401);
    expect((await call('POST', '/api/athlete/login', { payload: { email: target, password: owner.password } })).statusCode).toBe(200);
    // The code was used: it does not change anything again.
    const again = await change(other, { email: target, currentPassword: owner.password, verificationCode: code });
    expect(again.json().code).toBe('emailChangeSame');
  });

  it('refuses a code another account asked for; a taken email answers as any other and its owner gets a note', async () => {
    const [mover, thief, holder] = [await registerAthleteAccount(), await registerAthleteAccount(), await registerAthleteAccount()];
    const target = newEmail('contested');
    // The thief asks for a code to an address they hold, then tries it with another user's session:
    // the code is the thief's alone, so the other user has none to check (and spends none of its tries).
    expect((await askCode(thief.cookie, { email: target, currentPassword: thief.password })).statusCode).toBe(200);
    const code = codeFrom(await mailTo(target, 'Confirm your new email'));
    const stolen = await change(mover.cookie, { email: target, currentPassword: mover.password, verificationCode: code });
    expect(stolen.json().message).toBe('Request a verification code first.');
    expect(await t.services.db.selectFrom('users').select('email').where('id', '=', mover.id).executeTakeFirstOrThrow()).toEqual({ email: mover.email });
    expect(await t.services.db.selectFrom('verification_codes').select(['user_id', 'attempts']).where('email', '=', target).execute()).toEqual([
      { user_id: thief.id, attempts: 0 },
    ]);

    // An address with an account of the role: the same answer; its owner is told, never sent a code.
    const taken = await askCode(mover.cookie, { email: holder.email, currentPassword: mover.password });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().message).toBe('Check your new email: we sent it a code to confirm the change.');
    const note = await mailTo(holder.email, 'This email already has an account');
    expect(note.text).toMatch(/\/athlete-login/);
    expect(() => codeFrom(note)).toThrow();
    // Even the right code would be refused: give the unsent code a known value, as a lucky guesser would have it.
    await t.services.db
      .updateTable('verification_codes')
      .set({ code_hash: createHash('sha256').update(`email-change\nathlete\n${holder.email}\n${mover.id}\n424242`).digest('hex') })
      .where('email', '=', holder.email)
      .where('purpose', '=', 'email-change')
      .where('consumed_at', 'is', null)
      .execute();
    const guessed = await change(mover.cookie, { email: holder.email, currentPassword: mover.password, verificationCode: '424242' });
    expect(guessed.json().message).toBe('That verification code is not correct. 4 tries left.');
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', holder.email).where('role', '=', 'athlete').execute()).toEqual([
      { id: holder.id },
    ]);
  });

  it('keeps the codes of two users asking for one address apart: no shared wait, neither voids the other', async () => {
    const registerCoach = async () => {
      const email = newEmail('coach');
      const res = await call('POST', '/api/coach/register', { payload: coachPayload(email, await requestCode('coach', email)) });
      expect(res.statusCode, res.body).toBe(201);
      return { email, password: 'coach-pass-1', id: res.json().user.id as string, cookie: sessionCookie(res)! };
    };
    const [first, second] = [await registerCoach(), await registerCoach()];
    const target = newEmail('coach-shared');
    expect((await askCode(first.cookie, { email: target, currentPassword: first.password })).statusCode).toBe(200);
    const firstMail = await mailTo(target, 'Confirm your new email');
    // Right after: no 60-second wait (which would tell the second coach that someone else is moving there).
    const asked = await askCode(second.cookie, { email: target, currentPassword: second.password });
    expect(asked.statusCode, asked.body).toBe(200);
    const secondMail = await t.smtp.waitFor(target, (m) => m.subject === 'Confirm your new email' && m !== firstMail);
    const open = await t.services.db.selectFrom('verification_codes').select('user_id').where('email', '=', target).where('consumed_at', 'is', null).execute();
    expect(open.map((r) => r.user_id).sort()).toEqual([first.id, second.id].sort());

    // The second request did not void the first coach's code, which still works.
    const moved = await change(first.cookie, { email: target, currentPassword: first.password, verificationCode: codeFrom(firstMail) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().user).toMatchObject({ id: first.id, email: target });
    // The address is the first coach's now: the second coach's own code is refused as a wrong one (decision A8).
    const late = await change(second.cookie, { email: target, currentPassword: second.password, verificationCode: codeFrom(secondMail) });
    expect(late.json().message).toBe('That verification code is not correct. 4 tries left.');
    expect(await t.services.db.selectFrom('users').select('email').where('id', '=', second.id).executeTakeFirstOrThrow()).toEqual({ email: second.email });
  });

  it('mails at most five codes an hour per user, whatever the address', async () => {
    const owner = await registerAthleteAccount();
    for (let i = 0; i < 5; i++) {
      const res = await askCode(owner.cookie, { email: newEmail(`flood${i}`), currentPassword: owner.password });
      expect(res.statusCode, res.body).toBe(200);
    }
    const target = newEmail('flood-last');
    const sixth = await askCode(owner.cookie, { email: target, currentPassword: owner.password });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many attempts. Please wait a moment and try again.');
    expect(await t.services.db.selectFrom('verification_codes').select('id').where('email', '=', target).execute()).toEqual([]);
  });

  it('coaches too: the coach row and the stored profile follow', async () => {
    const email = newEmail('coach');
    const registered = await call('POST', '/api/coach/register', { payload: coachPayload(email, await requestCode('coach', email)) });
    const cookie = sessionCookie(registered)!;
    const target = newEmail('coach-moved');
    expect((await askCode(cookie, { email: target, currentPassword: 'coach-pass-1' })).statusCode).toBe(200);
    const code = codeFrom(await mailTo(target, 'Confirm your new email'));
    expect((await change(cookie, { email: target, currentPassword: 'coach-pass-1', verificationCode: code })).statusCode).toBe(200);
    const row = await t.services.db
      .selectFrom('coaches')
      .select(['email', sql<string>`profile->>'email'`.as('profileEmail')])
      .where('id', '=', registered.json().user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: target, profileEmail: target });
    expect((await call('GET', '/api/coach/profile', { cookie })).json().email).toBe(target);
  });

  it('keeps an agent at their agency’s domains', async () => {
    const agents = await createTestApp({ env: { AGENCY_EMAIL_DOMAINS: 'Mae=mae.com,mae.es' } });
    try {
      const ask = (path: string, method: 'POST' | 'PUT', payload: unknown, cookie?: string) =>
        agents.app.inject({
          method,
          url: path,
          payload: payload as Record<string, unknown>,
          headers: cookie ? { cookie } : undefined,
          remoteAddress: newAddress(),
        });
      const email = `marta.${++emailCounter}@mae.com`;
      await ask('/api/agent/send-verification-code', 'POST', { email, agency: 'Mae' });
      const registered = await ask('/api/agent/register', 'POST', agentPayload(email, 'Mae', { verificationCode: codeFrom(await agents.smtp.waitFor(email)) }));
      expect(registered.statusCode, registered.body).toBe(201);
      const cookie = sessionCookie(registered)!;

      const elsewhere = await ask('/api/account/email/code', 'POST', { email: 'marta@gmail.com', currentPassword: 'agent-pass-1' }, cookie);
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toBe('Use your Mae email address (@mae.com or @mae.es).');
      const target = `marta.${++emailCounter}@mae.es`;
      expect((await ask('/api/account/email/code', 'POST', { email: target, currentPassword: 'agent-pass-1' }, cookie)).statusCode).toBe(200);
      const code = codeFrom(await agents.smtp.waitFor(target));
      const res = await ask('/api/account/email', 'PUT', { email: target, currentPassword: 'agent-pass-1', verificationCode: code }, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ role: 'agent', email: target, agency: 'Mae' });
      expect(await agents.services.db.selectFrom('agents').select('email').where('id', '=', res.json().user.id).executeTakeFirstOrThrow()).toEqual({
        email: target,
      });
    } finally {
      await agents.close();
    }
  });
});
