import { NOTIFY_EVENT_JOB, recordOutbox, requeueUndeliveredEmails, startOutboxRelay, unsubscribeToken } from '@app/worker';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, settleJobs, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { notificationsSince } from '../../worker/src/store/notifications.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * Notifications (decisions N1-N3): each event reaches exactly the right people, once, even when
 * its job runs twice; email follows the settings; unsubscribe works signed out with a signed token.
 * Real Postgres and SMTP (the in-process sink); jobs run through the in-process queue.
 */

let t: TestApp;
const as = (cookie: string) => ({ headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // The relay withRelayHeld started last, if any (the services close the one they started).
  await t?.services.outbox.stop();
  await t?.close();
});

type User = Awaited<ReturnType<typeof createSignedInUser>>;
let coach: User;
let athlete: User;
let agent: User;
let otherCoach: User;
let otherAthlete: User;
let otherAgent: User;
let requestId: string;
let counter = 0;

beforeEach(async () => {
  // A fresh cast per test (agency names are unique per agent).
  counter++;
  const agency = `Agency ${counter}`;
  coach = await createCoach(t.services, 'Dana', 'Reyes', 'Hudson State University');
  athlete = await createAthlete(t.services, `Lucía Torres ${counter}`, { agency });
  agent = await createSignedInUser(t.services, 'agent', { firstName: 'Ana', lastName: 'Gil', agency });
  otherCoach = await createCoach(t.services, 'Other', 'Coach', 'Elsewhere College');
  otherAthlete = await createAthlete(t.services, `Other Athlete ${counter}`, { agency: `Other ${counter}` });
  otherAgent = await createSignedInUser(t.services, 'agent', { agency: `Other ${counter}` });
  requestId = await createRequest(t.services, coach.id);
});

/** Relays the outbox and waits until every job has run (settleJobs). */
const settle = () => settleJobs(t.services);

async function notificationsOf(userId: string) {
  return t.services.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('seq').execute();
}

/** The mail's header block with folded lines unfolded. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');

const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));

async function share() {
  const res = await t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: athlete.id, requestId } });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/**
 * Runs `act` with the outbox relay stopped, its kicks and its poll (once a second: holding back the
 * kicks alone let a poll between two writes relay the first): no job of what `act` writes runs
 * until settle. A new relay takes over afterwards (stopped in afterAll).
 */
async function withRelayHeld<T>(act: () => Promise<T>): Promise<T> {
  await t.services.outbox.stop();
  try {
    return await act();
  } finally {
    t.services.outbox = startOutboxRelay(t.services.db, t.services.queue, { log: t.services.log });
  }
}

/**
 * A share whose event the test runs by hand: the relay is held while the outbox row is written and
 * marked published, so no queued job of the event can run beside (or before) the test's own runs.
 */
async function shareWithoutRelay() {
  await withRelayHeld(async () => {
    await share();
    await t.services.db.updateTable('outbox').set({ published_at: new Date() }).where('published_at', 'is', null).execute();
  });
}

async function eventIds() {
  return (await t.services.db.selectFrom('notification_events').select('id').orderBy('created_at').execute()).map((r) => r.id);
}

