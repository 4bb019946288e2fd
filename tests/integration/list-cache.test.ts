import type { MatchFacets, RequestMatchesPage } from '@app/domain';
import { indexRequest } from '@app/worker';
import { requestListGeneration } from '@app/worker/store/match-scores';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * The pages and facets the API keeps (api/src/lib/list-cache.ts) under the request's list
 * generation (listGenerationSql): answered again while nothing they show changed, read again as
 * soon as anything did — the index rows (insert, update, delete), the coach's matches, the
 * request's version — and never to anyone but the request's coach.
 */
describe('ranked list: kept pages and facets', () => {
  let t: TestApp;
  let coach: { id: string; cookie: string };
  let otherCoach: { id: string; cookie: string };
  let requestId: string;
  let otherRequestId: string;
  const athletes: { id: string; name: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    coach = await createCoach(t.services);
    otherCoach = await createCoach(t.services, 'Sam', 'Lee', 'Lakeside College');
    for (const name of ['Ana Ruiz', 'Bea Soto', 'Carla Gil', 'Dora Vega']) athletes.push({ id: (await createAthlete(t.services, name)).id, name });
    requestId = await createRequest(t.services, coach.id);
    otherRequestId = await createRequest(t.services, otherCoach.id);
    await indexRequest(t.services.db, { entityId: requestId });
    await indexRequest(t.services.db, { entityId: otherRequestId });
  });
  afterAll(() => t?.close());

  const get = (cookie: string | undefined, query = 'view=all', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/coach/requests/${requestId}/matches?${query}`, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const page = async (query = 'view=all', headers: Record<string, string> = {}) => {
    const res = await get(coach.cookie, query, headers);
    expect(res.statusCode, query).toBe(200);
    return res.json<RequestMatchesPage>();
  };
  const facets = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/coach/requests/${requestId}/matches/facets`, headers: { cookie: coach.cookie, ...headers } });
    expect(res.statusCode).toBe(200);
    return res.json<MatchFacets>();
  };
  /** The coach's POST about one athlete of the request (a share, a decline). */
  const coachPost = (url: string, athleteId: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: coach.cookie }, payload: { athleteId, requestId } });
  const names = (p: RequestMatchesPage) => p.matches.map((m) => m.athlete.name).sort();
  const generation = () => requestListGeneration(t.services.db, requestId, coach.id);
  /** A change straight in the database that no trigger sees: what a kept page keeps showing. */
  const renameUnseen = (athleteId: string, name: string) =>
    t.services.db.updateTable('athletes').set({ full_name: name }).where('id', '=', athleteId).execute();

  it('answers a page and the facets again while the list is unchanged; Cache-Control: no-cache reads them again', async () => {
    expect(names(await page())).toEqual(athletes.map((a) => a.name).sort());
    const before = await facets({ 'cache-control': 'no-cache' });
    expect(before.total).toBe(4);
    // Out of the triggers' sight: the kept page (and its generation) stay as they were.
    const gen = await generation();
    await renameUnseen(athletes[0].id, 'Ana Renamed');
    expect(await generation()).toBe(gen);
    expect(names(await page())).toContain('Ana Ruiz');
    expect(names(await page('view=all', { 'cache-control': 'no-cache' }))).toContain('Ana Renamed');
    await renameUnseen(athletes[0].id, 'Ana Ruiz');
    expect(names(await page('view=all', { pragma: 'no-cache' }))).toContain('Ana Ruiz');
    // The facets: kept too (a row deleted without the triggers would still be counted).
    await sql`alter table match_scores disable trigger user`.execute(t.services.db);
    try {
      await t.services.db.deleteFrom('match_scores').where('request_id', '=', requestId).where('athlete_id', '=', athletes[3].id).execute();
      expect((await facets()).total).toBe(4);
      expect((await facets({ 'cache-control': 'no-cache' })).total).toBe(3);
    } finally {
      await sql`alter table match_scores enable trigger user`.execute(t.services.db);
    }
    // Put back through the triggers (the count and the generation move again).
    await indexRequest(t.services.db, { entityId: requestId });
    expect(names(await page())).toEqual(athletes.map((a) => a.name).sort());
    expect((await facets()).total).toBe(4);
  });

  it('moves the generation with every write to the index rows, the matches and the request, and with nothing of another request', async () => {
    const db = t.services.db;
    const seen = new Set([await generation()]);
    const moved = async (what: string) => {
      const now = (await generation())!;
      expect(seen.has(now), what).toBe(false);
      seen.add(now);
    };
    await db.updateTable('match_scores').set({ score: 99 }).where('request_id', '=', otherRequestId).execute();
    await db.deleteFrom('match_scores').where('request_id', '=', otherRequestId).where('athlete_id', '=', athletes[0].id).execute();
    expect(seen.has(await generation()), "another request's rows").toBe(true);
    await db.updateTable('match_scores').set({ score: 91 }).where('request_id', '=', requestId).where('athlete_id', '=', athletes[1].id).execute();
    await moved('an update');
    await db.deleteFrom('match_scores').where('request_id', '=', requestId).where('athlete_id', '=', athletes[1].id).execute();
    await moved('a delete');
    await indexRequest(db, { entityId: requestId });
    await moved('an insert');
    const withoutMatches = await generation();
    const match = await db
      .insertInto('matches')
      .values({ request_id: requestId, athlete_id: athletes[2].id, coach_id: coach.id, status: 'pending', status_by: 'coach' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await moved('a share');
    await db.updateTable('matches').set({ status: 'accepted', status_by: 'athlete' }).where('id', '=', match.id).execute();
    await moved("the athlete's answer");
    await sql`update matches set last_message_at = now() where id = ${match.id}`.execute(db);
    expect(seen.has(await generation()), 'a message (no card field)').toBe(true);
    await db.deleteFrom('matches').where('id', '=', match.id).execute();
    // The matches' part is their current fields, not a counter: the list is again what it was before the share.
    expect(await generation(), 'a deleted match').toBe(withoutMatches);
    await db
      .updateTable('coach_requests')
      .set({ version: sql`version + 1` })
      .where('id', '=', requestId)
      .execute();
    await moved('an edit (new version)');
    await indexRequest(db, { entityId: requestId });
    await moved('the new version indexed');
    expect(await requestListGeneration(db, requestId, otherCoach.id), "another coach's").toBeUndefined();
  });

  it('shows a share, a decline and a new score at once, on the kept views and the facets', async () => {
    const first = await page();
    await page('view=top15');
    const shared = (await facets()).status.pending;
    const share = await coachPost('/api/coach/matches', athletes[0].id);
    expect(share.statusCode).toBe(201);
    const afterShare = await page();
    expect(afterShare.matches.find((m) => m.athlete.id === athletes[0].id)!.match?.status).toBe('pending');
    expect((await page('view=top15')).matches.find((m) => m.athlete.id === athletes[0].id)!.match?.status).toBe('pending');
    expect((await facets()).status.pending).toBe(shared + 1);

    const decline = await coachPost('/api/coach/matches/decline', athletes[1].id);
    expect(decline.statusCode).toBeLessThan(300);
    const afterDecline = await page();
    expect(afterDecline.matches.map((m) => m.athlete.id)).not.toContain(athletes[1].id);
    expect(afterDecline.hiddenCount).toBe(first.hiddenCount + 1);
    expect(afterDecline.total).toBe(first.total! - 1);

    // A new score (the index jobs' update of the row) reorders the kept page.
    await t.services.db.updateTable('match_scores').set({ score: 100 }).where('request_id', '=', requestId).where('athlete_id', '=', athletes[3].id).execute();
    const rescored = await page();
    expect(rescored.matches[0].athlete.id).toBe(athletes[3].id);
    expect(rescored.matches[0].score).toBe(100);
  });

  it("reads as 'computing' as soon as the request has a new version", async () => {
    expect((await page()).status).toBe('ready');
    await t.services.db
      .updateTable('coach_requests')
      .set({ version: sql`version + 1` })
      .where('id', '=', requestId)
      .execute();
    const computing = await page();
    expect(computing.status).toBe('computing');
    expect(computing.matches).toEqual([]);
    await indexRequest(t.services.db, { entityId: requestId });
    expect((await page()).status).toBe('ready');
  });

  it('answers a kept page to its coach only: another coach gets 404, no session 401, the facets likewise', async () => {
    expect((await page()).matches.length).toBeGreaterThan(0);
    await facets();
    expect((await get(otherCoach.cookie)).statusCode).toBe(404);
    expect((await get(undefined)).statusCode).toBe(401);
    const othersFacets = await t.app.inject({ method: 'GET', url: `/api/coach/requests/${requestId}/matches/facets`, headers: { cookie: otherCoach.cookie } });
    expect(othersFacets.statusCode).toBe(404);
    // A deleted request: 404 for its coach too, kept page or not.
    await t.services.db.updateTable('coach_requests').set({ deleted_at: new Date() }).where('id', '=', requestId).execute();
    try {
      expect((await get(coach.cookie)).statusCode).toBe(404);
    } finally {
      await t.services.db.updateTable('coach_requests').set({ deleted_at: null }).where('id', '=', requestId).execute();
    }
    // Another role's session: 403, not the kept page.
    const athlete = await createSignedInUser(t.services, 'athlete');
    expect((await get(athlete.cookie)).statusCode).toBe(403);
    // Signed out: the ended session gets 401 where its kept page was.
    expect((await page()).matches.length).toBeGreaterThan(0);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: coach.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await get(coach.cookie)).statusCode).toBe(401);
  });
});
