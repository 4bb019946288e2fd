import { CONVERSATION_MESSAGES } from '@app/domain';
import { THREAD_LIST_PAGE } from '@app/worker/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/** Conversations (M9): participants only, open once accepted, plain text 1..2000, 20 a day per sender. */

let t: TestApp;
const as = (cookie: string) => ({ headers: { cookie } });
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let coach: User, athlete: User, agent: User, otherCoach: User, otherAthlete: User, otherAgent: User, sameAgencyAthlete: User;
let matchId: string;
let requestId: string;

beforeAll(async () => {
  t = await createTestApp();
  const s = t.services;
  coach = await createCoach(s, 'Dana', 'Reyes');
  athlete = await createAthlete(s, 'Lucía Torres', { agency: 'Eture' });
  sameAgencyAthlete = await createAthlete(s, 'Carla Third', { agency: 'Eture' });
  agent = await createSignedInUser(s, 'agent', { firstName: 'Ana', lastName: 'Gil', agency: 'Eture' });
  otherCoach = await createCoach(s, 'Other', 'Coach');
  otherAthlete = await createAthlete(s, 'Other Athlete', { agency: 'Mae' });
  otherAgent = await createSignedInUser(s, 'agent', { agency: 'Mae' });
  requestId = await createRequest(s, coach.id);
  const shared = await t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: athlete.id, requestId } });
  matchId = shared.json().id;
});
afterAll(async () => {
  // Let the notification jobs of the messages finish before the database goes.
  await t?.services.outbox.drain();
  await t?.services.queue.whenIdle();
  await t?.close();
});

const list = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/conversations', ...(cookie ? as(cookie) : {}) });
const get = (cookie: string, id = matchId, query = '') => t.app.inject({ method: 'GET', url: `/api/matches/${id}/messages${query}`, ...as(cookie) });
const post = (cookie: string, payload: unknown, id = matchId) =>
  t.app.inject({ method: 'POST', url: `/api/matches/${id}/messages`, ...as(cookie), payload: payload as object });