describe('in each recipient’s language (issue 19)', () => {
  it('a share reaches a Spanish athlete in Spanish (in the app and by email) and an English agent in English', async () => {
    await t.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', athlete.id).execute();
    await share();
    await settle();
    const [a] = await notificationsOf(athlete.id);
    // The request is named by its position and team, in each reader's language.
    expect(a).toMatchObject({
      title: 'Hudson State University ha compartido un match contigo',
      body: 'Dana Reyes (Hudson State University) está interesado en ti para su solicitud de Delantero (Equipo masculino). Acepta o rechaza el match.',
    });
    const [g] = await notificationsOf(agent.id);
    expect(g.title).toMatch(/^Lucía Torres \d+ has a new match$/);
    expect(g.body).toMatch(/^Dana Reyes \(Hudson State University\) shared a match with Lucía Torres \d+ for their Forward \(Men's Team\) request\.$/);
    const spanishMail = await t.smtp.waitFor(athlete.email);
    expect(spanishMail.subject).toBe('Hudson State University ha compartido un match contigo');
    expect(spanishMail.text).toContain('Recibes este correo porque tienes activados los avisos por correo de matches compartidos.');
    const englishMail = await t.smtp.waitFor(agent.email);
    expect(englishMail.subject).toMatch(/ has a new match$/);
    expect(englishMail.text).toContain('You receive this because email for shared matches is on.');
  });
});

describe('in the reader’s language now (migration 2026-12-07T08-00)', () => {
  const listed = async (user: User) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', ...as(user.cookie) });
    expect(res.statusCode).toBe(200);
    return res.json().items as Array<{ title: string; body: string }>;
  };

  it('an athlete who switches to Spanish reads the notifications they had in English in Spanish, and back', async () => {
    await share();
    await settle();
    expect((await listed(athlete))[0].title).toBe('Hudson State University shared a match with you');
    const switched = await t.app.inject({ method: 'PUT', url: '/api/account/language', ...as(athlete.cookie), payload: { language: 'es' } });
    expect(switched.statusCode).toBe(200);
    expect(await listed(athlete)).toEqual([
      expect.objectContaining({
        title: 'Hudson State University ha compartido un match contigo',
        body: 'Dana Reyes (Hudson State University) está interesado en ti para su solicitud de Delantero (Equipo masculino). Acepta o rechaza el match.',
      }),
    ]);
    // A stream that resumes (Last-Event-ID) replays them in the same language.
    expect((await notificationsSince(t.services.db, athlete.id, '0', 10)).map((n) => n.title)).toEqual([
      'Hudson State University ha compartido un match contigo',
    ]);
    // What was delivered stays as written; the agent, still in English, reads English.
    expect((await notificationsOf(athlete.id))[0].title).toBe('Hudson State University shared a match with you');
    expect((await listed(agent))[0].title).toMatch(/ has a new match$/);
    await t.app.inject({ method: 'PUT', url: '/api/account/language', ...as(athlete.cookie), payload: { language: 'en' } });
    expect((await listed(athlete))[0].title).toBe('Hudson State University shared a match with you');
  });

  it('a notification written before the texts were kept shows as it was written', async () => {
    await share();
    await settle();
    await t.services.db.updateTable('notifications').set({ texts: null }).where('user_id', '=', athlete.id).execute();
    await t.services.db.updateTable('users').set({ language: 'es' }).where('id', '=', athlete.id).execute();
    expect((await listed(athlete))[0].title).toBe('Hudson State University shared a match with you');
  });
});

describe('who is told (N1), once', () => {
  it('a share tells the athlete and their agent, by app and email, and nobody else', async () => {
    await share();
    await settle();
    const [a, g, c] = await Promise.all([notificationsOf(athlete.id), notificationsOf(agent.id), notificationsOf(coach.id)]);
    expect(a.map((n) => n.kind)).toEqual(['match_shared']);
    expect(g.map((n) => n.kind)).toEqual(['match_shared']);
    expect(c).toEqual([]);
    for (const u of [otherCoach, otherAthlete, otherAgent]) expect(await notificationsOf(u.id)).toEqual([]);
    expect(a[0].title).toContain('Hudson State University');
    const matchId = (await t.services.db.selectFrom('matches').select('id').where('athlete_id', '=', athlete.id).executeTakeFirstOrThrow()).id;
    expect(a[0].link).toBe(`/athlete-matches?match=${matchId}`);
    expect(g[0].link).toBe(`/agent-dashboard?view=hub&match=${matchId}`);

    const mail = await t.smtp.waitFor(athlete.email);
    expect(mail.subject).toContain('Hudson State University');
    expect(mail.raw).toMatch(/^From: .*RecruitMatch/m);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(headersOf(mail.raw)).toMatch(/^List-Unsubscribe: <http[^>]*\/api\/notifications\/unsubscribe\?token=/m);
    expect(headersOf(mail.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail.text).toContain('/athlete-matches');
    expect(mail.text).toContain('/unsubscribe?token=');
    await t.smtp.waitFor(agent.email);
    expect(mailsTo(athlete.email)).toHaveLength(1);
    expect(mailsTo(agent.email)).toHaveLength(1);
    expect(mailsTo(coach.email)).toHaveLength(0);
  });

  it('a job delivered twice sends nothing twice', async () => {
    await share();
    await settle();
    const [eventId] = await eventIds().then((ids) => ids.slice(-1));
    const before = t.smtp.received.length;
    await t.services.processors[NOTIFY_EVENT_JOB]({ entityId: eventId });
    await t.services.processors[NOTIFY_EVENT_JOB]({ entityId: eventId });
    expect(t.smtp.received.length).toBe(before);
    expect(await notificationsOf(athlete.id)).toHaveLength(1);
    expect(await notificationsOf(agent.id)).toHaveLength(1);
  });

  it('two runs of the same event at once (a retry and the sweep) send each email once', async () => {
    // The relay does not publish it: the two runs below are the only ones.
    await shareWithoutRelay();
    const [eventId] = (await eventIds()).slice(-1);
    const realSend = t.services.mailer.send;
    t.services.mailer.send = async (message) => {
      await new Promise((r) => setTimeout(r, 100)); // a slow SMTP server keeps both runs in flight
      return realSend(message);
    };
    try {
      await Promise.all([t.services.processors[NOTIFY_EVENT_JOB]({ entityId: eventId }), t.services.processors[NOTIFY_EVENT_JOB]({ entityId: eventId })]);
    } finally {
      t.services.mailer.send = realSend;
    }
    expect(mailsTo(athlete.email)).toHaveLength(1);
    expect(mailsTo(agent.email)).toHaveLength(1);
    expect(await notificationsOf(athlete.id)).toHaveLength(1);
  });

  it('the athlete accepting tells the coach and the agent; declining likewise', async () => {
    const matchId = await share();
    await settle();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/athlete/matches/${matchId}`, ...as(athlete.cookie), payload: { status: 'accepted' } });
    expect(res.statusCode).toBe(200);
    await settle();
    expect((await notificationsOf(coach.id)).map((n) => [n.kind, n.link])).toEqual([['match_answered', `/messages/${matchId}`]]);
    expect((await notificationsOf(agent.id)).map((n) => n.kind)).toEqual(['match_shared', 'match_answered']);
    expect((await notificationsOf(athlete.id)).map((n) => n.kind)).toEqual(['match_shared']);
    const mail = await t.smtp.waitFor(coach.email);
    expect(mail.subject).toContain('accepted');

    // Another athlete of the same agency declines a second share.
    const second = await createAthlete(t.services, `Second ${counter}`, { agency: `Agency ${counter}` });
    const shared = await t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: second.id, requestId } });
    await t.app.inject({ method: 'PATCH', url: `/api/athlete/matches/${shared.json().id}`, ...as(second.cookie), payload: { status: 'declined' } });
    await settle();
    const declined = (await notificationsOf(coach.id)).at(-1)!;
    expect(declined.title).toContain('declined');
    // It leads to the request's list, at the player in its Hidden list.
    expect(declined.link).toBe(`/coach-requests?request=${requestId}&match=${shared.json().id}`);
  });

  it('the coach confirming tells the athlete and the agent', async () => {
    const matchId = await share();
    const confirm = await t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: athlete.id, requestId } });
    expect(confirm.statusCode).toBe(200);
    await settle();
    expect((await notificationsOf(athlete.id)).map((n) => [n.kind, n.link])).toEqual([
      ['match_shared', `/athlete-matches?match=${matchId}`],
      ['match_confirmed', `/messages/${matchId}`],
    ]);
    expect((await notificationsOf(agent.id)).map((n) => n.kind)).toEqual(['match_shared', 'match_confirmed']);
    expect(await notificationsOf(coach.id)).toEqual([]);
  });

  it('a share auto-accepted (M3) tells the athlete and agent it is a match, and the coach nothing', async () => {
    await t.services.db.updateTable('athletes').set({ auto_accept_matches: true }).where('id', '=', athlete.id).execute();
    const matchId = await share();
    await settle();
    const [n] = await notificationsOf(athlete.id);
    expect(n).toMatchObject({ kind: 'match_shared', link: `/messages/${matchId}` });
    expect(n.title).toContain('matched with you');
    expect((await notificationsOf(agent.id)).map((x) => x.kind)).toEqual(['match_shared']);
    expect(await notificationsOf(coach.id)).toEqual([]);
  });

  it('the coach hiding a player never shared tells nobody', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/coach/matches/decline', ...as(coach.cookie), payload: { athleteId: athlete.id, requestId } });
    expect(res.statusCode).toBe(201);
    await settle();
    expect(await notificationsOf(athlete.id)).toEqual([]);
    expect(await notificationsOf(agent.id)).toEqual([]);
  });

  it('a message tells the other participants, not the sender', async () => {
    const matchId = await share();
    await t.app.inject({ method: 'PATCH', url: `/api/athlete/matches/${matchId}`, ...as(athlete.cookie), payload: { status: 'accepted' } });
    await settle();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/matches/${matchId}/messages`,
      ...as(coach.cookie),
      payload: { body: '  Welcome aboard, <b>Lucía</b>!  ' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ body: 'Welcome aboard, <b>Lucía</b>!', sender: { role: 'coach', name: 'Dana Reyes' } });
    await settle();
    const athleteMessages = (await notificationsOf(athlete.id)).filter((n) => n.kind === 'message');
    const agentMessages = (await notificationsOf(agent.id)).filter((n) => n.kind === 'message');
    expect(athleteMessages).toHaveLength(1);
    expect(agentMessages).toHaveLength(1);
    expect(athleteMessages[0].body).toBe('Welcome aboard, <b>Lucía</b>!');
    // The athlete knows the coach by their program; the agent, who has many athletes, reads whose thread it is.
    expect(athleteMessages[0].title).toBe('New message from Dana Reyes (Hudson State University)');
    expect(agentMessages[0].title).toBe(`New message from Dana Reyes about Lucía Torres ${counter}`);
    expect((await notificationsOf(coach.id)).filter((n) => n.kind === 'message')).toEqual([]);
    const mail = await t.smtp.waitFor(athlete.email, (m) => m.subject === 'New message from Dana Reyes (Hudson State University)');
    // The HTML part shows the text as text.
    expect(mail.raw).toContain('&lt;b&gt;');
  });

  it("counts each thread's new messages per reader, and marks them read by thread (only the reader's, only messages)", async () => {
    const matchId = await share();
    await t.app.inject({ method: 'PATCH', url: `/api/athlete/matches/${matchId}`, ...as(athlete.cookie), payload: { status: 'accepted' } });
    for (const body of ['Welcome!', 'Are you free on Friday?'])
      expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/messages`, ...as(coach.cookie), payload: { body } })).statusCode).toBe(201);
    await settle();
    const unreadIn = async (user: User) => {
      const list = (await t.app.inject({ method: 'GET', url: '/api/conversations', ...as(user.cookie) })).json();
      const thread = (await t.app.inject({ method: 'GET', url: `/api/matches/${matchId}/messages`, ...as(user.cookie) })).json();
      // The markers of match cards: the reader's threads with new messages.
      const cards = (await t.app.inject({ method: 'GET', url: '/api/conversations/unread', ...as(user.cookie) })).json();
      const onCards = cards.threads.map((c: { matchId: string; unread: number }) => (c.matchId === matchId ? c.unread : `other thread ${c.matchId}`));
      return { list: list.conversations.map((c: { unread: number }) => c.unread), thread: thread.unread, cards: onCards };
    };
    expect(await unreadIn(athlete)).toEqual({ list: [2], thread: 2, cards: [2] });
    expect(await unreadIn(agent)).toEqual({ list: [2], thread: 2, cards: [2] });
    // The sender has nothing new.
    expect(await unreadIn(coach)).toEqual({ list: [0], thread: 0, cards: [] });
    // Nor has anyone outside the thread.
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations/unread', ...as(otherAthlete.cookie) })).json()).toEqual({ threads: [] });

    const read = (user: User, payload: object) => t.app.inject({ method: 'POST', url: '/api/notifications/read', ...as(user.cookie), payload });
    // Someone else's thread changes nothing of theirs.
    expect((await read(otherAthlete, { thread: matchId })).statusCode).toBe(200);
    expect(await unreadIn(athlete)).toEqual({ list: [2], thread: 2, cards: [2] });
    // The athlete reads the thread: its two message notifications, not the share's (which links to it too).
    const before = (await notificationsOf(athlete.id)).filter((n) => n.read_at === null).length;
    expect((await read(athlete, { thread: matchId })).json()).toEqual({ unread: before - 2 });
    expect(await unreadIn(athlete)).toEqual({ list: [0], thread: 0, cards: [] });
    expect((await notificationsOf(athlete.id)).filter((n) => n.read_at === null).map((n) => n.kind)).not.toContain('message');
    expect((await notificationsOf(athlete.id)).filter((n) => n.read_at === null).map((n) => n.kind)).toContain('match_shared');
    // The agent's stay unread until they read the thread.
    expect(await unreadIn(agent)).toEqual({ list: [2], thread: 2, cards: [2] });
    // ... or write in it: whoever answers has read the thread (only its messages: their share stays new).
    const agentUnreadKinds = async () => (await notificationsOf(agent.id)).filter((n) => n.read_at === null).map((n) => n.kind);
    expect(await agentUnreadKinds()).toContain('match_shared');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/messages`, ...as(agent.cookie), payload: { body: 'Friday works.' } })).statusCode,
    ).toBe(201);
    await settle();
    expect(await unreadIn(agent)).toEqual({ list: [0], thread: 0, cards: [] });
    expect(await agentUnreadKinds()).not.toContain('message');
    expect(await agentUnreadKinds()).toContain('match_shared');
    // The others have the agent's message as new.
    expect(await unreadIn(coach)).toEqual({ list: [1], thread: 1, cards: [1] });
    expect(await unreadIn(athlete)).toEqual({ list: [1], thread: 1, cards: [1] });
    for (const payload of [{ thread: 'nope' }, { thread: matchId, all: true }])
      expect((await read(agent, payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });

  it('a message answered before its notification was delivered arrives read for whoever answered', async () => {
    const matchId = await share();
    await t.app.inject({ method: 'PATCH', url: `/api/athlete/matches/${matchId}`, ...as(athlete.cookie), payload: { status: 'accepted' } });
    await settle();
    const post = (user: User, body: string) => t.app.inject({ method: 'POST', url: `/api/matches/${matchId}/messages`, ...as(user.cookie), payload: { body } });
    // The athlete answers before the job that tells them of the coach's message has run.
    await withRelayHeld(async () => {
      expect((await post(coach, 'Can you send your transcript?')).statusCode).toBe(201);
      expect((await post(athlete, 'Sent it this morning.')).statusCode).toBe(201);
    });
    expect(await notificationsOf(athlete.id).then((all) => all.filter((n) => n.kind === 'message'))).toEqual([]);
    await settle();
    const messagesOf = async (user: User) =>
      (await notificationsOf(user.id)).filter((n) => n.kind === 'message').map((n) => ({ body: n.body, read: n.read_at !== null }));
    expect(await messagesOf(athlete)).toEqual([{ body: 'Can you send your transcript?', read: true }]);
    expect(await messagesOf(coach)).toEqual([{ body: 'Sent it this morning.', read: false }]);
    // The agent wrote nothing: both are new to them.
    expect(new Set(await messagesOf(agent))).toEqual(
      new Set([
        { body: 'Can you send your transcript?', read: false },
        { body: 'Sent it this morning.', read: false },
      ]),
    );
  });
});

