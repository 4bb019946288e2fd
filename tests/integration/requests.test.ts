import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';

const REQUEST = {
  urgent: true,
  teamCategories: ["Women's Team"],
  positions: ['Winger'],
  ageMin: 17,
  ageMax: 23,
  openToTransfer: true,
  playerLevels: ['segunda-rfef', 'Tercera RFEF'],
  targetStartTerms: ['Fall 2026'],
  estimatedBudget: '$15,000 - $30,000',
  playerExtras: ['Team captain', 'Top 10 scorer'],
  openToJuniorCollege: 'Yes',
  regions: ['Northeast'],
  institutionSize: 'Medium 5-15k',
  notes: 'Min GPA 3.0, strong left foot',
};

describe('coach recruitment requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const create = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/coach/requests', headers: { cookie }, payload });
  const list = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/coach/requests', headers: { cookie } });
  const edit = (cookie: string, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/coach/requests/${id}`, headers: { cookie }, payload });
  const remove = (cookie: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/coach/requests/${id}`, headers: { cookie } });
  const outboxOf = (id: string) => t.services.db.selectFrom('outbox').select(['kind', 'version']).where('entity_id', '=', id).orderBy('id').execute();
  const countRequests = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('coach_requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const countOutbox = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a request with every field, lists it newest first, and records it for scoring', async () => {
    const coach = await createSignedInUser(t.services, 'coach');
    const first = await create(coach.cookie, { positions: ['Goalkeeper'] });
    expect(first.statusCode).toBe(201);
    const res = await create(coach.cookie, REQUEST);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ ...REQUEST, playerLevels: ['segunda-rfef', 'tercera-rfef'], _id: expect.any(String), createdAt: expect.any(String) });

    const listed = await list(coach.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([created, first.json()]);
    // Defaults of a minimal request (spec section 5: ages 16 and 22).
    expect(first.json()).toMatchObject({
      positions: ['Goalkeeper'],
      ageMin: 16,
      ageMax: 22,
      urgent: false,
      openToTransfer: false,
      openToJuniorCollege: 'No',
      targetStartTerms: [],
    });

    expect(await outboxOf(created._id)).toEqual([{ kind: 'request', version: '1' }]);
    const stored = await t.services.db.selectFrom('coach_requests').selectAll().where('id', '=', created._id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ coach_id: coach.id, urgent: true, version: '1', deleted_at: null });
  });

  it('keeps only the accepted start terms and drops non-numeric ages', async () => {
    const coach = await createSignedInUser(t.services, 'coach');
    const res = await create(coach.cookie, {
      positions: ['Forward'],
      targetStartTerms: ['Fall 2025', 'Spring 2026', 'Fall 2026', 'Fall 2026'],
      ageMin: 'abc',
      ageMax: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ targetStartTerms: ['Spring 2026', 'Fall 2026'], ageMin: 16, ageMax: 22 });
  });

  it.each([
    [{}, 'Select at least one primary position'],
    [{ positions: [] }, 'Select at least one primary position'],
    [{ positions: ['Forward', 'Goalkeeper'] }, 'Only one primary position can be selected'],
    [{ positions: ['Forward'], ageMin: 15 }, 'Minimum age is 16'],
    [{ positions: ['Forward'], ageMax: 36 }, 'Maximum age is 35'],
    [{ positions: ['Forward'], ageMin: 25, ageMax: 20 }, 'Minimum age cannot be above maximum age'],
  ])('refuses %j with its message, storing nothing and recording nothing', async (payload, message) => {
    const coach = await createSignedInUser(t.services, 'coach');
    const [requestsBefore, outboxBefore] = [await countRequests(), await countOutbox()];
    const res = await create(coach.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countRequests()).toBe(requestsBefore);
    expect(await countOutbox()).toBe(outboxBefore);
  });

  it('edits a request partially: the change bumps the version and records it for scoring; matches and their trail stay', async () => {
    const coach = await createSignedInUser(t.services, 'coach');
    const created = (await create(coach.cookie, REQUEST)).json();
    const athlete = await createSignedInUser(t.services, 'athlete');
    const match = await t.services.db
      .insertInto('matches')
      .values({ request_id: created._id, athlete_id: athlete.id, coach_id: coach.id, status: 'pending', status_by: 'coach', shared_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.services.db
      .insertInto('match_events')
      .values({ match_id: match.id, from_status: null, to_status: 'pending', actor_role: 'coach', actor_id: coach.id })
      .execute();

    const res = await edit(coach.cookie, created._id, { positions: ['Forward'], minGpa: 3.2, notes: 'Quick striker' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...created, positions: ['Forward'], minGpa: 3.2, notes: 'Quick striker' });
    expect((await list(coach.cookie)).json()).toEqual([res.json()]);
    const stored = await t.services.db.selectFrom('coach_requests').selectAll().where('id', '=', created._id).executeTakeFirstOrThrow();
    expect(stored.version).toBe('2');
    expect(stored.updated_at).not.toBeNull();
    expect(await outboxOf(created._id)).toEqual([
      { kind: 'request', version: '1' },
      { kind: 'request', version: '2' },
    ]);
    expect(await t.services.db.selectFrom('matches').select(['id', 'status']).where('request_id', '=', created._id).execute()).toEqual([
      { id: match.id, status: 'pending' },
    ]);
    expect(await t.services.db.selectFrom('match_events').select('to_status').where('match_id', '=', match.id).execute()).toEqual([{ to_status: 'pending' }]);

    // null clears the minimum GPA; urgent moves the column too.
    const cleared = await edit(coach.cookie, created._id, { minGpa: null, urgent: false });
    expect(cleared.json()).not.toHaveProperty('minGpa');
    expect(cleared.json().urgent).toBe(false);
    const after = await t.services.db.selectFrom('coach_requests').select(['version', 'urgent']).where('id', '=', created._id).executeTakeFirstOrThrow();
    expect(after).toEqual({ version: '3', urgent: false });

    // Sending what is stored changes nothing: no version, no rescoring.
    const same = await edit(coach.cookie, created._id, { notes: 'Quick striker' });
    expect(same.statusCode).toBe(200);
    expect(await outboxOf(created._id)).toHaveLength(3);
  });

  it.each([
    [{ positions: [] }, 'Select at least one primary position'],
    [{ positions: ['Forward', 'Goalkeeper'] }, 'Only one primary position can be selected'],
    [{ ageMin: 25 }, 'Minimum age cannot be above maximum age'],
    [{ ageMax: 36 }, 'Maximum age is 35'],
    [{ minGpa: 4.2 }, 'Maximum is 4.0'],
    [{ minGpa: 'abc' }, 'Enter a number'],
    [{ coachId: 'x' }, 'Unrecognized key: "coachId"'],
  ])('refuses the edit %j with the create message, changing nothing', async (payload, message) => {
    const coach = await createSignedInUser(t.services, 'coach');
    const created = (await create(coach.cookie, REQUEST)).json();
    const res = await edit(coach.cookie, created._id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await list(coach.cookie)).json()).toEqual([created]);
    expect(await outboxOf(created._id)).toHaveLength(1);
  });

  it('answers 404 for another coach’s, a deleted, or a malformed request id; a body that is not an object is 400', async () => {
    const owner = await createSignedInUser(t.services, 'coach');
    const other = await createSignedInUser(t.services, 'coach');
    const created = (await create(owner.cookie, REQUEST)).json();
    const theirs = await edit(other.cookie, created._id, { notes: 'Mine now' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Request not found', code: 'requestNotFound' });
    expect((await edit(owner.cookie, 'not-a-uuid', { notes: 'x' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/coach/requests/${created._id}`,
          headers: { cookie: owner.cookie, 'content-type': 'application/json' },
          payload: '[1]',
        })
      ).statusCode,
    ).toBe(400);
    await remove(owner.cookie, created._id);
    expect((await edit(owner.cookie, created._id, { notes: 'x' })).statusCode).toBe(404);
    expect(await outboxOf(created._id)).toHaveLength(2); // create and delete only
  });

  it('soft-deletes with 204, bumps the version and records it; a second delete is 404', async () => {
    const coach = await createSignedInUser(t.services, 'coach');
    const created = (await create(coach.cookie, REQUEST)).json();
    const res = await remove(coach.cookie, created._id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list(coach.cookie)).json()).toEqual([]);
    const stored = await t.services.db.selectFrom('coach_requests').selectAll().where('id', '=', created._id).executeTakeFirstOrThrow();
    expect(stored.deleted_at).not.toBeNull();
    expect(stored.version).toBe('2');
    expect(await outboxOf(created._id)).toEqual([
      { kind: 'request', version: '1' },
      { kind: 'request', version: '2' },
    ]);

    const again = await remove(coach.cookie, created._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Request not found', code: 'requestNotFound' });
    expect(await outboxOf(created._id)).toHaveLength(2);
  });

  it('keeps each coach to their own requests: another coach cannot see or delete them (404)', async () => {
    const owner = await createSignedInUser(t.services, 'coach');
    const other = await createSignedInUser(t.services, 'coach');
    const created = (await create(owner.cookie, REQUEST)).json();
    expect((await list(other.cookie)).json()).toEqual([]);
    const res = await remove(other.cookie, created._id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Request not found', code: 'requestNotFound' });
    expect((await list(owner.cookie)).json().map((r: { _id: string }) => r._id)).toEqual([created._id]);
    expect(await outboxOf(created._id)).toEqual([{ kind: 'request', version: '1' }]);
    expect((await remove(owner.cookie, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('is for coaches only: 401 without a session, 403 for athletes and agents', async () => {
    const owner = await createSignedInUser(t.services, 'coach');
    const created = (await create(owner.cookie, REQUEST)).json();
    const athlete = await createSignedInUser(t.services, 'athlete');
    const agent = await createSignedInUser(t.services, 'agent', { agency: 'Global College' });
    expect((await t.app.inject({ method: 'GET', url: '/api/coach/requests' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/coach/requests', payload: REQUEST })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/coach/requests/${created._id}` })).statusCode).toBe(401);
    for (const user of [athlete, agent]) {
      expect((await list(user.cookie)).statusCode).toBe(403);
      expect((await create(user.cookie, REQUEST)).statusCode).toBe(403);
      expect((await remove(user.cookie, created._id)).statusCode).toBe(403);
    }
    expect((await list(owner.cookie)).json()).toHaveLength(1);
  });
});
