import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const count = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the message and mails the team over SMTP', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: '  Lucía Pérez ', email: 'lucia@example.com', subject: 'Athlete', message: 'Hola, I want to play in the US.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Thanks for reaching out! We’ll respond soon.' });

    const row = await t.services.db.selectFrom('contact_messages').selectAll().where('email', '=', 'lucia@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Lucía Pérez', subject: 'Athlete', message: 'Hola, I want to play in the US.' });

    const mail = await t.smtp.waitFor(t.services.config.CONTACT_INBOX);
    expect(mail.subject).toContain('Lucía Pérez');
    expect(mail.text).toContain('Hola, I want to play in the US.');
    expect(mail.text).toContain('lucia@example.com');
  });

  it.each([
    [{ name: '', email: 'a@b.co', subject: 'Other', message: 'x' }, 'Please let us know who we’re speaking with'],
    [{ name: 'A', email: '', subject: 'Other', message: 'x' }, 'Your email helps us reply'],
    [{ name: 'A', email: 'not-an-email', subject: 'Other', message: 'x' }, 'Enter a valid email'],
    [{ name: 'A', email: 'a@b.co', subject: '', message: 'x' }, 'Let us know why you’re reaching out'],
    [{ name: 'A', email: 'a@b.co', subject: 'Spam', message: 'x' }, 'Let us know why you’re reaching out'],
    [{ name: 'A', email: 'a@b.co', subject: 'Other', message: '   ' }, 'Please include a brief message'],
    [{ email: 'a@b.co', subject: 'Other', message: 'x' }, 'Please let us know who we’re speaking with'],
  ])('refuses %j with the spec message and stores nothing', async (payload, message) => {
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('refuses unknown keys and malformed JSON without storing', async () => {
    const before = await count();
    const extra = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'A', email: 'a@b.co', subject: 'Other', message: 'x', id: 'x' } });
    expect(extra.statusCode).toBe(400);
    const broken = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request could not be read.');
    expect(await count()).toBe(before);
  });

  it('reports database and queue status at /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'up' }, queue: { status: 'up' } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'notFound' });
  });
});
