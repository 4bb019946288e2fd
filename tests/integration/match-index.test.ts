import { hiddenRows, orderForView, REQUEST_POSITIONS, type MatchView, type ViewRow } from '@app/domain';
import { indexAthlete, indexRequest, rebuildMatchIndex, recordOutbox, startBullWorker, startOutboxRelay } from '@app/worker';
import { saveAthleteProfile } from '@app/worker/store/athletes';
import { serverPoolOf } from '@app/worker/db/connect';
import { createOpenRequestReader, loadAthleteForJob, readOpenRequestsEpoch } from '@app/worker/store/scoring-inputs';
import { sql } from 'kysely';
import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestServices, type TestApp, type TestContext } from '../support/harness.ts';
import { noPostgresServer, noRedis, redisUrl } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';
import { countRows } from '../support/count.ts';
import { rebuildPhasesOf } from '../bench/report.ts';
import {
  expectedHighlights,
  expectedIndex,
  insertAthletes,
  insertRandomRequests,
  randomProfile,
  randomRequestBody,
  seededRandom,
  sessionFor,
  storedIndex,
  waitForIndex,
  type IndexedPair,
} from './match-index-fixtures.ts';

/**
 * The match index end to end: profile and request writes -> outbox -> queue -> worker ->
 * match_scores -> GET /api/coach/requests/{id}/matches. The expected index is computed from the
 * stored data with the domain's scoring function alone. The same scenario runs on the in-process
 * queue and on BullMQ with a worker.
 */

const ATHLETES = 400;

/** A strong forward whose GPA the test changes through the profile route. */
const STAR = {
  fullName: 'Estrella Vidal',
  age: 19,
  phone: '+34 611 222 333',
  nationality: 'Spain',
  gender: 'female',
  englishLevel: 'advanced',
  gradingScale: 'custom',
  gpa: 4,
  intendedMajors: ['Economics'],
  targetStartTerms: ['Fall 2026', 'Spring 2026'],
  primaryPosition: 'Forward',
  secondaryPosition: 'Right Winger',
  leagueLevel: 'primera-rfef',
  goalsAssistsLastSeason: 21,
  highlightVideoUrl: 'https://www.youtube.com/watch?v=star',
  preferredUsRegions: ['No preference'],
  estimatedBudget: 60000,
  agency: 'Eture',
  schoolSizePreference: 'Any',
  isTransfer: false,
  autoAcceptMatches: false,
  playerExtras: ['Team captain', 'Top 10 scorer'],
};

/**
 * Athletes exactly at the prefilter's GPA floors: every other component at its maximum, so each
 * scores 70.0 and is listed. A floor set a hair too high would drop them.
 */
const EDGE_EXTRAS = ['Team captain', 'National team experience', 'Regional team', 'Top 10 scorer'];
const EDGE_PRIMARY = { ...STAR, fullName: 'Borde Primario', gender: 'male', gpa: 2.95, playerExtras: EDGE_EXTRAS, secondaryPosition: undefined };
const EDGE_SECONDARY = {
  ...STAR,
  fullName: 'Borde Secundario',
  gender: 'male',
  gpa: 3.5,
  primaryPosition: 'Goalkeeper',
  secondaryPosition: 'Forward',
  playerExtras: EDGE_EXTRAS,
};
const edgeRequest = (notes: string) => ({
  positions: ['Forward'],
  urgent: false,
  teamCategories: [],
  ageMin: 16,
  ageMax: 22,
  openToTransfer: false,
  playerLevels: [],
  targetStartTerms: [],
  estimatedBudget: '',
  playerExtras: EDGE_EXTRAS,
  openToJuniorCollege: 'No',
  regions: [],
  institutionSize: '',
  notes,
});

function byKey(map: Map<string, IndexedPair>) {
  return Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : 1)));
}

