import {
  AGENCIES,
  ATHLETE_POSITIONS,
  ATHLETE_REGION_CHOICES,
  ATHLETE_START_TERMS,
  BUDGET_LABELS,
  COACH_REGIONS,
  ENGLISH_LEVELS,
  EXTRAS,
  LEAGUE_VALUES,
  MAJORS,
  REQUEST_POSITIONS,
  SCHOOL_SIZE_PREFERENCES,
  SCHOOL_SIZES,
  resolveAthlete,
  resolveLeague,
  resolveRequest,
  highlightsFor,
  scorePair,
  type PairScore,
} from '@app/domain';
import type { Database, Services } from '@app/worker';
import { athleteColumnsFromProfile, type StoredAthleteProfile } from '@app/worker/store';
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Data and an independent oracle for the match index tests: varied athlete profiles (seeded, so
 * runs are repeatable) written as the profile route writes them, request bodies as coaches send
 * them, and the expected index computed straight from the domain's scoring function.
 */

/** mulberry32: a small seeded generator. */
export function seededRandom(seed: number) {
  let s = seed | 0;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const some = <T>(items: readonly T[], atLeast = 0): T[] => {
    const chosen = items.filter(() => next() < 0.35);
    while (chosen.length < atLeast) {
      const extra = pick(items);
      if (!chosen.includes(extra)) chosen.push(extra);
    }
    return chosen;
  };
  return { next, pick, some, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof seededRandom>;

const FIRST = ['Lucía', 'Marco', 'Aitana', 'Pablo', 'Inés', 'Hugo', 'Nerea', 'Álvaro', 'Carla', 'Diego', 'Irene', 'Mateo'];
const LAST = ['García', 'Rossi', 'Martín', 'López', 'Silva', 'Moreau', 'Navarro', 'Costa', 'Romero', 'Vidal'];
const NATIONS = ['Spain', 'Portugal', 'Italy', 'France', 'Germany', 'Netherlands'];

/**
 * A profile as PUT /athlete/profile stores it. Mostly complete; GPAs cluster near the prefilter's
 * floors (about 2.9 and 4.0) and secondary positions are common, so an inexact SQL prefilter
 * would show up as a missing pair.
 */
export function randomProfile(rng: Random, i: number): StoredAthleteProfile {
  const primaryPosition = rng.pick(ATHLETE_POSITIONS);
  const gpa = rng.chance(0.4) ? rng.pick([2.8, 2.9, 3.0, 3.8, 3.9, 4.0]) : Math.round((2 + rng.next() * 2) * 10) / 10;
  const profile: StoredAthleteProfile = {
    fullName: `${rng.pick(FIRST)} ${rng.pick(LAST)} ${i}`,
    age: 16 + Math.floor(rng.next() * 9),
    phone: '+34 600 000 000',
    nationality: rng.pick(NATIONS),
    gender: rng.chance(0.6) ? 'male' : 'female',
    englishLevel: rng.pick(ENGLISH_LEVELS),
    gradingScale: 'custom',
    gpa,
    intendedMajors: [rng.pick(MAJORS)],
    targetStartTerms: rng.some(ATHLETE_START_TERMS, 1),
    primaryPosition,
    leagueLevel: rng.pick(LEAGUE_VALUES),
    preferredUsRegions: rng.chance(0.15)
      ? ['No preference']
      : rng.some(
          ATHLETE_REGION_CHOICES.filter((r) => r !== 'No preference'),
          1,
        ),
    agency: rng.pick(AGENCIES),
    schoolSizePreference: rng.pick(SCHOOL_SIZE_PREFERENCES),
    isTransfer: rng.chance(0.15),
    autoAcceptMatches: false,
    playerExtras: [...rng.some(EXTRAS), ...(rng.chance(0.1) ? ['Left footed'] : [])],
  };
  if (rng.chance(0.6)) profile.secondaryPosition = rng.pick(ATHLETE_POSITIONS.filter((p) => p !== primaryPosition));
  if (rng.chance(0.7)) profile.highlightVideoUrl = 'https://www.youtube.com/watch?v=abc123';
  if (rng.chance(0.5)) profile.goalsAssistsLastSeason = Math.floor(rng.next() * 30);
  if (rng.chance(0.3)) profile.externalLinks = [{ platform: 'Transfermarkt', url: 'https://www.transfermarkt.com/p/1' }];
  if (rng.chance(0.9)) profile.estimatedBudget = rng.pick([0, 5000, 10000, 20000, 35000, 50000, 60000]);
  if (rng.chance(0.08)) delete profile.nationality; // incomplete: never scored
  profile.leagueLevelLabel = resolveLeague(profile.leagueLevel)?.label;
  return profile;
}

/** A request body as a coach sends POST /coach/requests. */
export function randomRequestBody(rng: Random, position: (typeof REQUEST_POSITIONS)[number], urgent = rng.chance(0.4)) {
  const ageMin = 16 + Math.floor(rng.next() * 3);
  return {
    positions: [position],
    urgent,
    teamCategories: rng.pick([[], ["Men's Team"], ["Women's Team"], ["Men's Team", "Women's Team"]]),
    ageMin,
    ageMax: ageMin + 3 + Math.floor(rng.next() * 6),
    openToTransfer: rng.chance(0.5),
    playerLevels: rng.some(LEAGUE_VALUES),
    targetStartTerms: rng.some(['Spring 2026', 'Fall 2026']),
    estimatedBudget: rng.chance(0.3) ? '' : rng.pick(BUDGET_LABELS),
    playerExtras: rng.some(EXTRAS),
    openToJuniorCollege: rng.pick(['Yes', 'No']),
    regions: rng.some(COACH_REGIONS),
    institutionSize: rng.chance(0.3) ? '' : rng.pick(SCHOOL_SIZES),
    notes: rng.pick(['', 'Looking for min GPA 3.0 and a leader.', 'GPA: 2.8 or more', 'Strong academics, gpa>=3.4', 'Two-way player.']),
  };
}

/**
 * Open requests of `coachId`, one for each of the first `count` REQUEST_POSITIONS, with
 * randomRequestBody's bodies (drawn in that order). Returns their ids in order.
 */
export async function insertRandomRequests(db: Kysely<Database>, coachId: string, rng: Random, count: number): Promise<string[]> {
  const rows = await db
    .insertInto('coach_requests')
    .values(REQUEST_POSITIONS.slice(0, count).map((p) => ({ coach_id: coachId, data: JSON.stringify(randomRequestBody(rng, p)) })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Inserts athletes with these profiles as the profile route would store them, each with an
 * outbox row (as the route records it). Returns their ids in order.
 */
export async function insertAthletes(
  db: Kysely<Database>,
  profiles: StoredAthleteProfile[],
  options: { updatedAt?: (i: number) => Date; outbox?: boolean } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < profiles.length; start += 500) {
    const chunk = profiles.slice(start, start + 500);
    const users = await db
      .insertInto('users')
      .values(
        chunk.map((_, k) => ({
          role: 'athlete' as const,
          email: `athlete-${start + k}-${Math.random().toString(36).slice(2, 8)}@example.com`,
          password_hash: 'test-only-no-login',
        })),
      )
      .returning(['id', 'email'])
      .execute();
    await db
      .insertInto('athletes')
      .values(
        users.map((u, k) => {
          const profile = { ...chunk[k], email: u.email };
          const columns = athleteColumnsFromProfile(profile);
          return {
            id: u.id,
            email: u.email,
            ...columns,
            full_name: columns.full_name ?? 'Athlete',
            updated_at: options.updatedAt?.(start + k) ?? new Date(Date.UTC(2026, 0, 1) + (start + k) * 60_000),
          };
        }),
      )
      .execute();
    if (options.outbox !== false) {
      await db
        .insertInto('outbox')
        .values(users.map((u) => ({ kind: 'athlete' as const, entity_id: u.id, version: '1' })))
        .execute();
    }
    ids.push(...users.map((u) => u.id));
  }
  return ids;
}

export interface IndexedPair {
  score: number;
  subScores: PairScore['subScores'];
  positionMatch: PairScore['positionMatch'];
  positionExact: boolean;
  highlight: PairScore['highlight'];
  athleteUpdatedAt: number;
}

/**
 * What the index must hold, computed from the stored profiles and requests with the domain's
 * scoring function alone (no worker code): every listed pair of a completed athlete and an open
 * request.
 */
export async function expectedIndex(db: Kysely<Database>): Promise<Map<string, IndexedPair>> {
  const athletes = await db.selectFrom('athletes').select(['id', 'profile', 'profile_completed', 'updated_at']).execute();
  const requests = await db.selectFrom('coach_requests').select(['id', 'data', 'urgent']).where('deleted_at', 'is', null).execute();
  const resolvedRequests = requests.map((r) => resolveRequest({ ...(r.data as object), id: r.id, urgent: r.urgent }));
  const expected = new Map<string, IndexedPair>();
  for (const a of athletes) {
    const athlete = resolveAthlete({ ...(a.profile as object), id: a.id, updatedAt: a.updated_at, profileCompleted: a.profile_completed });
    for (const request of resolvedRequests) {
      const result = scorePair(athlete, request);
      if (!result?.listed) continue;
      expected.set(`${request.id}:${a.id}`, {
        score: result.score,
        subScores: result.subScores,
        positionMatch: result.positionMatch,
        positionExact: result.positionExact,
        highlight: result.highlight,
        athleteUpdatedAt: new Date(a.updated_at).getTime(),
      });
    }
  }
  return expected;
}

/** A pair's highlights in words, from the stored profile and request with the domain alone (what a list read must show). */
export async function expectedHighlights(db: Kysely<Database>, requestId: string, athleteId: string): Promise<string[]> {
  const a = await db.selectFrom('athletes').select(['id', 'profile', 'profile_completed', 'updated_at']).where('id', '=', athleteId).executeTakeFirstOrThrow();
  const r = await db.selectFrom('coach_requests').select(['id', 'data', 'urgent']).where('id', '=', requestId).executeTakeFirstOrThrow();
  return highlightsFor(
    resolveAthlete({ ...(a.profile as object), id: a.id, updatedAt: a.updated_at, profileCompleted: a.profile_completed }),
    resolveRequest({ ...(r.data as object), id: r.id, urgent: r.urgent }),
  );
}

/** The index as stored, in the same shape (plus bookkeeping columns for change checks). */
export async function storedIndex(db: Kysely<Database>) {
  const rows = await db.selectFrom('match_scores').selectAll().execute();
  const pairs = new Map<string, IndexedPair>();
  const raw = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const key = `${r.request_id}:${r.athlete_id}`;
    raw.set(key, r);
    pairs.set(key, {
      score: r.score,
      subScores: { position: r.sub_position, academics: r.sub_academics, lyfs: r.sub_lyfs, region: r.sub_region, budget: r.sub_budget, extras: r.sub_extras },
      positionMatch: r.position_match,
      positionExact: r.position_exact,
      highlight: { exceedsMinGpa: r.highlight_min_gpa, requestedLevel: r.highlight_level, extras: r.highlight_extras },
      athleteUpdatedAt: new Date(r.athlete_updated_at).getTime(),
    });
  }
  return { pairs, raw };
}

/**
 * Waits until every change is indexed: the outbox is published and every athlete and request
 * has been indexed at its current version.
 */
export async function waitForIndex(db: Kysely<Database>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ pending: boolean }>`
      select exists (select 1 from outbox where published_at is null and kind in ('athlete', 'request'))
          or exists (select 1 from athlete_index_state where indexed_version < version)
          or exists (select 1 from coach_requests where indexed_version < version) as pending`.execute(db);
    if (!rows[0].pending) return;
    if (Date.now() > deadline) {
      const { rows: state } = await sql`
        select (select count(*) from outbox where published_at is null and kind in ('athlete', 'request')) as unpublished,
               (select count(*) from athlete_index_state where indexed_version < version) as athletes,
               (select count(*) from coach_requests where indexed_version < version) as requests`.execute(db);
      throw new Error(`The match index did not catch up in time: ${JSON.stringify(state[0])}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Relays the outbox now (instead of waiting for the next poll). */
export function kick(services: Services) {
  services.outbox.kick();
}

/** A signed-in session for an existing user (the cookie header to send). */
export async function sessionFor(db: Kysely<Database>, userId: string, role: 'athlete' | 'coach'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ id_hash: createHash('sha256').update(token).digest('hex'), user_id: userId, role, expires_at: new Date(Date.now() + 86_400_000) })
    .execute();
  return `rp_session=${token}`;
}
