import { deleteAccount } from '@app/worker/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach } from './matches-fixtures.ts';

/** Private notes on athletes, a coach's and an agent's: GET/PUT /api/<role>/athletes/:id/note, GET /api/<role>/notes; one per author and athlete. */

let t: TestApp;
type Coach = Awaited<ReturnType<typeof createCoach>>;
let coach: Coach, otherCoach: Coach;
let athleteId: string, draftId: string;

beforeAll(async () => {
  t = await createTestApp();
  coach = await createCoach(t.services, 'Dana', 'Reyes');
  otherCoach = await createCoach(t.services, 'Sam', 'Lee', 'Bay College');
  athleteId = (await createAthlete(t.services, 'Lucía Torres')).id;
  draftId = (await createAthlete(t.services, 'Diego Draft', { completed: false })).id;
});
afterAll(() => t?.close());

const noteUrl = (id: string) => `/api/coach/athletes/${id}/note`;
const read = (id: string, cookie = coach.cookie) => t.app.inject({ method: 'GET', url: noteUrl(id), headers: { cookie } });
const write = (id: string, payload: unknown, cookie = coach.cookie) =>
  t.app.inject({ method: 'PUT', url: noteUrl(id), headers: { cookie }, payload: payload as object });
const storedNotes = () => t.services.db.selectFrom('athlete_notes').select(['author_id', 'athlete_id', 'body']).orderBy('body').execute();

describe('coach notes', () => {
  it('saves, reads back, replaces and removes a note, trimmed', async () => {
    expect((await read(athleteId)).json()).toEqual({ note: null });

    const saved = await write(athleteId, { body: '  Called on Monday: strong left foot.  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ note: { body: 'Called on Monday: strong left foot.', updatedAt: expect.any(String) } });
    expect((await read(athleteId)).json()).toEqual(saved.json());

    const first = new Date(saved.json().note.updatedAt).getTime();
    const replaced = (await write(athleteId, { body: 'Watch the March game.' })).json();
    expect(replaced.note.body).toBe('Watch the March game.');
    expect(new Date(replaced.note.updatedAt).getTime()).toBeGreaterThanOrEqual(first);
    expect(await storedNotes()).toEqual([{ author_id: coach.id, athlete_id: athleteId, body: 'Watch the March game.' }]);

    for (const empty of [{ body: '   ' }, {}]) {
      await write(athleteId, { body: 'again' });
      const removed = await write(athleteId, empty);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ note: null });
      expect(await storedNotes()).toEqual([]);
    }
    // Removing a note that is not there is not an error.
    expect((await write(athleteId, { body: '' })).json()).toEqual({ note: null });
  });

  it("keeps each coach's note to that coach", async () => {
    await write(athleteId, { body: 'Dana’s note' });
    expect((await read(athleteId, otherCoach.cookie)).json()).toEqual({ note: null });
    await write(athleteId, { body: 'Sam’s note' }, otherCoach.cookie);
    expect((await read(athleteId)).json().note.body).toBe('Dana’s note');
    expect((await read(athleteId, otherCoach.cookie)).json().note.body).toBe('Sam’s note');
    // Sam removing his note leaves Dana's.
    await write(athleteId, { body: '' }, otherCoach.cookie);
    expect((await storedNotes()).map((n) => n.author_id)).toEqual([coach.id]);
  });

  it('answers 404 for an athlete a coach cannot open, and stores nothing', async () => {
    const before = await storedNotes();
    for (const id of [draftId, '00000000-0000-4000-8000-000000000000', 'not-an-id', coach.id]) {
      const get = await read(id);
      expect(get.statusCode, id).toBe(404);
      expect(get.json().message).toBe('Athlete not found');
      expect((await write(id, { body: 'x' })).statusCode, id).toBe(404);
      expect((await write(id, { body: '' })).statusCode, id).toBe(404);
    }
    expect(await storedNotes()).toEqual(before);
  });

  it('refuses a note over 2,000 characters, or an unknown field, and keeps the saved one', async () => {
    await write(athleteId, { body: 'Kept' });
    const long = await write(athleteId, { body: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([expect.objectContaining({ path: 'body', message: 'Must be 2000 characters or fewer' })]);
    expect((await write(athleteId, { body: 'ok', extra: 1 })).statusCode).toBe(400);
    expect((await write(athleteId, { body: 42 })).statusCode).toBe(400);
    expect((await read(athleteId)).json().note.body).toBe('Kept');
    // Exactly 2,000 is fine.
    expect((await write(athleteId, { body: 'y'.repeat(2000) })).statusCode).toBe(200);
  });

  it("lists the coach's own notes as excerpts, the latest first, on completed athletes only", async () => {
    const list = async (cookie = coach.cookie) => (await t.app.inject({ method: 'GET', url: '/api/coach/notes', headers: { cookie } })).json().notes;
    const second = (await createAthlete(t.services, 'Second Athlete')).id;
    await write(athleteId, { body: 'Short one' });
    await write(second, { body: 'z'.repeat(250) });
    await write(second, { body: 'Sam only' }, otherCoach.cookie);
    expect(await list()).toEqual([
      { athleteId: second, excerpt: 'z'.repeat(200), truncated: true, updatedAt: expect.any(String) },
      { athleteId, excerpt: 'Short one', truncated: false, updatedAt: expect.any(String) },
    ]);
    expect((await list(otherCoach.cookie)).map((n: { excerpt: string }) => n.excerpt)).toEqual(['Sam only']);
    // A profile back in progress hides its notes (kept for when it is complete again).
    await t.services.db.updateTable('athletes').set({ profile_completed: false }).where('id', '=', second).execute();
    expect((await list()).map((n: { athleteId: string }) => n.athleteId)).toEqual([athleteId]);
    await t.services.db.updateTable('athletes').set({ profile_completed: true }).where('id', '=', second).execute();
    expect(await list()).toHaveLength(2);
    await write(second, { body: '' });
    await write(second, { body: '' }, otherCoach.cookie);
  });

  it("is in the coach's data export, not in the athlete's", async () => {
    await write(athleteId, { body: 'For the export' });
    const coachData = (await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: coach.cookie } })).json();
    expect(coachData.notes).toEqual([
      { athleteId, athlete: 'Lucía Torres', body: 'For the export', createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    const otherData = (await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: otherCoach.cookie } })).json();
    expect(otherData.notes).toEqual([]);
  });

  it("goes with the athlete's or the coach's account", async () => {
    const athlete = await createAthlete(t.services, 'Leaving Athlete');
    const leavingCoach = await createCoach(t.services, 'Leaving', 'Coach');
    await write(athlete.id, { body: 'On a leaving athlete' });
    await write(athleteId, { body: 'By a leaving coach' }, leavingCoach.cookie);
    expect((await storedNotes()).map((n) => n.body)).toEqual(expect.arrayContaining(['On a leaving athlete', 'By a leaving coach']));
    await deleteAccount(t.services.db, athlete.id);
    await deleteAccount(t.services.db, leavingCoach.id);
    expect((await storedNotes()).map((n) => n.body)).not.toEqual(expect.arrayContaining(['On a leaving athlete']));
    expect((await storedNotes()).map((n) => n.body)).not.toEqual(expect.arrayContaining(['By a leaving coach']));
  });
});