function defineIndexSuite(title: string, useRedis: boolean) {
  describe.skipIf(useRedis && noRedis)(title, () => {
    let t: TestApp;
    let worker: Worker | undefined;
    let coach: { id: string; cookie: string };
    let requestIds: string[] = [];
    let starId: string;
    let starCookie: string;
    let edgeIds: string[] = [];
    const edgeRequestIds: string[] = [];

    beforeAll(async () => {
      t = await createTestApp({ redis: useRedis });
      if (useRedis) worker = startBullWorker(redisUrl!, t.services.processors, 2, t.services.config.QUEUE_PREFIX);
      const { db } = t.services;
      const rng = seededRandom(20261121);

      const profiles = Array.from({ length: ATHLETES }, (_, i) => randomProfile(rng, i));
      // Four athletes with one profile and one update time: their ties break by id (S12).
      const twin = { ...randomProfile(rng, ATHLETES), primaryPosition: 'Center Back', gpa: 3.9, nationality: 'Spain', isTransfer: false, age: 18 };
      const twins = Array.from({ length: 4 }, () => ({ ...twin }));
      await insertAthletes(db, profiles);
      await insertAthletes(db, twins, { updatedAt: () => new Date('2026-03-01T12:00:00Z') });
      edgeIds = await insertAthletes(db, [EDGE_PRIMARY, EDGE_SECONDARY]);
      [starId] = await insertAthletes(db, [STAR]);
      starCookie = await sessionFor(db, starId, 'athlete');
      // Athletes first, requests after: every pair below is scored by a request job, whose SQL
      // prefilter must then not lose a single listable athlete.
      t.services.outbox.kick();
      await waitForIndex(db);
      expect(await db.selectFrom('match_scores').select('athlete_id').execute()).toEqual([]);

      coach = await createSignedInUser(t.services, 'coach');
      requestIds = [];
      for (const position of REQUEST_POSITIONS) {
        const body = randomRequestBody(rng, position);
        const res = await t.app.inject({ method: 'POST', url: '/api/coach/requests', headers: { cookie: coach.cookie }, payload: body });
        expect(res.statusCode, res.body).toBe(201);
        requestIds.push(res.json()._id);
      }
      // A broad, urgent request: many listed athletes, secondary positions included.
      const broad = {
        ...randomRequestBody(rng, 'Forward', true),
        teamCategories: [],
        ageMin: 16,
        ageMax: 35,
        openToTransfer: true,
        regions: [],
        estimatedBudget: '',
        notes: 'min GPA 2.0',
      };
      const res = await t.app.inject({ method: 'POST', url: '/api/coach/requests', headers: { cookie: coach.cookie }, payload: broad });
      requestIds.push(res.json()._id);
      for (const notes of ['min GPA 2.8', 'min GPA 2.0']) {
        const edge = await t.app.inject({ method: 'POST', url: '/api/coach/requests', headers: { cookie: coach.cookie }, payload: edgeRequest(notes) });
        expect(edge.statusCode, edge.body).toBe(201);
        edgeRequestIds.push(edge.json()._id);
      }
      t.services.outbox.kick();
      await waitForIndex(db);
    });

    afterAll(async () => {
      await worker?.close();
      await t?.close();
    });

    it('stores exactly the listed pairs, with the scores of the domain scoring function', async () => {
      const expected = await expectedIndex(t.services.db);
      const { pairs, raw } = await storedIndex(t.services.db);
      expect(byKey(pairs)).toEqual(byKey(expected));
      // The data exercises what the SQL prefilter must not lose.
      const listed = [...expected.values()];
      expect(listed.length).toBeGreaterThan(100);
      expect(listed.some((p) => p.positionMatch === 'secondary')).toBe(true);
      expect(listed.some((p) => p.positionMatch === 'primary' && !p.positionExact)).toBe(true);
      // Athletes right at the GPA floors (primary match, and secondary match) are listed at 70.0.
      expect(pairs.get(`${edgeRequestIds[0]}:${edgeIds[0]}`)?.score).toBe(70);
      expect(pairs.get(`${edgeRequestIds[1]}:${edgeIds[1]}`)).toMatchObject({ score: 70, positionMatch: 'secondary' });
      // Rows carry the versions they were computed from.
      for (const row of raw.values()) {
        expect(row.athlete_version).toBe('1');
        expect(row.request_version).toBe('1');
      }
    });

    it('reads the athletes of a request job page by page (and their ids in pages of their own) without losing or repeating one', async () => {
      const { db } = t.services;
      const before = await storedIndex(db);
      // Replayed as if new: rows gone, not yet indexed; then the job reads ids 10 at a time, athletes 7 at a time.
      const requestId = requestIds[requestIds.length - 1];
      await db.deleteFrom('match_scores').where('request_id', '=', requestId).execute();
      await db.updateTable('coach_requests').set({ indexed_version: '0' }).where('id', '=', requestId).execute();
      const result = await indexRequest(db, { entityId: requestId }, { pageSize: 7, idPageSize: 10 });
      expect(result.written).toBe([...before.raw.keys()].filter((k) => k.startsWith(`${requestId}:`)).length);
      expect(result.written).toBeGreaterThan(20);
      expect(byKey((await storedIndex(db)).pairs)).toEqual(byKey(before.pairs));
    });

    it('rescores only the athlete whose GPA changed', async () => {
      const { db } = t.services;
      const before = await storedIndex(db);
      const starKeys = [...before.raw.keys()].filter((k) => k.endsWith(`:${starId}`));
      expect(starKeys.length).toBeGreaterThan(0);

      const res = await t.app.inject({ method: 'PUT', url: '/api/athlete/profile', headers: { cookie: starCookie }, payload: { ...STAR, gpa: 2.9 } });
      expect(res.statusCode, res.body).toBe(200);
      await waitForIndex(db);

      const after = await storedIndex(db);
      const expected = await expectedIndex(db);
      expect(byKey(after.pairs)).toEqual(byKey(expected));
      for (const [key, row] of before.raw) {
        if (!key.endsWith(`:${starId}`)) expect(after.raw.get(key)).toEqual(row);
      }
      for (const [key, row] of after.raw) {
        if (!key.endsWith(`:${starId}`)) expect(before.raw.get(key)).toEqual(row);
        else expect(row.athlete_version).toBe('2');
      }
      const starScores = (index: typeof before) => [...index.pairs].filter(([k]) => k.endsWith(`:${starId}`)).map(([k, p]) => [k, p.score]);
      expect(starScores(after)).not.toEqual(starScores(before));
    });

    it('drops an athlete who changes position from the lists of position groups they left', async () => {
      const { db } = t.services;
      const listing = (index: Awaited<ReturnType<typeof storedIndex>>) =>
        [...index.pairs.keys()].filter((k) => k.endsWith(`:${starId}`)).map((k) => k.split(':')[0]);
      const before = listing(await storedIndex(db));
      expect(before.length).toBeGreaterThan(0);
      // The forward becomes a goalkeeper: the athlete job skips the forwards' requests unscored
      // (the position rule) and must still remove the rows it had there.
      const { secondaryPosition: _none, ...forward } = STAR;
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/athlete/profile',
        headers: { cookie: starCookie },
        payload: { ...forward, gpa: 2.9, primaryPosition: 'Goalkeeper' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await waitForIndex(db);
      const after = await storedIndex(db);
      expect(byKey(after.pairs)).toEqual(byKey(await expectedIndex(db)));
      expect(before.filter((id) => !listing(after).includes(id)).length).toBeGreaterThan(0);
    });

    it('removes the rows of a deleted request and nothing else', async () => {
      const { db } = t.services;
      const before = await storedIndex(db);
      const doomed = requestIds.find((id) => [...before.raw.keys()].some((k) => k.startsWith(`${id}:`)))!;
      const res = await t.app.inject({ method: 'DELETE', url: `/api/coach/requests/${doomed}`, headers: { cookie: coach.cookie } });
      expect(res.statusCode).toBe(204);
      await waitForIndex(db);

      const after = await storedIndex(db);
      expect([...after.raw.keys()].filter((k) => k.startsWith(`${doomed}:`))).toEqual([]);
      const kept = [...before.raw].filter(([k]) => !k.startsWith(`${doomed}:`));
      expect(Object.fromEntries(after.raw)).toEqual(Object.fromEntries(kept));
    });

    it('serves top15, all and position views in the order of decision S13, declined athletes under hidden', async () => {
      const { db } = t.services;
      const expected = await expectedIndex(db);
      // The request with the most listed athletes (the broad one).
      const counts = requestIds.map((id) => [id, [...expected.keys()].filter((k) => k.startsWith(`${id}:`)).length] as const);
      const [requestId, listedCount] = counts.sort((a, b) => b[1] - a[1])[0];
      expect(listedCount).toBeGreaterThan(20);
      expect(listedCount).toBeLessThanOrEqual(200);

      const rows: ViewRow[] = [...expected]
        .filter(([k]) => k.startsWith(`${requestId}:`))
        .map(([k, p]) => ({
          athleteId: k.split(':')[1],
          score: p.score,
          athleteUpdatedAt: p.athleteUpdatedAt,
          positionMatch: p.positionMatch,
          positionExact: p.positionExact,
          status: null,
        }));
      const top = orderForView('top15', rows);
      // Decline the 3rd and share the 5th.
      const declined = top[2].athleteId;
      const shared = top[4].athleteId;
      await db
        .insertInto('matches')
        .values([
          { request_id: requestId, athlete_id: declined, coach_id: coach.id, status: 'declined' },
          { request_id: requestId, athlete_id: shared, coach_id: coach.id, status: 'pending' },
        ])
        .execute();
      for (const r of rows) r.status = r.athleteId === declined ? 'declined' : r.athleteId === shared ? 'pending' : null;

      const fetchView = async (view: MatchView) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/coach/requests/${requestId}/matches?view=${view}&limit=200`,
          headers: { cookie: coach.cookie },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      for (const view of ['top15', 'all', 'position'] as const) {
        const body = await fetchView(view);
        expect(body.status).toBe('ready');
        expect(body.matches.map((m: { athlete: { id: string } }) => m.athlete.id)).toEqual(orderForView(view, rows).map((r) => r.athleteId));
        expect(body.hiddenCount).toBe(hiddenRows(rows).length);
        expect(body).not.toHaveProperty('hidden');
        expect(body.total).toBe(view === 'top15' ? null : listedCount - 1);
        expect(body.hasMore).toBe(view === 'top15');
      }
      // The Hidden list itself, read on its own when the coach opens it: the declined player, as a full card.
      const hidden = await t.app.inject({ method: 'GET', url: `/api/coach/requests/${requestId}/hidden`, headers: { cookie: coach.cookie } });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json().hidden.map((m: { athlete: { id: string } }) => m.athlete.id)).toEqual(hiddenRows(rows).map((r) => r.athleteId));
      expect(hidden.json().hidden[0]).toMatchObject({ score: expected.get(`${requestId}:${declined}`)!.score, match: { status: 'declined' } });
      const top15 = (await fetchView('top15')).matches;
      expect(top15).toHaveLength(15);
      const position = (await fetchView('position')).matches.map(
        (m: { positionMatch: string; positionExact: boolean }) => `${m.positionMatch}:${m.positionExact}`,
      );
      expect(position).not.toEqual(
        (await fetchView('all')).matches.map((m: { positionMatch: string; positionExact: boolean }) => `${m.positionMatch}:${m.positionExact}`),
      );

      // A card: the athlete's fields, the stored scores and the coach's match.
      const sharedCard = top15.find((m: { athlete: { id: string } }) => m.athlete.id === shared);
      const sharedProfile = await db.selectFrom('athletes').select(['profile', 'age', 'is_transfer']).where('id', '=', shared).executeTakeFirstOrThrow();
      const profile = sharedProfile.profile;
      const pair = expected.get(`${requestId}:${shared}`)!;
      expect(sharedCard).toMatchObject({
        athlete: {
          id: shared,
          name: profile.fullName,
          age: sharedProfile.age,
          nationality: profile.nationality,
          league: profile.leagueLevelLabel,
          gpa: profile.gpa,
          isTransfer: sharedProfile.is_transfer,
          hasVideo: Boolean(profile.highlightVideoUrl),
        },
        score: pair.score,
        subScores: pair.subScores,
        positionMatch: pair.positionMatch,
        highlights: await expectedHighlights(db, requestId, shared),
        match: { status: 'pending', autoResolved: false, athleteAnswered: false },
      });
    });

    it('equals scorePair after a burst of request edits, with every job delivered twice, and keeps the matches', async () => {
      const { db } = t.services;
      const rng = seededRandom(20261123);
      const open = await db.selectFrom('coach_requests').select('id').where('deleted_at', 'is', null).where('id', 'in', requestIds).orderBy('id').execute();
      const edited = open.slice(0, 3).map((r) => r.id);
      const matchesBefore = await db.selectFrom('matches').select(['id', 'request_id', 'status']).orderBy('id').execute();
      const editsOf = (round: number, i: number): Record<string, unknown> =>
        round === 0
          ? { minGpa: 3.3 }
          : round === 1
            ? { ...randomRequestBody(rng, REQUEST_POSITIONS[(i * 3) % REQUEST_POSITIONS.length]), minGpa: 1.5 }
            : { minGpa: null, notes: 'min GPA 2.2', urgent: i % 2 === 0 };
      // The edits land while jobs of earlier versions are still running.
      for (let round = 0; round < 3; round++) {
        await Promise.all(
          edited.map(async (id, i) => {
            const res = await t.app.inject({
              method: 'PATCH',
              url: `/api/coach/requests/${id}`,
              headers: { cookie: coach.cookie },
              payload: editsOf(round, i),
            });
            expect(res.statusCode, res.body).toBe(200);
          }),
        );
      }
      await waitForIndex(db);
      // Every version's job again, newest first: a late redelivery changes nothing.
      const jobs = await db.selectFrom('outbox').select(['entity_id', 'version']).where('entity_id', 'in', edited).orderBy('id', 'desc').execute();
      expect(jobs.length).toBe(edited.length * 4);
      for (const job of jobs) await indexRequest(db, { entityId: job.entity_id, version: job.version });

      const { pairs, raw } = await storedIndex(db);
      expect(byKey(pairs)).toEqual(byKey(await expectedIndex(db)));
      const versions = new Map(
        (await db.selectFrom('coach_requests').select(['id', 'version']).where('id', 'in', edited).execute()).map((r) => [r.id, r.version]),
      );
      for (const [key, row] of raw) {
        const requestId = key.split(':')[0];
        if (versions.has(requestId)) expect(row.request_version).toBe(versions.get(requestId));
      }
      expect(await db.selectFrom('matches').select(['id', 'request_id', 'status']).orderBy('id').execute()).toEqual(matchesBefore);
    });
  });
}

defineIndexSuite('match index on the in-process queue', false);
defineIndexSuite('match index on BullMQ with a worker', true);

describe('GET /api/coach/requests/{id}/matches: access, status and pool', () => {
  let t: TestApp;
  let coach: { id: string; cookie: string };
  let requestId: string;
  beforeAll(async () => {
    t = await createTestApp();
    coach = await createSignedInUser(t.services, 'coach');
    const rng = seededRandom(7);
    await insertAthletes(t.services.db, [randomProfile(rng, 1), randomProfile(rng, 2), { ...randomProfile(rng, 3), nationality: undefined }], {
      outbox: false,
    });
    // Written straight to the table with no outbox row: nothing indexes it until the test does.
    const row = await t.services.db
      .insertInto('coach_requests')
      .values({ coach_id: coach.id, data: JSON.stringify(randomRequestBody(rng, 'Forward')) })
      .returning('id')
      .executeTakeFirstOrThrow();
    requestId = row.id;
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('is computing until the worker indexed the current version, then ready', async () => {
    const computing = await get(`/api/coach/requests/${requestId}/matches`, coach.cookie);
    expect(computing.statusCode).toBe(200);
    expect(computing.json()).toMatchObject({ status: 'computing', computedAt: null, view: 'top15', matches: [], hiddenCount: 0, poolSize: 2 });

    await indexRequest(t.services.db, { entityId: requestId, version: '1' });
    const ready = (await get(`/api/coach/requests/${requestId}/matches?view=all`, coach.cookie)).json();
    expect(ready.status).toBe('ready');
    expect(Number.isNaN(Date.parse(ready.computedAt))).toBe(false);
    expect(ready.view).toBe('all');
  });

  it('after an edit, shows no rows of the old version while the new one is indexed (never two versions at once)', async () => {
    const { db } = t.services;
    // A stored row of the indexed version (these few athletes list nothing by themselves).
    const athlete = await db
      .selectFrom('athletes')
      .select(['id', 'version', 'updated_at'])
      .where('profile_completed', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const indexed = await db.selectFrom('coach_requests').select('version').where('id', '=', requestId).executeTakeFirstOrThrow();
    await db
      .insertInto('match_scores')
      .values({
        request_id: requestId,
        athlete_id: athlete.id,
        score: 80,
        sub_position: 100,
        sub_academics: 50,
        sub_lyfs: 50,
        sub_region: 100,
        sub_budget: 100,
        sub_extras: 0,
        position_match: 'primary',
        position_exact: true,
        athlete_updated_at: athlete.updated_at,
        athlete_version: athlete.version,
        request_version: indexed.version,
      })
      .execute();
    const before = (await get(`/api/coach/requests/${requestId}/matches?view=all`, coach.cookie)).json();
    expect(before.status).toBe('ready');
    expect(before.matches.map((m: { athlete: { id: string } }) => m.athlete.id)).toEqual([athlete.id]);
    // An edit committed (version moved) and not yet indexed: the old rows are still stored.
    await db
      .updateTable('coach_requests')
      .set({ version: sql<string>`version + 1`, data: JSON.stringify({ ...randomRequestBody(seededRandom(8), 'Forward'), minGpa: 0 }) })
      .where('id', '=', requestId)
      .execute();
    expect((await db.selectFrom('match_scores').select('request_version').where('request_id', '=', requestId).execute()).length).toBeGreaterThan(0);
    for (const view of ['top15', 'all', 'position']) {
      const computing = (await get(`/api/coach/requests/${requestId}/matches?view=${view}`, coach.cookie)).json();
      expect(computing).toMatchObject({ status: 'computing', matches: [], hasMore: false });
      if (view !== 'top15') expect(computing.total).toBe(0);
    }
    await indexRequest(db, { entityId: requestId, version: '2' });
    const after = (await get(`/api/coach/requests/${requestId}/matches?view=all`, coach.cookie)).json();
    expect(after.status).toBe('ready');
    // The new version's job replaced the old rows: whatever is listed now is version 2 only.
    const stored = await db.selectFrom('match_scores').select('request_version').where('request_id', '=', requestId).execute();
    expect(stored.every((r) => r.request_version === '2')).toBe(true);
    expect(after.matches.length).toBe(stored.length);
  });

  it('answers 401 without a session and 403 to other roles (the list and its Hidden list)', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    const agent = await createSignedInUser(t.services, 'agent');
    for (const path of ['matches', 'hidden']) {
      expect((await get(`/api/coach/requests/${requestId}/${path}`)).statusCode, path).toBe(401);
      expect((await get(`/api/coach/requests/${requestId}/${path}`, athlete.cookie)).statusCode, path).toBe(403);
      expect((await get(`/api/coach/requests/${requestId}/${path}`, agent.cookie)).statusCode, path).toBe(403);
    }
  });

  it("answers 404 for another coach's request, a deleted one and a malformed id", async () => {
    const other = await createSignedInUser(t.services, 'coach');
    for (const path of ['matches', 'hidden']) {
      const res = await get(`/api/coach/requests/${requestId}/${path}`, other.cookie);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ message: 'Request not found', code: 'requestNotFound' });
      expect((await get(`/api/coach/requests/not-a-uuid/${path}`, coach.cookie)).statusCode, path).toBe(404);
    }

    const gone = await t.services.db
      .insertInto('coach_requests')
      .values({ coach_id: coach.id, data: JSON.stringify({ positions: ['Forward'] }), deleted_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await get(`/api/coach/requests/${gone.id}/matches`, coach.cookie)).statusCode).toBe(404);
    expect((await get(`/api/coach/requests/${gone.id}/hidden`, coach.cookie)).statusCode).toBe(404);
  });

  it('refuses an unknown view or page size with a message', async () => {
    const res = await get(`/api/coach/requests/${requestId}/matches?view=best`, coach.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Select an option from the list');
    const big = await get(`/api/coach/requests/${requestId}/matches?view=all&limit=5000`, coach.cookie);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Maximum is 200');
  });
});

describe('full rebuild (npm run reindex)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestServices();
    await t.services.outbox.stop();
  });
  afterAll(() => t?.close());

  it('replaces a damaged index with the correct one, keeps its indexes and constraints, marks everything indexed', async () => {
    const { db } = t.services;
    const rng = seededRandom(4242);
    const athleteIds = await insertAthletes(
      db,
      Array.from({ length: 250 }, (_, i) => randomProfile(rng, i)),
      { outbox: false },
    );
    const coach = await createSignedInUser(t.services, 'coach');
    const requests = await db
      .insertInto('coach_requests')
      .values(
        [...REQUEST_POSITIONS.slice(0, 5), 'Forward'].map((p, i) => {
          const body = randomRequestBody(rng, p as (typeof REQUEST_POSITIONS)[number]);
          return { coach_id: coach.id, data: JSON.stringify(body), urgent: body.urgent, deleted_at: i === 5 ? new Date() : null };
        }),
      )
      .returning(['id', 'deleted_at'])
      .execute();
    const deleted = requests.find((r) => r.deleted_at)!.id;
    const incomplete = (await db.selectFrom('athletes').select('id').where('profile_completed', '=', false).executeTakeFirstOrThrow()).id;
    const open = requests.filter((r) => !r.deleted_at).map((r) => r.id);

    // Damage: rows of a deleted request and of an incomplete athlete, a wrong score, a pair that
    // is not listed.
    const expected = await expectedIndex(db);
    const [someKey] = [...expected.keys()];
    const unlisted = open.flatMap((r) => athleteIds.map((a) => `${r}:${a}`)).find((k) => !expected.has(k) && !k.endsWith(incomplete))!;
    const junk = (key: string, score: number) => {
      const [request_id, athlete_id] = key.split(':') as [string, string];
      return {
        request_id,
        athlete_id,
        score,
        sub_position: 0,
        sub_academics: 0,
        sub_lyfs: 0,
        sub_region: 0,
        sub_budget: 0,
        sub_extras: 0,
        position_match: null,
        position_exact: false,
        athlete_updated_at: new Date(),
        athlete_version: '1',
        request_version: '1',
      };
    };
    await db
      .insertInto('match_scores')
      .values([junk(`${deleted}:${athleteIds[0]}`, 90), junk(`${open[0]}:${incomplete}`, 90), junk(someKey, 12.3), junk(unlisted, 88)])
      .execute();
    // The live table's indexes and constraints, definition by definition (the rebuild builds them anew).
    const definitions = async () => ({
      indexes: (
        await sql<{ def: string }>`select pg_get_indexdef(indexrelid) as def from pg_index where indrelid = 'match_scores'::regclass order by 1`.execute(db)
      ).rows.map((r) => r.def),
      constraints: (
        await sql<{
          def: string;
        }>`select conname || ' ' || contype::text || ' ' || pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'match_scores'::regclass order by 1`.execute(
          db,
        )
      ).rows.map((r) => r.def),
    });
    const before = await definitions();
    expect(before.constraints.filter((c) => c.startsWith('match_scores_pkey p PRIMARY KEY'))).toHaveLength(1);

    // Two completed athletes left unindexed (as after a seed or a restore): the rebuild marks them,
    // and its log lines, which the benchmark reads its phases from (rebuildPhasesOf), say so.
    const unmarked = (await db.selectFrom('athletes').select('id').where('profile_completed', '=', true).orderBy('id').limit(2).execute()).map((a) => a.id);
    await db.updateTable('athlete_index_state').set({ indexed_version: '0' }).where('athlete_id', 'in', unmarked).execute();
    const completedUnindexed = () =>
      db
        .selectFrom('athlete_index_state as s')
        .innerJoin('athletes as a', 'a.id', 's.athlete_id')
        .where('a.profile_completed', '=', true)
        .whereRef('s.indexed_version', '<', 's.version');
    const unindexedBefore = await countRows(completedUnindexed());
    const logged: string[] = [];
    const first = await rebuildMatchIndex(db, { log: (line) => logged.push(line) });
    const phases = rebuildPhasesOf(logged);
    expect(phases).toMatchObject({ athletesMarked: unindexedBefore });
    expect(unindexedBefore).toBeGreaterThanOrEqual(2);
    for (const seconds of [phases!.load, phases!.indexes, phases!.swap, phases!.bestScores, phases!.marking]) expect(seconds).toBeGreaterThanOrEqual(0);
    expect(await countRows(db.selectFrom('athlete_index_state').whereRef('indexed_version', '<', 'version'))).toBe(0);
    expect(await definitions()).toEqual(before);
    const completed = athleteIds.length - (await db.selectFrom('athletes').select('id').where('profile_completed', '=', false).execute()).length;
    expect(first).toMatchObject({
      requests: open.length,
      athletes: completed,
      pairs: completed * open.length,
      listed: expected.size,
      written: expected.size,
      replayed: 0,
      previousRows: 4,
    });
    const rebuilt = await storedIndex(db);
    expect(byKey(rebuilt.pairs)).toEqual(byKey(expected));
    const pending = await db.selectFrom('coach_requests').select('id').where('deleted_at', 'is', null).whereRef('indexed_version', '<', 'version').execute();
    expect(pending).toEqual([]);
    expect(await countRows(completedUnindexed())).toBe(0);

    // Loaded by COPY on a Postgres server: every page of the new table is all-visible already
    // (the index-only scans skip its heap; no vacuum pass is due). Counted by the swap's ANALYZE.
    if (serverPoolOf(db)) {
      const { rows: pages } = await sql<{
        relpages: number;
        relallvisible: number;
      }>`select relpages, relallvisible from pg_class where oid = 'match_scores'::regclass`.execute(db);
      expect(pages[0].relpages).toBeGreaterThan(0);
      expect(pages[0].relallvisible).toBe(pages[0].relpages);
    }

    // The build's own tables are gone (the new index, the record of the athletes it read, and the
    // table it replaced, set aside at the swap and dropped after it).
    const { rows: leftovers } = await sql<{ tablename: string }>`select tablename from pg_tables where tablename like 'match_scores_%'`.execute(db);
    expect(leftovers).toEqual([]);
    const { rows: oldIndexes } = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname like '%__old'`.execute(db);
    expect(oldIndexes).toEqual([]);

    // The new table carries the live one's indexes and constraints, under their own names.
    const { rows: indexes } = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'match_scores' order by 1`.execute(db);
    expect(indexes.map((i) => i.indexname)).toEqual(['match_scores_pkey', 'match_scores_position_idx', 'match_scores_rank_idx']);
    const { rows: constraints } = await sql<{
      conname: string;
      convalidated: boolean;
    }>`select conname, convalidated from pg_constraint where conrelid = 'match_scores'::regclass and contype in ('p', 'f') order by 1`.execute(db);
    expect(constraints).toEqual([
      { conname: 'match_scores_athlete_id_fkey', convalidated: true },
      { conname: 'match_scores_pkey', convalidated: true },
      { conname: 'match_scores_request_id_fkey', convalidated: true },
    ]);
    // Deleting an athlete still takes their rows with it.
    const someAthlete = [...expected.keys()][0].split(':')[1];
    await db.deleteFrom('users').where('id', '=', someAthlete).execute();
    expect(await db.selectFrom('match_scores').select('request_id').where('athlete_id', '=', someAthlete).execute()).toEqual([]);

    // A replaced table left by a run stopped between its swap and the drop is dropped by the next run.
    await sql`create table match_scores_old (like match_scores)`.execute(db);
    const second = await rebuildMatchIndex(db);
    expect((await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'match_scores_old'`.execute(db)).rows[0].n).toBe(0);
    const expectedNow = await expectedIndex(db);
    expect(second).toMatchObject({ listed: expectedNow.size, written: expectedNow.size, previousRows: expectedNow.size });
    expect(byKey((await storedIndex(db)).pairs)).toEqual(byKey(expectedNow));
  });

  it("records every rebuilt list's top 15 without announcing it: the next athlete job announces only an athlete it brings in", async () => {
    const { db } = t.services;
    await db.deleteFrom('top15_entries').execute();
    const events = () => db.selectFrom('notification_events').select(['request_id', 'athlete_id']).where('kind', '=', 'top15').execute();
    const before = (await events()).length;
    await rebuildMatchIndex(db);
    const open = await db.selectFrom('coach_requests').select('id').where('deleted_at', 'is', null).execute();
    for (const { id } of open) {
      const top = await db
        .selectFrom('match_scores')
        .select('athlete_id')
        .where('request_id', '=', id)
        .orderBy('score', 'desc')
        .orderBy('athlete_updated_at', 'desc')
        .orderBy('athlete_id')
        .limit(15)
        .execute();
      const recorded = await db.selectFrom('top15_entries').select('athlete_id').where('request_id', '=', id).execute();
      expect(new Set(recorded.map((r) => r.athlete_id))).toEqual(new Set(top.map((r) => r.athlete_id)));
    }
    expect(await events()).toHaveLength(before);

    // A listed athlete's GPA goes up: every list it is on changes, and only it can be announced.
    const { athlete_id: athleteId } = await db.selectFrom('match_scores').select('athlete_id').orderBy('score', 'asc').limit(1).executeTakeFirstOrThrow();
    const { profile } = await db.selectFrom('athletes').select('profile').where('id', '=', athleteId).executeTakeFirstOrThrow();
    const saved = await saveAthleteProfile(db, athleteId, { ...profile, gradingScale: 'custom', gpa: 4 });
    expect(saved.ok).toBe(true);
    await indexAthlete(db, { entityId: athleteId });
    const announced = (await events()).slice(before);
    expect(announced.every((e) => e.athlete_id === athleteId)).toBe(true);
  });

  it('scores in worker threads (any number, batches answered in any order) exactly as scorePair does in this thread', async () => {
    const { db } = t.services;
    const rng = seededRandom(3131);
    await insertAthletes(
      db,
      Array.from({ length: 300 }, (_, i) => randomProfile(rng, 7000 + i)),
      { outbox: false },
    );
    const coach = await createSignedInUser(t.services, 'coach');
    await insertRandomRequests(db, coach.id, rng, 6);
    const expected = await expectedIndex(db);
    expect(expected.size).toBeGreaterThan(100);

    // Small pages: many batches in flight at once across the threads. The embedded database (no
    // COPY over its socket) always scores in the main thread.
    const threaded = await rebuildMatchIndex(db, { threads: 3, pageSize: 17 });
    expect(threaded).toMatchObject({ scoringThreads: serverPoolOf(db) ? 3 : 0, listed: expected.size, written: expected.size });
    expect(byKey((await storedIndex(db)).pairs)).toEqual(byKey(expected));

    const inline = await rebuildMatchIndex(db, { threads: 0, pageSize: 17 });
    expect(inline).toMatchObject({ scoringThreads: 0, listed: expected.size, written: expected.size });
    expect(byKey((await storedIndex(db)).pairs)).toEqual(byKey(expected));
  });

  it('stores highlight texts with backslashes, tabs, line breaks and quotes exactly (the bulk load escapes them)', async () => {
    const { db } = t.services;
    const rng = seededRandom(99);
    const odd = 'Back\\slash \\N\tTab\nLine "quoted" \r\\t';
    const profile = {
      ...randomProfile(rng, 5000),
      primaryPosition: 'Forward',
      secondaryPosition: undefined,
      gpa: 4,
      nationality: 'Spain',
      playerExtras: [odd, 'Team captain'],
    };
    const [athleteId] = await insertAthletes(db, [profile], { outbox: false });
    const coach = await createSignedInUser(t.services, 'coach');
    const body = {
      ...randomRequestBody(rng, 'Forward', false),
      teamCategories: [],
      ageMin: 14,
      ageMax: 40,
      openToTransfer: true,
      playerExtras: [odd, 'Team captain'],
      notes: '',
    };
    const request = await db
      .insertInto('coach_requests')
      .values({ coach_id: coach.id, data: JSON.stringify(body) })
      .returning('id')
      .executeTakeFirstOrThrow();

    await rebuildMatchIndex(db);
    const expected = (await expectedIndex(db)).get(`${request.id}:${athleteId}`);
    expect(expected?.highlight.extras).toContain(odd);
    const stored = await db
      .selectFrom('match_scores')
      .select('highlight_extras')
      .where('request_id', '=', request.id)
      .where('athlete_id', '=', athleteId)
      .executeTakeFirstOrThrow();
    expect(stored.highlight_extras).toEqual(expected!.highlight.extras);
  });

  it('stays correct while profiles and requests change during the rebuild', async () => {
    const { db } = t.services;
    const rng = seededRandom(77);
    await insertAthletes(
      db,
      Array.from({ length: 200 }, (_, i) => randomProfile(rng, 1000 + i)),
      { outbox: false },
    );
    const coach = await createSignedInUser(t.services, 'coach');
    await db
      .insertInto('coach_requests')
      .values(
        (['Forward', 'Center Back', 'Goalkeeper'] as const).map((p) => ({
          coach_id: coach.id,
          data: JSON.stringify({ ...randomRequestBody(rng, p), teamCategories: [], ageMin: 16, ageMax: 35, openToTransfer: true, notes: 'min GPA 2.0' }),
        })),
      )
      .execute();
    await rebuildMatchIndex(db);
    const athleteIds = (await db.selectFrom('athletes').select('id').where('profile_completed', '=', true).execute()).map((a) => a.id);
    // The index jobs run in this process, concurrently with the rebuild.
    const relay = startOutboxRelay(db, t.services.queue, { intervalMs: 20 });
    try {
      let rebuilding = true;
      const rebuild = rebuildMatchIndex(db, { pageSize: 20 }).finally(() => (rebuilding = false));
      // Changes for as long as the rebuild runs (and a few more after it).
      const changes = (async () => {
        for (let i = 0; rebuilding || i < 12; i++) {
          await db.transaction().execute(async (trx) => {
            const id = athleteIds[(i * 7) % athleteIds.length];
            const row = await trx
              .updateTable('athletes')
              .set((eb) => ({
                profile: sql`jsonb_set(profile, '{gpa}', to_jsonb(${i % 2 ? 4 : 1.5}::float8))`,
                version: eb('version', '+', '1'),
                updated_at: new Date(),
              }))
              .where('id', '=', id)
              .returning('version')
              .executeTakeFirstOrThrow();
            await recordOutbox(trx, 'athlete', id, row.version);
          });
          if (i % 5 === 2) {
            await db.transaction().execute(async (trx) => {
              const row = await trx
                .insertInto('coach_requests')
                .values({ coach_id: coach.id, data: JSON.stringify(randomRequestBody(rng, 'Forward')) })
                .returning(['id', 'version'])
                .executeTakeFirstOrThrow();
              await recordOutbox(trx, 'request', row.id, row.version);
            });
          }
          await new Promise((r) => setTimeout(r, 15));
        }
      })();
      await Promise.all([rebuild, changes]);
      await waitForIndex(db);
      expect(byKey((await storedIndex(db)).pairs)).toEqual(byKey(await expectedIndex(db)));
    } finally {
      await relay.stop();
    }
  });
});