describe('settings and unsubscribe (N2)', () => {
  it('a kind turned off sends no email, but the in-app notification still arrives', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/notification-settings', ...as(athlete.cookie), payload: { email: { match_shared: false } } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ email: { match_shared: false, match_confirmed: true, message: true } });
    await share();
    await settle();
    await t.smtp.waitFor(agent.email);
    expect(mailsTo(athlete.email)).toHaveLength(0);
    const [n] = await notificationsOf(athlete.id);
    expect(n.kind).toBe('match_shared');
    expect(n.email_status).toBe('suppressed');
  });

  it('refuses a kind the role does not receive and bad bodies, changing nothing', async () => {
    for (const payload of [{ email: { top15: false } }, { email: { nope: true } }, { email: { message: 'no' } }, {}, { email: {}, extra: 1 }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/notification-settings', ...as(athlete.cookie), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const get = await t.app.inject({ method: 'GET', url: '/api/notification-settings', ...as(athlete.cookie) });
    expect(get.json()).toEqual({ email: { match_shared: true, match_confirmed: true, message: true } });
    const coachGet = await t.app.inject({ method: 'GET', url: '/api/notification-settings', ...as(coach.cookie) });
    expect(Object.keys(coachGet.json().email)).toEqual(['match_answered', 'message', 'top15']);
  });

  it('the email link unsubscribes signed out (GET shows, POST turns off; one-click form POST too); a forged token is refused', async () => {
    await share();
    await settle();
    const mail = await t.smtp.waitFor(athlete.email);
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(headersOf(mail.raw))![1];
    const url = new URL(header);
    const token = url.searchParams.get('token')!;

    const info = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ kind: 'match_shared', email: athlete.email, unsubscribed: false });
    // A browser navigating to the header's address is sent to the SPA's page.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);

    // RFC 8058 one-click: a form body, no session, no Origin.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toMatchObject({ kind: 'match_shared', unsubscribed: true });
    const settings = await t.app.inject({ method: 'GET', url: '/api/notification-settings', ...as(athlete.cookie) });
    expect(settings.json().email.match_shared).toBe(false);

    // The SPA page posts JSON.
    const messageToken = await unsubscribeToken(t.services.db, athlete.id, 'message');
    const viaJson = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token: messageToken } });
    expect(viaJson.statusCode).toBe(200);

    const [, kind, mac] = token.split('.');
    const forged = [`${otherAthlete.id}.${kind}.${mac}`, `${athlete.id}.message.${mac}`, `${athlete.id}.${kind}.${mac.slice(0, -2)}xx`, 'garbage', ''];
    for (const bad of forged) {
      const res = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('This unsubscribe link is not valid.');
    }
    const otherSettings = await t.app.inject({ method: 'GET', url: '/api/notification-settings', ...as(otherAthlete.cookie) });
    expect(otherSettings.json().email.match_shared).toBe(true);
  });
});

