import { explainPair, resolveAthlete, resolveRequest, scorePair } from '@app/domain';
import { indexRequest } from '@app/worker';
import { athleteScoringInput, loadAthlete, loadRequest, requestScoringInput } from '@app/worker/store/scoring-inputs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * The coach's tools on a request's list (issue 18): filters on the three views, counts per
 * filter value, the CSV export, and "Why not?" — all against the index the worker writes.
 */
describe('request list tools: filters, facets, export, why not', () => {
  let t: TestApp;
  let coach: { id: string; cookie: string };
  let otherCoach: { id: string; cookie: string };
  let requestId: string;
  let otherRequestId: string;
  const ids: Record<string, string> = {};

  async function setProfile(id: string, changes: Record<string, unknown>, columns: Record<string, unknown> = {}) {
    await t.services.db
      .updateTable('athletes')
      .set({ profile: sql`profile || ${JSON.stringify(changes)}::jsonb`, ...columns })
      .where('id', '=', id)
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    coach = await createCoach(t.services);
    otherCoach = await createCoach(t.services, 'Sam', 'Lee', 'Bay College');
    ids.lucia = (await createAthlete(t.services, 'Lucía Núñez', { nationality: 'Spain', gpa: 3.9 })).id;
    ids.pierre = (await createAthlete(t.services, 'Pierre Blanc', { nationality: 'France', gpa: 3.2 })).id;
    ids.marco = (await createAthlete(t.services, 'Marco Winger', { nationality: 'Italy', gpa: 3.6, primaryPosition: 'Right Winger' })).id;
    ids.evil = (await createAthlete(t.services, '=HYPERLINK("x")', { nationality: 'Spain', gpa: 3.4 })).id;
    ids.novideo = (await createAthlete(t.services, 'Nora Sinvideo', { nationality: 'spain ', gpa: 3.7 })).id;
    ids.old = (await createAthlete(t.services, 'Olaf Older', { nationality: 'Norway', gpa: 3.8 })).id;
    ids.lowgpa = (await createAthlete(t.services, 'Gina Lowgrade', { nationality: 'Spain', gpa: 2.3 })).id;
    ids.draft = (await createAthlete(t.services, 'Diego Draft', { completed: false })).id;
    await setProfile(ids.novideo, { highlightVideoUrl: '' });
    await setProfile(ids.pierre, { leagueLevel: 'tercera-rfef', leagueLevelLabel: 'Tercera RFEF' });
    await setProfile(ids.old, { age: 23 }, { age: 23 });
    requestId = await createRequest(t.services, coach.id, { positions: ['Forward'], teamCategories: ["Men's Team"], targetStartTerms: ['Fall 2026'] });
    otherRequestId = await createRequest(t.services, otherCoach.id);
    await indexRequest(t.services.db, { entityId: requestId });
    await indexRequest(t.services.db, { entityId: otherRequestId });
    // Lucía shared (pending).
    expect((await post('/api/coach/matches', { athleteId: ids.lucia, requestId })).statusCode).toBe(201);
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie = coach.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = coach.cookie) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const list = async (query: string) => {
    const res = await get(`/api/coach/requests/${requestId}/matches?${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json<{ total: number | null; matches: Array<{ athlete: { id: string; name: string } }> }>();
  };
  const listIds = async (query: string) => (await list(query)).matches.map((m) => m.athlete.id);

  it("filters each view in SQL and keeps the view's order", async () => {
    for (const view of ['top15', 'all', 'position'] as const) {
      const unfiltered = await listIds(`view=${view}`);
      expect(unfiltered).toEqual(expect.arrayContaining([ids.lucia, ids.pierre, ids.marco, ids.evil, ids.novideo]));
      expect(unfiltered).not.toContain(ids.old); // age 23 > 22 (S1)
      const inOrder = (subset: string[]) => expect(subset).toEqual(unfiltered.filter((id) => subset.includes(id)));

      const spanish = await listIds(`view=${view}&nationality=SPAIN`);
      expect(new Set(spanish)).toEqual(new Set([ids.lucia, ids.evil, ids.novideo]));
      inOrder(spanish);
      const strong = await listIds(`view=${view}&minGpa=3.5`);
      expect(new Set(strong)).toEqual(new Set([ids.lucia, ids.marco, ids.novideo]));
      inOrder(strong);
      expect(await listIds(`view=${view}&hasVideo=no`)).toEqual([ids.novideo]);
      expect(await listIds(`view=${view}&position=Right%20Winger`)).toEqual([ids.marco]);
      expect(await listIds(`view=${view}&league=tercera-rfef`)).toEqual([ids.pierre]);
      expect(await listIds(`view=${view}&status=pending`)).toEqual([ids.lucia]);
      expect(await listIds(`view=${view}&status=accepted`)).toEqual([]);
      const notShared = await listIds(`view=${view}&status=not-shared&nationality=spain`);
      expect(notShared).toEqual(unfiltered.filter((id) => id === ids.evil || id === ids.novideo));
    }
    // A filtered page carries no count (the facets' total is the filtered list's); past the end is an empty page.
    expect((await list('view=all&nationality=spain')).total).toBeNull();
    expect((await get(`/api/coach/requests/${requestId}/matches/facets?nationality=spain`)).json().total).toBe(3);
    const past = await list('view=all&nationality=spain&offset=50');
    expect(past).toMatchObject({ total: null, matches: [] });
    expect((await list('view=all&offset=50')).total).toBe((await list('view=all')).matches.length);
  });

  it('answers unknown filter values with 400 and a message', async () => {
    for (const [query, message] of [
      ['position=Striker', 'Unknown position'],
      ['league=premier-league', 'Unknown league'],
      ['status=declined', 'Match status: use not-shared, pending or accepted'],
      ['hasVideo=maybe', 'Has video: use yes or no'],
      ['minGpa=4.5', 'Minimum GPA is a number from 0 to 4'],
      ['minGpa=abc', 'Minimum GPA is a number from 0 to 4'],
      ['nationality=%3Cscript%3E', 'Search by name: letters, spaces, apostrophes, hyphens and dots only'],
    ]) {
      const res = await get(`/api/coach/requests/${requestId}/matches?view=all&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('counts the listed athletes per filter value', async () => {
    const res = await get(`/api/coach/requests/${requestId}/matches/facets`);
    expect(res.statusCode).toBe(200);
    const facets = res.json();
    const listed = (await list('view=all')).total;
    expect(facets.total).toBe(listed);
    expect(facets.nationality).toContainEqual({ value: expect.stringMatching(/^spain$/i), count: 3 });
    expect(facets.position).toContainEqual({ value: 'Right Winger', count: 1 });
    expect(facets.league).toContainEqual({ value: 'tercera-rfef', label: 'Tercera RFEF', count: 1 });
    expect(facets.hasVideo).toEqual({ yes: listed! - 1, no: 1 });
    expect(facets.status).toEqual({ 'not-shared': listed! - 1, pending: 1, accepted: 0 });
    expect(facets.gpaAtLeast).toContainEqual({ value: 3.5, count: 3 });

    // Under other filters: each facet counts what picking its value would show.
    const spanish = (await get(`/api/coach/requests/${requestId}/matches/facets?nationality=spain&minGpa=3.5`)).json();
    expect(spanish.total).toBe(2); // Lucía, Nora
    // Nationality counted under minGpa alone ('Spain' and 'spain ' are one value).
    expect(spanish.nationality.map((n: { value: string; count: number }) => [n.value.toLowerCase(), n.count])).toEqual([
      ['spain', 2],
      ['italy', 1],
    ]);
    expect(spanish.gpaAtLeast).toContainEqual({ value: 3, count: 3 }); // Spanish only: Lucía, =HYPERLINK (3.4), Nora
    expect(spanish.hasVideo).toEqual({ yes: 1, no: 1 });

    // A minimum GPA between the steps: the other facets count under it, the GPA steps without it.
    const minimum = (await get(`/api/coach/requests/${requestId}/matches/facets?minGpa=3.3`)).json();
    expect(minimum.total).toBe(4); // Lucía 3.9, Nora 3.7, Marco 3.6, =HYPERLINK 3.4
    expect(minimum.hasVideo).toEqual({ yes: 3, no: 1 });
    expect(minimum.gpaAtLeast).toContainEqual({ value: 3.5, count: 3 });
    expect(minimum.gpaAtLeast).toContainEqual({ value: 3, count: 5 }); // and Pierre 3.2
    expect((await get(`/api/coach/requests/${requestId}/matches/facets?status=lost`)).statusCode).toBe(400);
  });

  it("exports the current view and filters as formula-safe UTF-8 CSV with a BOM, with the coach's own notes", async () => {
    const note = (athleteId: string, body: string, cookie: string) =>
      t.app.inject({ method: 'PUT', url: `/api/coach/athletes/${athleteId}/note`, headers: { cookie }, payload: { body } });
    expect((await note(ids.lucia, 'Called Monday, strong left foot', coach.cookie)).statusCode).toBe(200);
    expect((await note(ids.novideo, 'Another coach’s note', otherCoach.cookie)).statusCode).toBe(200);
    const res = await get(`/api/coach/requests/${requestId}/matches/export.csv?view=all&nationality=spain`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="matches-forward-mens-team-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Rank,Name,Score,Position %,Academics %,LYFS %,Region %,Budget %,Extras %,Position,GPA,League,Nationality,Match status,Profile,Your note',
    );
    expect(lines).toHaveLength(4);
    const shown = (await list('view=all&nationality=spain')).matches.map((m) => m.athlete.name);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(shown.map((n) => (n.startsWith('=') ? `"'=HYPERLINK(""x"")"` : n)));
    const lucia = lines.find((l) => l.includes('Lucía Núñez'))!;
    expect(lucia).toContain(',Forward,3.9,Segunda RFEF,Spain,Pending,');
    expect(lucia).toMatch(new RegExp(`/coach/athletes/${ids.lucia},"Called Monday, strong left foot"$`));
    // Another coach's note on a listed athlete is not this coach's to read.
    expect(lines.find((l) => l.includes('Nora Sinvideo'))).toMatch(/\/coach\/athletes\/[0-9a-f-]+,$/);
    // The formula cell starts with a quote, inside CSV quoting.
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    const top = await get(`/api/coach/requests/${requestId}/matches/export.csv?view=top15&status=bogus`);
    expect(top.statusCode).toBe(400);
  });

  it('"Why not?": finds completed athletes by name only', async () => {
    const search = (q: string) => get(`/api/coach/requests/${requestId}/athlete-search?q=${encodeURIComponent(q)}`);
    const found = (await search('olaf')).json();
    expect(found.athletes).toEqual([{ id: ids.old, name: 'Olaf Older', primaryPosition: 'Forward', nationality: 'Norway', age: 23 }]);
    expect((await search('diego')).json().athletes).toEqual([]);
    // Two letters (no trigram to look up: the completed names walked in order), by name; Diego Draft's profile is not complete.
    expect((await search('RA')).json().athletes.map((a: { name: string }) => a.name)).toEqual(['Gina Lowgrade', 'Nora Sinvideo']);
    expect((await search('a')).statusCode).toBe(400);
    const bad = await search("x' or 1=1 --");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Search by name: letters, spaces, apostrophes, hyphens and dots only');
  });

  it('"Why not?": explains an exclusion with its value, and a score with what keeps it down', async () => {
    const explain = (athleteId: string) => get(`/api/coach/requests/${requestId}/explain/${athleteId}`);
    const old = (await explain(ids.old)).json();
    expect(old.explanation).toMatchObject({ exclusion: { rule: 'age', text: "Age 23 is above 22, the request's maximum age" }, score: null, listed: false });

    const low = (await explain(ids.lowgpa)).json();
    expect(low.explanation.exclusion).toBeNull();
    expect(low.explanation.listed).toBe(false);
    expect(low.explanation.subScores.academics).toBe(0);
    expect(low.explanation.reasons[0]).toBe('GPA 2.3 is under the minimum 2.5: academics 0, score halved');
    expect(low.explanation.reasons.at(-1)).toBe(`Score ${low.explanation.score} is ${Math.round((70 - low.explanation.score) * 10) / 10} points under 70`);

    // The same code path as the index: the score equals scorePair's and, for a listed athlete, the stored row's.
    const [athleteRow, requestRow] = await Promise.all([loadAthlete(t.services.db, ids.lowgpa), loadRequest(t.services.db, requestId)]);
    const pair = scorePair(resolveAthlete(athleteScoringInput(athleteRow!)), resolveRequest(requestScoringInput(requestRow!)))!;
    expect(low.explanation.score).toBe(pair.score);
    expect(low.explanation.subScores).toEqual(pair.subScores);
    const lucia = (await explain(ids.lucia)).json();
    const stored = await t.services.db
      .selectFrom('match_scores')
      .select(['score'])
      .where('request_id', '=', requestId)
      .where('athlete_id', '=', ids.lucia)
      .executeTakeFirstOrThrow();
    expect(lucia.explanation).toMatchObject({ listed: true, score: stored.score });
    expect(lucia.matchStatus).toBe('pending');
    expect(lucia.explanation.reasons.at(-1)).toBe(`Score ${stored.score} reaches 70: listed`);

    expect((await explain(ids.draft)).statusCode).toBe(404);
    expect((await explain('not-a-uuid')).statusCode).toBe(404);
  });

  it("keeps every tool to the request's owner: another coach's request is 404", async () => {
    for (const path of [
      'matches/facets',
      'matches/export.csv?view=all',
      'athlete-search?q=lucia',
      `explain/${ids.lucia}`,
      'matches?view=all&nationality=spain',
    ]) {
      const res = await get(`/api/coach/requests/${otherRequestId}/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe('Request not found');
    }
  });

  it("gives a player's standing in each of the coach's requests: listed, shared or declined, and nothing of another coach's", async () => {
    const standings = async (athleteId: string, cookie = coach.cookie) => {
      const res = await get(`/api/coach/athletes/${athleteId}/standings`, cookie);
      expect(res.statusCode, athleteId).toBe(200);
      return res.json<{ standings: Array<{ requestId: string; requestName: string; score: number | null; match: { status: string } | null }> }>().standings;
    };
    const stored = async (athleteId: string) =>
      (
        await t.services.db
          .selectFrom('match_scores')
          .select('score')
          .where('request_id', '=', requestId)
          .where('athlete_id', '=', athleteId)
          .executeTakeFirstOrThrow()
      ).score;
    // Lucía: listed and shared (pending).
    expect(await standings(ids.lucia)).toEqual([
      {
        requestId,
        requestName: "Forward (Men's Team)",
        score: await stored(ids.lucia),
        match: expect.objectContaining({ status: 'pending', athleteAnswered: false }),
      },
    ]);
    // Marco: listed, never shared.
    expect(await standings(ids.marco)).toEqual([{ requestId, requestName: "Forward (Men's Team)", score: await stored(ids.marco), match: null }]);
    // Gina: scored under 70, so not listed, and no match.
    expect(await standings(ids.lowgpa)).toEqual([]);
    // Pierre, declined by the coach: hidden from the list, still standing here.
    expect((await post('/api/coach/matches/decline', { athleteId: ids.pierre, requestId })).statusCode).toBe(201);
    expect((await standings(ids.pierre)).map((s) => s.match?.status)).toEqual(['declined']);
    // Another coach sees their own requests only.
    expect((await standings(ids.lucia, otherCoach.cookie)).map((s) => s.requestId)).not.toContain(requestId);
    // As the profile: an athlete who is not completed, or no athlete, is not found.
    for (const missing of [ids.draft, 'not-a-uuid', '00000000-0000-4000-8000-00000000dead']) {
      const res = await get(`/api/coach/athletes/${missing}/standings`);
      expect(res.statusCode, missing).toBe(404);
      expect(res.json().message).toBe('Athlete not found');
    }
  });

  it("answers a deleted request's tools 404, as its list", async () => {
    const deletedId = await createRequest(t.services, coach.id);
    await indexRequest(t.services.db, { entityId: deletedId });
    expect((await get(`/api/coach/requests/${deletedId}/explain/${ids.lucia}`)).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/coach/requests/${deletedId}`, headers: { cookie: coach.cookie } });
    expect(removed.statusCode).toBe(204);
    for (const path of ['matches/export.csv?view=all', `explain/${ids.lucia}`, 'athlete-search?q=lucia', 'matches?view=all']) {
      const res = await get(`/api/coach/requests/${deletedId}/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe('Request not found');
    }
  });

  it('explainPair agrees with scorePair on exclusions', () => {
    const request = resolveRequest({ id: 'r', positions: ['Forward'], ageMin: 16, ageMax: 22, openToTransfer: false, teamCategories: ["Women's Team"] });
    const athlete = resolveAthlete({ id: 'a', profileCompleted: true, gender: 'male', age: 20, primaryPosition: 'Forward', gpa: 3 });
    expect(scorePair(athlete, request)).toBeNull();
    expect(explainPair(athlete, request).exclusion).toEqual({ rule: 'gender', text: "The request is for the Women's Team only; the athlete's gender is male" });
    const transfer = resolveAthlete({ id: 't', profileCompleted: true, gender: 'female', age: 20, isTransfer: true });
    expect(explainPair(transfer, request).exclusion?.rule).toBe('transfer');
    const young = resolveAthlete({ id: 'y', profileCompleted: true, gender: 'female', age: 15 });
    expect(explainPair(young, request).exclusion?.text).toBe("Age 15 is below 16, the request's minimum age");
  });
});