describe('open request reader of the athlete job', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestServices();
    await t.services.outbox.stop();
  });
  afterAll(() => t?.close());

  it('resolves each request version once and follows new, changed and deleted requests', async () => {
    const { db } = t.services;
    const coach = await createSignedInUser(t.services, 'coach');
    const insert = (notes: string) =>
      db
        .insertInto('coach_requests')
        .values({ coach_id: coach.id, data: JSON.stringify({ positions: ['Forward'], notes }) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const a = await insert('min GPA 3.0');
    const b = await insert('min GPA 2.0');
    const read = createOpenRequestReader(db);
    const first = await read();
    expect(first.map((r) => [r.id, r.version, r.resolved.minGpa]).sort()).toEqual(
      [
        [a.id, '1', 3],
        [b.id, '1', 2],
      ].sort(),
    );
    // Unchanged versions come back as the same resolved objects.
    const again = await read();
    expect(again.find((r) => r.id === a.id)!.resolved).toBe(first.find((r) => r.id === a.id)!.resolved);

    await db
      .updateTable('coach_requests')
      .set({ data: JSON.stringify({ positions: ['Forward'], notes: 'min GPA 3.5' }), version: '2' })
      .where('id', '=', a.id)
      .execute();
    await db.updateTable('coach_requests').set({ deleted_at: new Date(), version: '2' }).where('id', '=', b.id).execute();
    const c = await insert('');
    const later = await read();
    expect(later.map((r) => [r.id, r.version, r.resolved.minGpa]).sort()).toEqual(
      [
        [a.id, '2', 3.5],
        [c.id, '1', 2.5],
      ].sort(),
    );
    // An unchanged list is recognized by the epoch alone, which moves with each change of a
    // request's version or deletion as the change commits, and with nothing else.
    expect(await read()).toBe(later);
    const epoch = await readOpenRequestsEpoch(db);
    // The athlete job reads the epoch with the athlete (one snapshot) and passes it: the same
    // epoch answers the same list, any other reads the list again.
    const athlete = await createSignedInUser(t.services, 'athlete');
    expect((await loadAthleteForJob(db, athlete.id))?.requests_epoch).toBe(epoch);
    expect(await read(epoch)).toBe(later);
    const reread = await read(String(BigInt(epoch) - 1n));
    expect(reread).not.toBe(later);
    expect(reread).toEqual(later);
    await db.updateTable('coach_requests').set({ indexed_version: '2' }).where('id', '=', a.id).execute();
    expect(await readOpenRequestsEpoch(db)).toBe(epoch);
    await db.updateTable('coach_requests').set({ version: '3' }).where('id', '=', a.id).execute();
    expect(BigInt(await readOpenRequestsEpoch(db))).toBeGreaterThan(BigInt(epoch));
    expect((await read()).find((r) => r.id === a.id)!.version).toBe('3');
    await db.deleteFrom('coach_requests').where('id', '=', c.id).execute();
    expect((await read()).map((r) => r.id)).toEqual([a.id]);
  });

  // Two connections at once: the embedded database has one, and the second read would wait for the transaction forever.
  it.skipIf(noPostgresServer)('moves the epoch only once a change commits', async () => {
    const { db } = t.services;
    const coach = await createSignedInUser(t.services, 'coach');
    const { id } = await db
      .insertInto('coach_requests')
      .values({ coach_id: coach.id, data: JSON.stringify({ positions: ['Forward'] }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const epoch = await readOpenRequestsEpoch(db);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('coach_requests').set({ version: '2' }).where('id', '=', id).execute();
      expect(await readOpenRequestsEpoch(db)).toBe(epoch); // not before the change commits
    });
    expect(BigInt(await readOpenRequestsEpoch(db))).toBeGreaterThan(BigInt(epoch));
  });
});