describe('the in-app list', () => {
  it('lists newest first with the unread count, pages with before, marks one or all read (only the user’s own)', async () => {
    const matchId = await share();
    await t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: athlete.id, requestId } });
    await settle();
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', ...as(athlete.cookie) });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.unread).toBe(2);
    expect(body.items.map((i: { kind: string }) => i.kind)).toEqual(['match_confirmed', 'match_shared']);
    expect(body.items[0]).toMatchObject({ link: `/messages/${matchId}`, readAt: null });

    const page = await t.app.inject({ method: 'GET', url: `/api/notifications?limit=1&before=${body.items[0].id}`, ...as(athlete.cookie) });
    expect(page.json().items.map((i: { kind: string }) => i.kind)).toEqual(['match_shared']);

    // Someone else's id changes nothing.
    const foreign = await t.app.inject({ method: 'POST', url: '/api/notifications/read', ...as(agent.cookie), payload: { ids: [body.items[0].id] } });
    expect(foreign.json()).toEqual({ unread: 2 });
    const one = await t.app.inject({ method: 'POST', url: '/api/notifications/read', ...as(athlete.cookie), payload: { ids: [body.items[0].id] } });
    expect(one.json()).toEqual({ unread: 1 });
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read', ...as(athlete.cookie), payload: { all: true } });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await notificationsOf(agent.id)).every((n) => n.read_at === null)).toBe(true);

    for (const url of ['/api/notifications?limit=0', '/api/notifications?limit=500', '/api/notifications?limit=abc', '/api/notifications?before=nope']) {
      const bad = await t.app.inject({ method: 'GET', url, ...as(athlete.cookie) });
      expect(bad.statusCode, url).toBe(400);
    }
    for (const payload of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { all: true, ids: [body.items[0].id] }]) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/notifications/read', ...as(athlete.cookie), payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('SMTP down, then up', () => {
  it('keeps the in-app notification, retries the email with backoff and delivers it once SMTP is back', async () => {
    const realSend = t.services.mailer.send;
    let failures = 0;
    t.services.mailer.send = async (message) => {
      failures++;
      throw new Error(`SMTP unavailable (${message.to})`);
    };
    try {
      await share();
      await t.services.outbox.drain();
      // The in-app notification is committed even though every email attempt fails.
      await expect.poll(async () => (await notificationsOf(athlete.id)).length, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => failures, { timeout: 10_000 }).toBeGreaterThan(1);
    } finally {
      t.services.mailer.send = realSend;
    }
    await t.services.queue.whenIdle();
    await t.smtp.waitFor(athlete.email);
    await t.smtp.waitFor(agent.email);
    expect(mailsTo(athlete.email)).toHaveLength(1);
    expect(mailsTo(agent.email)).toHaveLength(1);
    expect((await notificationsOf(athlete.id))[0].email_status).toBe('sent');
  });
});