describe('conversations', () => {
  it('answers 404 to anyone not a participant, without telling whether the match exists', async () => {
    for (const outsider of [otherCoach, otherAthlete, otherAgent, sameAgencyAthlete]) {
      const read = await get(outsider.cookie);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ message: 'Conversation not found', code: 'conversationNotFound' });
      expect((await post(outsider.cookie, { body: 'hi' })).statusCode).toBe(404);
    }
    expect((await get(coach.cookie, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await get(coach.cookie, 'not-a-uuid')).statusCode).toBe(404);
    expect((await post(coach.cookie, { body: 'hi' }, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('is visible but closed before acceptance: canSend false with the reason, POST 409', async () => {
    for (const user of [coach, athlete, agent]) {
      const res = await get(user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ messages: [], canSend: false, cannotSendReason: CONVERSATION_MESSAGES.notAccepted });
    }
    const refused = await post(athlete.cookie, { body: 'Hello coach' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONVERSATION_MESSAGES.notAccepted);
    expect(await t.services.db.selectFrom('messages').selectAll().execute()).toEqual([]);
  });

  it('opens on acceptance: every participant posts and reads the whole thread', async () => {
    // The coach confirms the pending match (M1), so the coach may still decline it later (M6).
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: athlete.id, requestId } })).json().status,
    ).toBe('accepted');
    const first = await post(coach.cookie, { body: '  Welcome! <script>alert(1)</script>  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      id: expect.any(String),
      sender: { role: 'coach', name: 'Dana Reyes' },
      body: 'Welcome! <script>alert(1)</script>',
      createdAt: expect.any(String),
    });
    expect((await post(athlete.cookie, { body: 'Thank you!' })).statusCode).toBe(201);
    expect((await post(agent.cookie, { body: 'Happy to help with the paperwork.' })).statusCode).toBe(201);

    const thread = (await get(agent.cookie)).json();
    expect(thread.canSend).toBe(true);
    expect(thread.cannotSendReason).toBeUndefined();
    expect(thread.participants).toEqual([
      { role: 'coach', name: 'Dana Reyes' },
      { role: 'athlete', name: 'Lucía Torres' },
      { role: 'agent', name: 'Ana Gil' },
    ]);
    // What the thread is about: a coach may talk with one athlete about two requests.
    expect(thread.about).toEqual({ programName: 'Hudson State University', positions: ['Forward'], teamCategories: ["Men's Team"] });
    expect(thread.messages.map((m: { sender: { role: string }; body: string }) => [m.sender.role, m.body])).toEqual([
      ['coach', 'Welcome! <script>alert(1)</script>'],
      ['athlete', 'Thank you!'],
      ['agent', 'Happy to help with the paperwork.'],
    ]);
    // Each participant's list of conversations holds the thread, with its latest message.
    for (const user of [coach, athlete, agent]) {
      const res = await list(user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().conversations).toEqual([
        {
          matchId,
          about: thread.about,
          participants: thread.participants,
          lastMessage: {
            id: thread.messages[2].id,
            sender: { role: 'agent', name: 'Ana Gil' },
            body: 'Happy to help with the paperwork.',
            createdAt: expect.any(String),
          },
          canSend: true,
          // What the others wrote is new to each reader (their message notifications, once relayed).
          unread: expect.any(Number),
        },
      ]);
    }
    const older = (await get(athlete.cookie, matchId, `?before=${thread.messages[2].id}`)).json();
    expect(older.messages.map((m: { body: string }) => m.body)).toEqual(['Welcome! <script>alert(1)</script>', 'Thank you!']);
    expect((await get(athlete.cookie, matchId, '?before=nope')).statusCode).toBe(400);
  });

  it("lists only the user's own threads that hold a message, the most recently active first", async () => {
    expect((await list()).statusCode).toBe(401);
    // Outsiders see none: another coach, another agency's athlete and agent, the agency's other athlete.
    for (const outsider of [otherCoach, otherAthlete, otherAgent, sameAgencyAthlete])
      expect((await list(outsider.cookie)).json()).toEqual({ conversations: [], hasMore: false });
    // A second accepted match of the coach's, with the agency's other athlete: no message yet, so not listed.
    const second = await createRequest(t.services, coach.id);
    const share = () =>
      t.app.inject({ method: 'POST', url: '/api/coach/matches', ...as(coach.cookie), payload: { athleteId: sameAgencyAthlete.id, requestId: second } });
    const otherMatch = (await share()).json().id as string;
    expect((await share()).json().status).toBe('accepted');
    expect((await list(coach.cookie)).json().conversations.map((c: { matchId: string }) => c.matchId)).toEqual([matchId]);
    // Its first message puts it on top for the coach and the agent (both in it), not for the first athlete.
    expect((await post(sameAgencyAthlete.cookie, { body: 'Hi coach, a long message '.padEnd(300, '.') }, otherMatch)).statusCode).toBe(201);
    for (const user of [coach, agent]) {
      const conversations = (await list(user.cookie)).json().conversations;
      expect(conversations.map((c: { matchId: string }) => c.matchId)).toEqual([otherMatch, matchId]);
      // The list carries the start of the latest message only.
      expect(conversations[0].lastMessage).toMatchObject({
        sender: { role: 'athlete', name: 'Carla Third' },
        body: 'Hi coach, a long message '.padEnd(200, '.'),
      });
    }
    expect((await list(athlete.cookie)).json().conversations.map((c: { matchId: string }) => c.matchId)).toEqual([matchId]);
    expect((await list(sameAgencyAthlete.cookie)).json().conversations.map((c: { matchId: string }) => c.matchId)).toEqual([otherMatch]);
    // A deleted request's threads leave every list.
    await t.services.db.updateTable('coach_requests').set({ deleted_at: new Date() }).where('id', '=', second).execute();
    expect((await list(coach.cookie)).json().conversations.map((c: { matchId: string }) => c.matchId)).toEqual([matchId]);
    expect((await list(sameAgencyAthlete.cookie)).json()).toEqual({ conversations: [], hasMore: false });
  });

  it('refuses bad bodies with 400 and a message, storing nothing', async () => {
    const count = async () =>
      (
        await t.services.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const cases: Array<[unknown, string]> = [
      [{ body: '' }, CONVERSATION_MESSAGES.empty],
      [{ body: '   \n\t ' }, CONVERSATION_MESSAGES.empty],
      [{ body: 'x'.repeat(2001) }, CONVERSATION_MESSAGES.tooLong],
      [{ body: 42 }, CONVERSATION_MESSAGES.empty],
      [{}, CONVERSATION_MESSAGES.empty],
    ];
    for (const [payload, message] of cases) {
      const res = await post(athlete.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post(athlete.cookie, { body: 'ok', extra: true })).statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/matches/${matchId}/messages`,
      headers: { cookie: athlete.cookie, 'content-type': 'application/json' },
      payload: '{"body":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await count()).toBe(before);
    // Exactly 2,000 characters (after trimming) is fine.
    expect((await post(athlete.cookie, { body: ` ${'y'.repeat(2000)} ` })).statusCode).toBe(201);
  });

  it('allows 20 messages per sender per thread per day, then 429 with a clear message; others still post', async () => {
    // The athlete has sent 2 today (above); the coach 1, the agent 1.
    for (let i = 3; i <= 20; i++) expect((await post(athlete.cookie, { body: `message ${i}` })).statusCode).toBe(201);
    const limited = await post(athlete.cookie, { body: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(CONVERSATION_MESSAGES.rateLimited);
    expect((await post(coach.cookie, { body: 'Still open for me' })).statusCode).toBe(201);
    // Yesterday's messages do not count.
    await t.services.db
      .updateTable('messages')
      .set({ created_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('sender_id', '=', athlete.id)
      .execute();
    expect((await post(athlete.cookie, { body: 'A new day' })).statusCode).toBe(201);
  });

  it('closes (but stays readable) when the coach later declines the match', async () => {
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/coach/matches/${matchId}`, ...as(coach.cookie), payload: { status: 'declined' } })).statusCode,
    ).toBe(200);
    const thread = (await get(athlete.cookie)).json();
    expect(thread.canSend).toBe(false);
    expect(thread.messages.length).toBeGreaterThan(0);
    expect((await post(athlete.cookie, { body: 'hello?' })).statusCode).toBe(409);
    // Still listed, as closed.
    expect((await list(athlete.cookie)).json().conversations).toMatchObject([{ matchId, canSend: false }]);
  });
});

