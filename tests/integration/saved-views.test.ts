import { SAVED_VIEWS_MAX } from '@app/domain';
import { deleteAccount } from '@app/worker/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createCoach } from './matches-fixtures.ts';

/** Saved list views: GET/POST /api/<role>/saved-views, PATCH/DELETE /api/<role>/saved-views/:id, for coaches and agents. */

let t: TestApp;
type User = { id: string; cookie: string };
let coach: User, otherCoach: User, agent: User;

beforeAll(async () => {
  t = await createTestApp();
  coach = await createCoach(t.services, 'Dana', 'Reyes');
  otherCoach = await createCoach(t.services, 'Sam', 'Lee', 'Bay College');
  agent = await createSignedInUser(t.services, 'agent', { agency: 'Eture' });
});
afterAll(() => t?.close());

const list = (user: User, role = 'coach') => t.app.inject({ method: 'GET', url: `/api/${role}/saved-views`, headers: { cookie: user.cookie } });
const save = (user: User, payload: unknown, role = 'coach') =>
  t.app.inject({ method: 'POST', url: `/api/${role}/saved-views`, headers: { cookie: user.cookie }, payload: payload as object });
const remove = (user: User, id: string, role = 'coach') =>
  t.app.inject({ method: 'DELETE', url: `/api/${role}/saved-views/${id}`, headers: { cookie: user.cookie } });
const rename = (user: User, id: string, payload: unknown, role = 'coach') =>
  t.app.inject({ method: 'PATCH', url: `/api/${role}/saved-views/${id}`, headers: { cookie: user.cookie }, payload: payload as object });
const stored = (userId: string) => t.services.db.selectFrom('saved_views').select(['name', 'query']).where('user_id', '=', userId).orderBy('name').execute();
const clear = () => t.services.db.deleteFrom('saved_views').execute();