describe('an athlete newly in a request’s top 15 (N1: in-app at once, email as a daily digest)', () => {
  /** An athlete change as the profile route writes it: a new version and its outbox row. */
  async function athleteChanged(athleteId: string) {
    await t.services.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('athletes')
        .set({ version: sql`version + 1`, updated_at: sql`now()` })
        .where('id', '=', athleteId)
        .returning('version')
        .executeTakeFirstOrThrow();
      await recordOutbox(trx, 'athlete', athleteId, row.version);
    });
  }
  async function requestChanged(id: string) {
    await t.services.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('coach_requests')
        .set({ version: sql`version + 1` })
        .where('id', '=', id)
        .returning('version')
        .executeTakeFirstOrThrow();
      await recordOutbox(trx, 'request', id, row.version);
    });
  }
  const top15Of = async (userId: string) => (await notificationsOf(userId)).filter((n) => n.kind === 'top15');

  it('tells the coach once per entering athlete, emails one digest a day, and stays quiet about the first list', async () => {
    // The request's first list (with the cast's athlete in it) is not news.
    await requestChanged(requestId);
    await settle();
    expect(await t.services.db.selectFrom('match_scores').select('athlete_id').where('request_id', '=', requestId).execute()).not.toEqual([]);
    expect(await top15Of(coach.id)).toEqual([]);

    const newcomer = await createAthlete(t.services, `Newcomer ${counter}`, { agency: `Agency ${counter}` });
    await athleteChanged(newcomer.id);
    await settle();
    const first = await top15Of(coach.id);
    expect(first).toHaveLength(1);
    expect(first[0].title).toContain(`Newcomer ${counter}`);
    expect(first[0].link).toBe(`/coach-requests?request=${requestId}`);
    const digest = await t.smtp.waitFor(coach.email);
    expect(digest.subject).toContain(`Newcomer ${counter}`);
    expect(digest.text).toContain("New among the 15 best matches of your Forward (Men's Team) request:");
    expect(digest.raw).toContain('top15');

    // The same athlete saving again, or the job running twice, announces nothing new.
    await athleteChanged(newcomer.id);
    await settle();
    const [lastEvent] = (await t.services.db.selectFrom('notification_events').select('id').where('kind', '=', 'top15').execute()).slice(-1);
    await t.services.processors[NOTIFY_EVENT_JOB]({ entityId: lastEvent.id });
    expect(await top15Of(coach.id)).toHaveLength(1);

    // A second newcomer the same day: in-app at once, no second email today.
    const second = await createAthlete(t.services, `Second ${counter}`, { agency: `Agency ${counter}` });
    await athleteChanged(second.id);
    await settle();
    expect(await top15Of(coach.id)).toHaveLength(2);
    expect(mailsTo(coach.email)).toHaveLength(1);

    // The next day's digest carries what waited since the last one.
    await t.services.db
      .updateTable('notification_digests')
      .set({ day: sql`day - 1` })
      .where('request_id', '=', requestId)
      .execute();
    const third = await createAthlete(t.services, `Third ${counter}`, { agency: `Agency ${counter}` });
    await athleteChanged(third.id);
    await settle();
    expect(await top15Of(coach.id)).toHaveLength(3);
    expect(mailsTo(coach.email)).toHaveLength(2);
    const next = mailsTo(coach.email)[1];
    expect(next.subject).toBe('2 athletes entered your top 15');
    expect(next.text).toContain(`Second ${counter}`);
    expect(next.text).toContain(`Third ${counter}`);
  });
});