describe('the list of conversations, a page at a time', () => {
  it(`answers ${THREAD_LIST_PAGE} threads a page, the most recently active first, and pages back with ?before=`, async () => {
    const s = t.services;
    const pagingCoach = await createCoach(s, 'Page', 'Coach');
    const player = await createAthlete(s, 'Paging Player', { agency: 'Mae' });
    // One more thread than a page, and one more than that to cross the second page's start; each
    // thread's latest message a minute older than the one before it; one pair shares a moment
    // (the match id breaks the tie, without repeating or losing either).
    const total = THREAD_LIST_PAGE + 2;
    const start = Date.now() - 3_600_000;
    const threads: Array<{ matchId: string; lastId: string }> = [];
    for (let i = 0; i < total; i++) {
      const request = await createRequest(s, pagingCoach.id);
      const match = await s.db
        .insertInto('matches')
        .values({ request_id: request, athlete_id: player.id, coach_id: pagingCoach.id, status: 'accepted', status_by: 'athlete', shared_at: new Date(start) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const at = new Date(start - Math.min(i, THREAD_LIST_PAGE - 1) * 60_000);
      // An older message first: only the latest one places the thread.
      await s.db
        .insertInto('messages')
        .values({ match_id: match.id, sender_id: player.id, sender_role: 'athlete', body: 'first', created_at: new Date(at.getTime() - 86_400_000) })
        .execute();
      const last = await s.db
        .insertInto('messages')
        .values({ match_id: match.id, sender_id: pagingCoach.id, sender_role: 'coach', body: `latest ${i}`, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      threads.push({ matchId: match.id, lastId: last.id });
    }
    type Page = { conversations: Array<{ matchId: string; lastMessage: { id: string; body: string } }>; hasMore: boolean };
    const read = async (cookie: string, before?: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/conversations${before ? `?before=${before}` : ''}`, ...as(cookie) });
      expect(res.statusCode).toBe(200);
      return res.json<Page>();
    };
    for (const user of [pagingCoach, player]) {
      const first = await read(user.cookie);
      expect(first.conversations).toHaveLength(THREAD_LIST_PAGE);
      expect(first.hasMore).toBe(true);
      const second = await read(user.cookie, first.conversations.at(-1)!.lastMessage.id);
      expect(second.hasMore).toBe(false);
      const ids = [...first.conversations, ...second.conversations].map((c) => c.matchId);
      // Every thread once, newest first (the last three share the oldest moment, in any order).
      expect(new Set(ids).size).toBe(total);
      expect(ids.slice(0, THREAD_LIST_PAGE - 1)).toEqual(threads.slice(0, THREAD_LIST_PAGE - 1).map((x) => x.matchId));
      expect(new Set(ids.slice(THREAD_LIST_PAGE - 1))).toEqual(new Set(threads.slice(THREAD_LIST_PAGE - 1).map((x) => x.matchId)));
      // Past the end, and an unknown cursor: an empty page, not an error.
      expect(await read(user.cookie, second.conversations.at(-1)!.lastMessage.id)).toEqual({ conversations: [], hasMore: false });
      expect(await read(user.cookie, '00000000-0000-0000-0000-000000000000')).toEqual({ conversations: [], hasMore: false });
    }
    // A new message moves its thread to the first page, and off the second.
    const oldest = threads.at(-1)!;
    const news = await s.db
      .insertInto('messages')
      .values({ match_id: oldest.matchId, sender_id: player.id, sender_role: 'athlete', body: 'news', created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await read(pagingCoach.cookie);
    expect(first.conversations[0]).toMatchObject({ matchId: oldest.matchId, lastMessage: { body: 'news' } });
    const second = await read(pagingCoach.cookie, first.conversations.at(-1)!.lastMessage.id);
    expect(second.conversations.map((c) => c.matchId)).not.toContain(oldest.matchId);
    expect(first.conversations.length + second.conversations.length).toBe(total);
    // A malformed cursor: 400 with a message, as the thread's.
    const bad = await t.app.inject({ method: 'GET', url: '/api/conversations?before=nope', ...as(pagingCoach.cookie) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    // Someone else's cursor only places the page in time: the reader still sees their own threads only.
    const others = await read(coach.cookie, news.id);
    expect(others.conversations.length).toBeGreaterThan(0);
    expect(others.conversations.filter((c) => threads.some((x) => x.matchId === c.matchId))).toEqual([]);
  });
});

describe('finding a conversation', () => {
  it('narrows the list by a participant’s or the program’s name, and to threads with new messages; bad input is 400', async () => {
    const s = t.services;
    const maya = await createCoach(s, 'Maya', 'López', 'Lakeside University');
    const tom = await createCoach(s, 'Tom', 'Brown', 'Hillcrest College');
    const julia = await createAthlete(s, 'Julia Sánchez', { agency: 'Finder' });
    const pedro = await createAthlete(s, 'Pedro Ruiz', { agency: 'Finder' });
    const finder = await createSignedInUser(s, 'agent', { firstName: 'Iris', lastName: 'Finder', agency: 'Finder' });
    const thread = async (coachId: string, athleteId: string) => {
      const match = await s.db
        .insertInto('matches')
        .values({
          request_id: await createRequest(s, coachId),
          athlete_id: athleteId,
          coach_id: coachId,
          status: 'accepted',
          status_by: 'athlete',
          shared_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await s.db.insertInto('messages').values({ match_id: match.id, sender_id: athleteId, sender_role: 'athlete', body: 'Hello' }).execute();
      return match.id;
    };
    const withMaya = await thread(maya.id, julia.id);
    const withTom = await thread(tom.id, pedro.id);
    const find = async (user: User, query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/conversations?${query}`, ...as(user.cookie) });
      expect(res.statusCode, query).toBe(200);
      return res.json().conversations.map((c: { matchId: string }) => c.matchId);
    };
    // The agent finds a thread by its athlete, its coach or its program, in any case.
    expect(await find(finder, 'q=julia')).toEqual([withMaya]);
    expect(await find(finder, 'q=TOM%20BR')).toEqual([withTom]);
    expect(await find(finder, 'q=lakeside')).toEqual([withMaya]);
    expect(await find(finder, 'q=zzz')).toEqual([]);
    // With or without the accents: "lopez" finds Maya López, "sanchez" and "SÁNCHEZ" Julia Sánchez.
    expect(await find(finder, 'q=lopez')).toEqual([withMaya]);
    expect(await find(finder, 'q=sanchez')).toEqual([withMaya]);
    expect(await find(finder, `q=${encodeURIComponent('SÁNCHEZ')}`)).toEqual([withMaya]);
    // A coach finds theirs by the agent's name; a name elsewhere finds none of another user's threads.
    expect(await find(maya, 'q=finder')).toEqual([withMaya]);
    expect(await find(tom, 'q=julia')).toEqual([]);
    expect(await find(otherAgent, 'q=julia')).toEqual([]);
    // An empty search is no search.
    expect(new Set(await find(finder, 'q=%20'))).toEqual(new Set([withMaya, withTom]));

    // Tom writes: the agent's thread with him has a new message, the other none.
    expect((await post(tom.cookie, { body: 'Can we talk on Friday?' }, withTom)).statusCode).toBe(201);
    await s.outbox.drain();
    await s.queue.whenIdle();
    expect(await find(finder, 'unread=yes')).toEqual([withTom]);
    expect(await find(finder, 'unread=yes&q=julia')).toEqual([]);
    expect(new Set(await find(finder, 'unread=no'))).toEqual(new Set([withMaya, withTom]));
    // Each thread of the list carries its own count: Tom's one new message, none in Maya's.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/conversations', ...as(finder.cookie) })).json();
    expect(Object.fromEntries(listed.conversations.map((c: { matchId: string; unread: number }) => [c.matchId, c.unread]))).toEqual({
      [withTom]: 1,
      [withMaya]: 0,
    });
    // The sender has nothing new in it.
    expect(await find(tom, 'unread=yes')).toEqual([]);
    // Once the agent read it, it is no longer among the unread.
    await t.app.inject({ method: 'POST', url: '/api/notifications/read', ...as(finder.cookie), payload: { thread: withTom } });
    expect(await find(finder, 'unread=yes')).toEqual([]);

    for (const query of ['q=50%25', 'q=a_b', `q=${'a'.repeat(61)}`, 'unread=maybe', 'sort=name']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/conversations?${query}`, ...as(finder.cookie) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
  });
});