describe('agent notes', () => {
  let agent: Awaited<ReturnType<typeof createSignedInUser>>;
  let own: string, draftOwn: string, other: string;
  beforeAll(async () => {
    agent = await createSignedInUser(t.services, 'agent', { agency: 'Mae' });
    own = (await createAthlete(t.services, 'Mae Player', { agency: 'Mae' })).id;
    draftOwn = (await createAthlete(t.services, 'Mae Draft', { agency: 'Mae', completed: false })).id;
    other = (await createAthlete(t.services, 'Eture Player', { agency: 'Eture' })).id;
  });
  const agentUrl = (id: string) => `/api/agent/athletes/${id}/note`;
  const agentWrite = (id: string, body: string) => t.app.inject({ method: 'PUT', url: agentUrl(id), headers: { cookie: agent.cookie }, payload: { body } });
  const agentRead = (id: string) => t.app.inject({ method: 'GET', url: agentUrl(id), headers: { cookie: agent.cookie } });
  const agentList = async () => (await t.app.inject({ method: 'GET', url: '/api/agent/notes', headers: { cookie: agent.cookie } })).json().notes;

  it("notes the agency's athletes, complete or not, and no other agency's", async () => {
    expect((await agentWrite(own, 'Passport renewal in May')).json().note.body).toBe('Passport renewal in May');
    expect((await agentWrite(draftOwn, 'Chase the transcript')).statusCode).toBe(200);
    const refused = await agentWrite(other, 'Not mine');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Athlete not found');
    expect((await agentRead(other)).statusCode).toBe(404);
    expect((await agentList()).map((n: { athleteId: string }) => n.athleteId).sort()).toEqual([own, draftOwn].sort());
  });

  it("keeps the agent's and a coach's notes on one athlete apart", async () => {
    await write(own, { body: 'Coach view' });
    expect((await agentRead(own)).json().note.body).toBe('Passport renewal in May');
    expect((await read(own)).json().note.body).toBe('Coach view');
    await write(own, { body: '' });
  });

  it('hides a note on an athlete who left the agency, and shows it again when they are back', async () => {
    await t.services.db.updateTable('athletes').set({ agency: 'Eture' }).where('id', '=', own).execute();
    expect((await agentRead(own)).statusCode).toBe(404);
    expect((await agentList()).map((n: { athleteId: string }) => n.athleteId)).toEqual([draftOwn]);
    await t.services.db.updateTable('athletes').set({ agency: 'Mae' }).where('id', '=', own).execute();
    expect((await agentRead(own)).json().note.body).toBe('Passport renewal in May');
  });

  it("is in the agent's data export", async () => {
    const data = (await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: agent.cookie } })).json();
    expect(data.notes.map((n: { athlete: string; body: string }) => [n.athlete, n.body]).sort()).toEqual([
      ['Mae Draft', 'Chase the transcript'],
      ['Mae Player', 'Passport renewal in May'],
    ]);
  });
});