describe('an email whose job gave up (SMTP down longer than its retries)', () => {
  it('is sent by the relay’s sweep once SMTP is back, exactly once', async () => {
    const realSend = t.services.mailer.send;
    t.services.mailer.send = async () => {
      throw new Error('SMTP unavailable');
    };
    let eventId: string;
    try {
      // The event's job runs only by hand here, failing like its last retry would (a queued job's
      // retries could deliver the mail once SMTP is back, before the sweep is tried).
      await shareWithoutRelay();
      [eventId] = (await eventIds()).slice(-1);
      await expect(t.services.processors[NOTIFY_EVENT_JOB]({ entityId: eventId })).rejects.toThrow('SMTP unavailable');
    } finally {
      t.services.mailer.send = realSend;
    }
    expect((await notificationsOf(athlete.id)).map((n) => n.email_status)).toEqual(['pending']);
    // Too recent for the sweep: its own retries may still be running.
    expect(await requeueUndeliveredEmails(t.services.db, t.services.queue, 1)).toBe(0);
    await t.services.db
      .updateTable('notifications')
      .set({ created_at: sql`created_at - interval '3 minutes'` })
      .where('event_id', '=', eventId!)
      .execute();
    expect(await requeueUndeliveredEmails(t.services.db, t.services.queue, 1)).toBe(1);
    await t.services.queue.whenIdle();
    await t.smtp.waitFor(athlete.email);
    await t.smtp.waitFor(agent.email);
    expect(await requeueUndeliveredEmails(t.services.db, t.services.queue, 2)).toBe(0);
    expect(mailsTo(athlete.email)).toHaveLength(1);
    expect(mailsTo(agent.email)).toHaveLength(1);
  });
});

