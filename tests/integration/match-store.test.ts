import { GPA_FILTER_STEPS, MATCH_MESSAGES, validGpa, type MatchFilters } from '@app/domain';
import { indexAthlete, indexRequest } from '@app/worker';
import { countVisible, facetCounts, readPage } from '@app/worker/store/match-scores';
import { saveAthleteProfile } from '@app/worker/store/athletes';
import { changeMatchStatus, declinePair, shareOrConfirm } from '@app/worker/store/matches';
import { athleteGpa } from '@app/worker/store/profile-sql';
import { searchCompletedAthletes } from '@app/worker/store/roster';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE } from '../../api/src/routes/match-tools.ts';
import { countRows } from '../support/count.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * The matches side of the store (worker/src/store/): results instead of HTTP errors, the lists'
 * counts, one GPA rule in SQL and in the domain, and name search.
 */
describe('match store', () => {
  let t: TestApp;
  let coachId: string;
  let coachCookie: string;
  let otherCoachId: string;
  let requestId: string;
  const athletes: string[] = [];
  /** The coach's session as the list statements read it (a stand-in for the API's liveSessionSql). */
  const sessionOf = (userId: string) => sql`select ${userId}::uuid as session_user_id, 'coach' as session_role`;
  /** A filtered list's count: the facets' total (the list's pages carry none). */
  const filteredTotal = async (filters: MatchFilters) =>
    Number((await facetCounts(t.services.db, requestId, filters, GPA_FILTER_STEPS)).find((row) => row.facet === 'total')!.n);

  beforeAll(async () => {
    t = await createTestApp();
    const coach = await createCoach(t.services);
    coachId = coach.id;
    coachCookie = coach.cookie;
    otherCoachId = (await createCoach(t.services, 'Sam', 'Lee', 'Bay College')).id;
    for (const [name, gpa] of [
      ['Ana Prieto', 3.9],
      ['Bea Rogelio', 3.7],
      ['Carla Roger', 3.5],
      ['Dora Vidal', 3.3],
    ] as const) {
      athletes.push((await createAthlete(t.services, name, { nationality: 'Spain', gpa })).id);
    }
    requestId = await createRequest(t.services, coachId, { positions: ['Forward'], teamCategories: ["Men's Team"], targetStartTerms: ['Fall 2026'] });
    await indexRequest(t.services.db, { entityId: requestId });
  });
  afterAll(() => t?.close());

  it('counts the unfiltered list from its stored count, and a filtered one by its facets, not its pages', async () => {
    const { db } = t.services;
    const session = sessionOf(coachId);
    const filteredPage = await readPage(db, requestId, session, 'all', 50, 0, { nationality: 'spain' });
    expect(filteredPage.page).toHaveLength(4);
    expect(filteredPage.total).toBeNull();
    await expect(readPage(db, requestId, session, 'all', 50, 0, { nationality: 'spain' }, true)).rejects.toThrow(/only the unfiltered list/);
    expect(await filteredTotal({ nationality: 'spain' })).toBe(4);
    expect(await filteredTotal({ minGpa: 3.6 })).toBe(2);
    // Unfiltered: the stored count, carried by a page of one or read on its own.
    expect((await readPage(db, requestId, session, 'all', 1, 0, {}, true)).total).toBe(4);
    expect(await countVisible(db, requestId, session)).toBe(4);
    // Another coach's request reads as empty.
    expect(await countVisible(db, requestId, sessionOf(otherCoachId))).toBe(0);
    expect((await readPage(db, requestId, sessionOf(otherCoachId), 'all', 1, 0, {}, true)).total).toBeNull();
  });

  it('judges a stored GPA in SQL exactly as the domain does (athletes.gpa, generated from the profile)', async () => {
    const { db } = t.services;
    const athlete = await createAthlete(t.services, 'Gina Gpa');
    const values: unknown[] = [3.2, 0, 4, 4.01, -0.5, '3.25', ' 2.5 ', '4', '4.5', 'abc', '', '1e0', '.5', true, null, [3], { gpa: 3 }];
    for (const value of values) {
      await sql`update athletes set profile = jsonb_set(profile, '{gpa}', ${JSON.stringify(value)}::jsonb) where id = ${athlete.id}`.execute(db);
      const { rows } = await sql<{ gpa: number | null }>`select ${athleteGpa()} as gpa from athletes a where a.id = ${athlete.id}`.execute(db);
      expect(rows[0].gpa, JSON.stringify(value)).toBe(validGpa(value));
    }
    // Absent from the profile: none.
    await sql`update athletes set profile = profile - 'gpa' where id = ${athlete.id}`.execute(db);
    expect((await db.selectFrom('athletes').select('gpa').where('id', '=', athlete.id).executeTakeFirstOrThrow()).gpa).toBeNull();
  });

  it('answers refusals and missing objects as results, changing nothing', async () => {
    const { db } = t.services;
    const [ana, bea] = athletes as [string, string];
    const before = await countRows(db.selectFrom('matches'));
    expect(await shareOrConfirm(db, otherCoachId, requestId, ana)).toEqual({ ok: false, reason: 'request-not-found' });
    expect(await shareOrConfirm(db, coachId, requestId, '00000000-0000-0000-0000-000000000000')).toEqual({ ok: false, reason: 'athlete-not-found' });
    expect(await changeMatchStatus(db, '00000000-0000-0000-0000-000000000000', 'accepted', { role: 'coach', id: coachId })).toEqual({
      ok: false,
      reason: 'match-not-found',
    });
    expect(await countRows(db.selectFrom('matches'))).toBe(before);

    const shared = await shareOrConfirm(db, coachId, requestId, ana);
    expect(shared).toEqual({ ok: true, value: { id: expect.any(String), created: true } });
    // The athlete answers; the coach can no longer move it (M6), and the refusal is the domain's message.
    const matchId = shared.ok ? shared.value.id : '';
    expect(await changeMatchStatus(db, matchId, 'accepted', { role: 'athlete', id: ana })).toEqual({ ok: true, value: undefined });
    expect(await changeMatchStatus(db, matchId, 'declined', { role: 'coach', id: coachId })).toEqual({ ok: false, reason: MATCH_MESSAGES.athleteAccepted });
    expect(await changeMatchStatus(db, matchId, 'declined', { role: 'athlete', id: ana })).toEqual({ ok: false, reason: MATCH_MESSAGES.alreadyResponded });
    const events = await db.selectFrom('match_events').select(['to_status']).where('match_id', '=', matchId).orderBy('id').execute();
    expect(events.map((e) => e.to_status)).toEqual(['pending', 'accepted']);

    // A private decline, then the same decline again: refused, nothing recorded twice.
    const declined = await declinePair(db, coachId, requestId, bea);
    expect(declined.ok).toBe(true);
    expect(await declinePair(db, coachId, requestId, bea)).toEqual({ ok: false, reason: MATCH_MESSAGES.alreadyHidden });
  });

  it('finds completed athletes by any part of the name, in any case', async () => {
    const names = async (q: string) => (await searchCompletedAthletes(t.services.db, q, 10)).map((r) => r.full_name);
    expect(await names('ROGE')).toEqual(['Bea Rogelio', 'Carla Roger']);
    expect(await names('vidal')).toEqual(['Dora Vidal']);
    expect(await names('zzz')).toEqual([]);
  });

  it('exports every listed athlete, streamed page by page past EXPORT_PAGE rows', async () => {
    const { db } = t.services;
    // Clones of a listed athlete and of its index row: several export pages, and more than the
    // 5,000 rows an export was once cut at.
    const clones = Math.max(3 * EXPORT_PAGE, 5000) + 5;
    const [template] = athletes as [string];
    await sql`insert into users (id, role, email, password_hash)
      select gen_random_uuid(), 'athlete', 'clone' || i || '@example.com', 'x' from generate_series(1, ${clones}) i`.execute(db);
    await sql`insert into athletes (id, email, full_name, profile, profile_completed, agency, age, gender, primary_position)
      select u.id, u.email, 'Clone ' || u.email, t.profile, true, t.agency, t.age, t.gender, t.primary_position
      from users u, athletes t where u.email like 'clone%@example.com' and t.id = ${template}`.execute(db);
    await sql`insert into match_scores (request_id, athlete_id, score, sub_position, sub_academics, sub_lyfs, sub_region, sub_budget, sub_extras,
        position_match, position_exact, highlight_min_gpa, highlight_level, highlight_extras, athlete_updated_at, athlete_version, request_version)
      select s.request_id, a.id, s.score, s.sub_position, s.sub_academics, s.sub_lyfs, s.sub_region, s.sub_budget, s.sub_extras,
        s.position_match, s.position_exact, s.highlight_min_gpa, s.highlight_level, s.highlight_extras, a.updated_at, a.version, s.request_version
      from match_scores s, athletes a where s.request_id = ${requestId} and s.athlete_id = ${template} and a.email like 'clone%@example.com'`.execute(db);
    const listed = await countRows(db.selectFrom('match_scores').where('request_id', '=', requestId));
    expect(listed).toBeGreaterThan(5000);

    const declined = await countRows(db.selectFrom('matches').where('request_id', '=', requestId).where('status', '=', 'declined'));
    // Each view's pages follow one another by cursor (the clones tie on score and updated_at, so
    // page boundaries fall inside ties): every other listed athlete once, ranked 1..n without a gap.
    for (const view of ['all', 'position']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/coach/requests/${requestId}/matches/export.csv?view=${view}`,
        headers: { cookie: coachCookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.startsWith('\uFEFFRank,')).toBe(true);
      expect(res.body.indexOf('\uFEFF', 1)).toBe(-1); // one BOM, at the start
      const lines = res.body.trimEnd().split('\r\n').slice(1);
      expect(lines, view).toHaveLength(listed - declined);
      expect(lines.map((line) => Number(line.split(',')[0]))).toEqual(lines.map((_, i) => i + 1));
      expect(new Set(lines.map((line) => /\/coach\/athletes\/[0-9a-f-]+/.exec(line)?.[0])).size).toBe(lines.length);
    }
  });
  it("stores each listed pair with its athlete's filter values, and rewrites them when only those change", async () => {
    const { db } = t.services;
    const stored = (athleteId: string) =>
      db
        .selectFrom('match_scores')
        .select(['athlete_position', 'athlete_nationality', 'athlete_league', 'athlete_gpa', 'athlete_has_video', 'score'])
        .where('request_id', '=', requestId)
        .where('athlete_id', '=', athleteId)
        .executeTakeFirstOrThrow();
    const spainBefore = await filteredTotal({ nationality: 'spain' });
    const before = await stored(athletes[3]);
    expect(before).toMatchObject({
      athlete_position: 'Forward',
      athlete_nationality: 'Spain',
      athlete_league: 'segunda-rfef',
      athlete_gpa: 3.3,
      athlete_has_video: true,
    });

    // Nationality and the video change the filters, not the score: the row must still be rewritten.
    const { profile } = await db.selectFrom('athletes').select('profile').where('id', '=', athletes[3]).executeTakeFirstOrThrow();
    const saved = await saveAthleteProfile(db, athletes[3], { ...profile, nationality: '  Portugal ', highlightVideoUrl: undefined, gpa: '3.4' });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    await indexAthlete(db, { entityId: athletes[3], version: saved.value.version });
    const after = await stored(athletes[3]);
    expect(after).toMatchObject({ athlete_nationality: 'Portugal', athlete_gpa: 3.4, athlete_has_video: false });

    const session = sessionOf(coachId);
    expect((await readPage(db, requestId, session, 'all', 50, 0, { nationality: 'PORTUGAL' })).page.map((r) => r.athlete_id)).toEqual([athletes[3]]);
    expect((await readPage(db, requestId, session, 'position', 50, 0, { hasVideo: 'no', minGpa: 3.4 })).page.map((r) => r.athlete_id)).toEqual([athletes[3]]);
    expect(await filteredTotal({ nationality: 'portugal' })).toBe(1);
    expect(await filteredTotal({ nationality: 'spain' })).toBe(spainBefore - 1);

    // The count agrees with the list it counts (a declined athlete is in neither).
    const spanish = (await readPage(db, requestId, session, 'all', 20_000, 0, { nationality: 'spain' })).page;
    expect(spanish.some((r) => r.match_status === 'declined')).toBe(false);
    expect(await filteredTotal({ nationality: 'spain' })).toBe(spanish.length);
    expect(await filteredTotal({ nationality: 'spain', status: 'accepted' })).toBe(1);
  });
});