describe('saved views', () => {
  it('saves a coach view in canonical form, lists it by name, replaces a view of the same name and deletes it', async () => {
    await clear();
    // The address of the list page as it is: the open request and defaults are not part of the view.
    const created = await save(coach, { name: '  Spanish keepers ', query: '?request=abc&minGpa=3.0&position=Goalkeeper&view=top15&nationality=Spain' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      view: { id: expect.any(String), name: 'Spanish keepers', query: 'position=Goalkeeper&nationality=Spain&minGpa=3', createdAt: expect.any(String) },
      replaced: false,
    });
    await save(coach, { name: 'All with video', query: 'view=all&hasVideo=yes' });
    expect((await list(coach)).json().views.map((v: { name: string }) => v.name)).toEqual(['All with video', 'Spanish keepers']);

    // The same name in another case replaces the view (and takes the new spelling).
    const replaced = await save(coach, { name: 'SPANISH KEEPERS', query: 'position=Goalkeeper&status=not-shared' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ view: { id: created.json().view.id, name: 'SPANISH KEEPERS' }, replaced: true });
    expect(await stored(coach.id)).toEqual([
      { name: 'All with video', query: 'view=all&hasVideo=yes' },
      { name: 'SPANISH KEEPERS', query: 'position=Goalkeeper&status=not-shared' },
    ]);

    expect((await remove(coach, created.json().view.id)).statusCode).toBe(204);
    expect((await stored(coach.id)).map((v) => v.name)).toEqual(['All with video']);
    const again = await remove(coach, created.json().view.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Saved view not found');
  });

  it("keeps each user's views to them: another coach neither lists nor deletes them", async () => {
    await clear();
    const mine = (await save(coach, { name: 'Mine', query: 'view=all' })).json().view.id;
    expect((await list(otherCoach)).json()).toEqual({ views: [] });
    for (const id of [mine, 'not-an-id', '00000000-0000-4000-8000-000000000000']) expect((await remove(otherCoach, id)).statusCode, id).toBe(404);
    // Another user's view of the same name is theirs: saving one does not replace it.
    expect((await save(otherCoach, { name: 'Mine', query: 'view=position' })).statusCode).toBe(201);
    expect(await stored(coach.id)).toEqual([{ name: 'Mine', query: 'view=all' }]);
  });

  it('renames a view, its settings kept; refuses a name another of the views has, whatever its case', async () => {
    await clear();
    const keepers = (await save(coach, { name: 'Keepers', query: 'position=Goalkeeper' })).json().view;
    await save(coach, { name: 'With video', query: 'hasVideo=yes' });

    const renamed = await rename(coach, keepers.id, { name: '  Spanish keepers ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...keepers, name: 'Spanish keepers' });
    // Its own name in another case is no clash.
    expect((await rename(coach, keepers.id, { name: 'SPANISH keepers' })).json().name).toBe('SPANISH keepers');

    const clash = await rename(coach, keepers.id, { name: 'with VIDEO' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: 'You already have a view named with VIDEO', code: 'savedViewNameTaken' });
    for (const [payload, message] of [
      [{ name: '   ' }, 'Give the view a name'],
      [{ name: 'x'.repeat(61) }, 'Must be 60 characters or fewer'],
      [{ name: 'Keepers', query: 'view=all' }, undefined],
    ] as const) {
      const res = await rename(coach, keepers.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.body).toContain(message);
    }
    expect(await stored(coach.id)).toEqual([
      { name: 'SPANISH keepers', query: 'position=Goalkeeper' },
      { name: 'With video', query: 'hasVideo=yes' },
    ]);
  });

  it("renames only the user's own views: another user's, or none, is not found", async () => {
    await clear();
    const mine = (await save(coach, { name: 'Mine', query: 'view=all' })).json().view.id;
    const theirs = (await save(otherCoach, { name: 'Theirs', query: 'view=all' })).json().view.id;
    for (const id of [theirs, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await rename(coach, id, { name: 'Taken over' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Saved view not found');
    }
    // Another user's view of that name is theirs: no clash.
    expect((await rename(coach, mine, { name: 'Theirs' })).statusCode).toBe(200);
    expect(await stored(otherCoach.id)).toEqual([{ name: 'Theirs', query: 'view=all' }]);
    // Agents rename theirs under /agent/.
    const agentView = (await save(agent, { name: 'By score', query: 'sort=score' }, 'agent')).json().view.id;
    expect((await rename(agent, agentView, { name: 'Best first' }, 'agent')).json()).toMatchObject({ name: 'Best first', query: 'sort=score' });
  });

  it('checks an agent view against the roster query (search, filters, order; the page is left out)', async () => {
    await clear();
    const saved = await save(agent, { name: 'Complete by score', query: 'page=4&profile=complete&sort=score&q=Lucía' }, 'agent');
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().view.query).toBe('q=Luc%C3%ADa&profile=complete&sort=score');
    // A coach's list setting is not a roster setting.
    const coachSetting = await save(agent, { name: 'x', query: 'view=all' }, 'agent');
    expect(coachSetting.statusCode).toBe(400);
    expect(coachSetting.json()).toMatchObject({ message: 'Unknown list setting: view', code: 'savedViewUnknownSetting', values: { name: 'view' } });
    expect((await list(coach)).json().views).toEqual([]);
  });

  it('refuses bad input with its message and stores nothing', async () => {
    await clear();
    const cases: Array<[unknown, string]> = [
      [{ name: '   ', query: 'view=all' }, 'Give the view a name'],
      [{ name: 'x'.repeat(61), query: 'view=all' }, 'Must be 60 characters or fewer'],
      [{ name: 'Nothing', query: '' }, 'Choose a filter, a search or an order first: this view is the whole list'],
      [{ name: 'Defaults', query: 'view=top15&request=abc' }, 'Choose a filter, a search or an order first: this view is the whole list'],
      [{ name: 'Bad GPA', query: 'minGpa=5' }, 'Minimum GPA is a number from 0 to 4'],
      [{ name: 'Bad view', query: 'view=grid' }, 'Unknown view'],
      [{ name: 'Bad position', query: 'position=Striker%27%3B' }, 'Unknown position'],
      [{ name: 'Injected', query: 'position=Goalkeeper&sql=drop' }, 'Unknown list setting: sql'],
      [{ name: 'Long', query: `nationality=${'a'.repeat(2001)}` }, 'This view has too many settings'],
    ];
    for (const [payload, message] of cases) {
      const res = await save(coach, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload).slice(0, 80)).toContain(message);
    }
    expect((await save(coach, { name: 'x', query: 'view=all', extra: 1 })).statusCode).toBe(400);
    expect(await stored(coach.id)).toEqual([]);
  });

  it(`keeps at most ${SAVED_VIEWS_MAX} views a user, but a replacement still saves`, async () => {
    await clear();
    for (let i = 0; i < SAVED_VIEWS_MAX; i++) expect((await save(coach, { name: `View ${i}`, query: `minGpa=${(i / 10).toFixed(1)}` })).statusCode).toBe(201);
    const over = await save(coach, { name: 'One more', query: 'view=all' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: `You have ${SAVED_VIEWS_MAX} saved views: delete one to save another`, code: 'savedViewTooMany' });
    expect((await save(coach, { name: 'view 3', query: 'position=Goalkeeper' })).statusCode).toBe(200);
    expect(await stored(coach.id)).toHaveLength(SAVED_VIEWS_MAX);
    // Two saves at once with one place left: exactly one gets it.
    await t.services.db.deleteFrom('saved_views').where('user_id', '=', coach.id).where('name', '=', 'View 0').execute();
    const both = await Promise.all([save(coach, { name: 'Race A', query: 'view=all' }), save(coach, { name: 'Race B', query: 'view=all' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await stored(coach.id)).toHaveLength(SAVED_VIEWS_MAX);
  });

  it("goes with the account, and is in the account's data export", async () => {
    await clear();
    const leaving = await createSignedInUser(t.services, 'agent', { agency: 'Mae' });
    await save(leaving, { name: 'Goalkeepers', query: 'position=Goalkeeper' }, 'agent');
    const exported = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: leaving.cookie } });
    expect(exported.json().savedViews).toEqual([{ name: 'Goalkeepers', query: 'position=Goalkeeper', createdAt: expect.any(String) }]);
    await deleteAccount(t.services.db, leaving.id);
    expect(await stored(leaving.id)).toEqual([]);
  });
});