describe('insights console counts', () => {
  it('reports notifications sent by kind, emails suppressed by settings and messages per day', async () => {
    // This file's earlier tests left shares, answers, messages, a suppressed email and top-15 entries behind.
    const all = await t.services.db.selectFrom('notifications').select(['kind', 'email_status']).execute();
    // Every message so far was written today.
    const sentToday = (await t.services.db.selectFrom('messages').select('id').execute()).length;
    expect(sentToday).toBeGreaterThan(0);
    await t.services.db
      .insertInto('messages')
      .values({
        match_id: (await t.services.db.selectFrom('matches').select('id').executeTakeFirstOrThrow()).id,
        sender_id: coach.id,
        sender_role: 'coach',
        body: 'old',
        created_at: new Date(Date.now() - 3 * 86_400_000),
      })
      .execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/support-insights/stats', payload: { username: 'staff', password: 'insights-test-password' } });
    expect(res.statusCode).toBe(200);
    const { notifications } = res.json();
    const count = (kind: string, status?: string) => all.filter((n) => n.kind === kind && (!status || n.email_status === status)).length;
    expect(notifications.sentByKind).toEqual(
      ['match_shared', 'match_answered', 'match_confirmed', 'message', 'top15'].map((kind) => ({ kind, inApp: count(kind), emails: count(kind, 'sent') })),
    );
    expect(notifications.sentByKind.find((k: { kind: string }) => k.kind === 'match_shared').inApp).toBeGreaterThan(0);
    expect(notifications.emailsSuppressed).toBe(all.filter((n) => n.email_status === 'suppressed').length);
    expect(notifications.emailsSuppressed).toBeGreaterThan(0);
    expect(notifications.messagesPerDay).toHaveLength(14);
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(notifications.messagesPerDay.at(-1)).toEqual({ day: today, count: sentToday });
    expect(notifications.messagesPerDay.find((d: { day: string }) => d.day === threeDaysAgo)).toEqual({ day: threeDaysAgo, count: 1 });
    expect(notifications.messagesPerDay.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(sentToday + 1);
  });
});
