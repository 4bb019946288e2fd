import { resolveRequest, type AthleteScoringInput, type PairScore, type RequestScoringInput, type ScoringRequest } from '@app/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AthletePrefilter } from './index-prefilter.ts';

/**
 * The match index's reads and writes (table match_scores: one row per listed athlete-request
 * pair). Shared by the athlete job, the request job and the full rebuild.
 *
 * Freshness without locks on the hot path, and never an older result over a newer one:
 * - every row records the athlete and request versions it was computed from;
 * - a row is written only when both versions are still the current ones, checked in the writing
 *   statement under FOR SHARE locks on the athlete and request rows (a concurrent profile save
 *   waits the few milliseconds until the batch commits, so its own job sees the batch's rows);
 * - on conflict a stored row is replaced only by a computation at least as new in both versions;
 * - a job removes what it supersedes: the athlete job the rows of older athlete versions (except
 *   those it confirmed unchanged, see athleteRowsToWrite), the request job the rows of older
 *   request versions.
 * For every pair, the job of the later of its two latest changes reads both latest versions (the
 * other side's change committed before that job started), so the last word on a pair is always a
 * computation from the latest athlete and request. Running a job twice gives the same rows.
 */

/** Profile fields scoring reads (the rest of the profile never leaves the database for scoring). */
const SCORING_PROFILE_KEYS = [
  'gpa',
  'leagueLevel',
  'targetStartTerms',
  'schoolSizePreference',
  'preferredUsRegions',
  'estimatedBudget',
  'playerExtras',
  'highlightVideoUrl',
  'goalsAssistsLastSeason',
  'externalLinks',
] as const satisfies readonly (keyof AthleteScoringInput)[];

const scoringProfileSql = sql<Record<string, unknown>>`jsonb_build_object(${sql.join(
  SCORING_PROFILE_KEYS.map((key) => sql`${sql.lit(key)}::text, a.profile->${sql.lit(key)}`),
)})`;

/** An athlete as the index reads it: versions plus what scoring needs. */
export interface AthleteScoringRow {
  id: string;
  version: string;
  indexed_version: string;
  updated_at: Date;
  profile_completed: boolean;
  gender: string | null;
  age: number | null;
  is_transfer: boolean;
  primary_position: string | null;
  secondary_position: string | null;
  scoring: Record<string, unknown>;
}

const athleteColumns = sql`a.id, a.version, a.indexed_version, a.updated_at, a.profile_completed, a.gender, a.age, a.is_transfer, a.primary_position, a.secondary_position, ${scoringProfileSql} as scoring`;

/**
 * Scoring input of a stored athlete. The indexed columns (kept in step with the profile by the
 * profile route) win over the profile copy, so SQL prefilters and scoring read the same values.
 */
export function athleteScoringInput(row: AthleteScoringRow): AthleteScoringInput {
  return {
    ...(row.scoring as Partial<AthleteScoringInput>),
    id: row.id,
    updatedAt: row.updated_at,
    profileCompleted: row.profile_completed,
    gender: row.gender,
    age: row.age,
    isTransfer: row.is_transfer,
    primaryPosition: row.primary_position,
    secondaryPosition: row.secondary_position,
  };
}

export interface RequestScoringRow {
  id: string;
  version: string;
  indexed_version: string;
  urgent: boolean;
  deleted_at: Date | null;
  data: Record<string, unknown>;
}

/** Scoring input of a stored request (`data` is the coach's validated request). */
export function requestScoringInput(row: RequestScoringRow): RequestScoringInput {
  return { ...(row.data as Partial<RequestScoringInput>), id: row.id, urgent: row.urgent };
}

export async function loadAthlete(db: Kysely<Database>, id: string): Promise<AthleteScoringRow | undefined> {
  const { rows } = await sql<AthleteScoringRow>`select ${athleteColumns} from athletes a where a.id = ${id}`.execute(db);
  return rows[0];
}

export async function loadRequest(db: Kysely<Database>, id: string): Promise<RequestScoringRow | undefined> {
  return db.selectFrom('coach_requests').select(['id', 'version', 'indexed_version', 'urgent', 'deleted_at', 'data']).where('id', '=', id).executeTakeFirst();
}

/** Every open (not deleted) request, in one snapshot. */
export async function loadOpenRequests(db: Kysely<Database>): Promise<RequestScoringRow[]> {
  return db
    .selectFrom('coach_requests')
    .select(['id', 'version', 'indexed_version', 'urgent', 'deleted_at', 'data'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export interface OpenRequest {
  id: string;
  version: string;
  resolved: ScoringRequest;
}

/** Reads the open requests, resolved for scoring. */
export type OpenRequestReader = () => Promise<OpenRequest[]>;

/**
 * A reader that keeps requests resolved across calls: each call reads the open requests' ids and
 * versions (small), and fetches and resolves only those new or changed since the last call. The
 * athlete job calls it once per job; with a thousand open requests that is most of its work.
 */
export function createOpenRequestReader(db: Kysely<Database>): OpenRequestReader {
  const cache = new Map<string, { version: string; resolved: ScoringRequest }>();
  return async () => {
    const current = await db.selectFrom('coach_requests').select(['id', 'version']).where('deleted_at', 'is', null).orderBy('id').execute();
    const stale = current.filter((r) => cache.get(r.id)?.version !== r.version).map((r) => r.id);
    if (stale.length > 0) {
      const rows = await db.selectFrom('coach_requests').select(['id', 'version', 'indexed_version', 'urgent', 'deleted_at', 'data']).where('id', 'in', stale).execute();
      // The version read with the data is the one scored (it may be newer than the list's).
      for (const row of rows) cache.set(row.id, { version: row.version, resolved: resolveRequest(requestScoringInput(row)) });
    }
    const open: OpenRequest[] = [];
    const openIds = new Set<string>();
    for (const { id } of current) {
      const entry = cache.get(id);
      if (!entry) continue; // deleted between the two reads
      open.push({ id, ...entry });
      openIds.add(id);
    }
    for (const id of cache.keys()) if (!openIds.has(id)) cache.delete(id);
    return open;
  };
}

/** A JSON-number GPA in [min, 4]; a GPA stored as text is kept for the scorer to judge. */
function gpaAtLeast(min: number): RawBuilder<boolean> {
  return sql<boolean>`(case jsonb_typeof(a.profile->'gpa') when 'number' then (a.profile->'gpa')::float8 between ${min} and 4 when 'string' then true else false end)`;
}

/**
 * One page (keyset on id) of the completed athletes the prefilter admits; see index-prefilter.ts
 * for why each condition is exact. With no prefilter: every completed athlete (the rebuild).
 */
export async function loadAthletePage(db: Kysely<Database>, after: string | null, limit: number, filter?: AthletePrefilter): Promise<AthleteScoringRow[]> {
  const conditions: RawBuilder<unknown>[] = [sql`a.profile_completed`];
  if (after) conditions.push(sql`a.id > ${after}`);
  if (filter) {
    if (filter.positions.length === 0) return [];
    if (filter.excludeTransfers) conditions.push(sql`not a.is_transfer`);
    conditions.push(sql`(a.age is null or a.age between ${filter.ageMin} and ${filter.ageMax})`);
    if (filter.gender) conditions.push(sql`lower(btrim(a.gender)) = ${filter.gender}`);
    conditions.push(
      sql`((a.primary_position = any(${filter.positions}::text[]) and ${gpaAtLeast(filter.primaryMinGpa)}) or (a.secondary_position = any(${filter.positions}::text[]) and ${gpaAtLeast(filter.secondaryMinGpa)}))`,
    );
  }
  const { rows } = await sql<AthleteScoringRow>`select ${athleteColumns} from athletes a where ${sql.join(conditions, sql` and `)} order by a.id limit ${limit}`.execute(db);
  return rows;
}

/** A listed pair ready to store. */
export interface ScoreRow {
  requestId: string;
  athleteId: string;
  requestVersion: string;
  athleteVersion: string;
  /** The athlete's updatedAt as read with `athleteVersion` (the rank's tie-breaker). */
  athleteUpdatedAt: Date;
  result: PairScore;
}

/** What a stored row holds that a computation determines (its versions aside), as one comparable string. */
function content(score: number, sub: readonly number[], positionMatch: string | null, positionExact: boolean, highlights: readonly string[], athleteUpdatedAt: Date): string {
  return JSON.stringify([score, sub, positionMatch, positionExact, highlights, new Date(athleteUpdatedAt).getTime()]);
}

function rowContent(r: ScoreRow): string {
  const s = r.result.subScores;
  return content(r.result.score, [s.position, s.academics, s.lyfs, s.region, s.budget, s.extras], r.result.positionMatch, r.result.positionExact, r.result.highlights, r.athleteUpdatedAt);
}

/** A stored row as the jobs compare it with a computation. */
export interface StoredRow {
  content: string;
  athleteVersion: string;
  requestVersion: string;
}

/** What is stored for some pairs: `request:athlete` -> row. */
export type StoredRows = Map<string, StoredRow>;

/** The stored rows of some athletes, optionally of one request only. */
export async function loadStoredRows(db: Kysely<Database>, athleteIds: readonly string[], requestId?: string): Promise<StoredRows> {
  const stored: StoredRows = new Map();
  if (athleteIds.length === 0) return stored;
  let query = db
    .selectFrom('match_scores')
    .select([
      'request_id',
      'athlete_id',
      'score',
      'sub_position',
      'sub_academics',
      'sub_lyfs',
      'sub_region',
      'sub_budget',
      'sub_extras',
      'position_match',
      'position_exact',
      'highlights',
      'athlete_updated_at',
      'athlete_version',
      'request_version',
    ])
    .where('athlete_id', 'in', athleteIds);
  if (requestId) query = query.where('request_id', '=', requestId);
  for (const r of await query.execute()) {
    stored.set(`${r.request_id}:${r.athlete_id}`, {
      content: content(r.score, [r.sub_position, r.sub_academics, r.sub_lyfs, r.sub_region, r.sub_budget, r.sub_extras], r.position_match, r.position_exact, r.highlights, r.athlete_updated_at),
      athleteVersion: r.athlete_version,
      requestVersion: r.request_version,
    });
  }
  return stored;
}

/**
 * The rows that differ from what is stored, versions included (the request job). Skipping the
 * others is safe: a stored row equal to this computation can only be replaced later by an equal
 * or newer one.
 */
export function changedRows(rows: readonly ScoreRow[], stored: StoredRows): ScoreRow[] {
  return rows.filter((r) => {
    const s = stored.get(`${r.requestId}:${r.athleteId}`);
    return !s || s.content !== rowContent(r) || s.athleteVersion !== r.athleteVersion || s.requestVersion !== r.requestVersion;
  });
}

/**
 * The athlete job's split (decision 005): rows to write, and the requests whose stored row this
 * computation confirms as it is. A stored row is confirmed when its content equals the
 * computation, it was computed from the same request version, and from this athlete version or
 * an older one: the row then stays as stored, its athlete version the oldest one the content was
 * computed from (a version bump that changes no score writes nothing). Only the athlete side may
 * lag: request versions stay exact, so a request job's removal of older request versions never
 * touches a confirmed row.
 */
export function athleteRowsToWrite(rows: readonly ScoreRow[], stored: StoredRows): { write: ScoreRow[]; confirmed: string[] } {
  const write: ScoreRow[] = [];
  const confirmed: string[] = [];
  for (const r of rows) {
    const s = stored.get(`${r.requestId}:${r.athleteId}`);
    if (s && s.requestVersion === r.requestVersion && BigInt(s.athleteVersion) <= BigInt(r.athleteVersion) && s.content === rowContent(r)) confirmed.push(r.requestId);
    else write.push(r);
  }
  return { write, confirmed };
}

/**
 * The end of an athlete job, one statement: removes the athlete's rows this computation
 * supersedes (those of older athlete versions it did not confirm; every row, confirmed or not,
 * with `inclusive` for a profile no longer complete), and marks the athlete indexed up to
 * `version` (never backwards). The removal runs only while `version` is still the athlete's
 * current one, under a lock on the athlete row: a job of an older version must not remove rows a
 * newer job confirmed without rewriting them, and a profile save waits the few milliseconds until
 * this commits, so its own job reads the result. The lock is FOR NO KEY UPDATE, the one the
 * statement's own update of the row needs: two deliveries of one job finishing at once then take
 * turns (with FOR SHARE each held a share lock the other's update waited on: a deadlock).
 * Returns the rows removed.
 */
export async function finishAthleteJob(db: Kysely<Database>, athleteId: string, version: string, confirmedRequestIds: readonly string[], inclusive = false): Promise<number> {
  const { rows } = await sql<{ removed: string }>`
    with current_athlete as (select id from athletes where id = ${athleteId} and version = ${version} for no key update),
    removed as (
      delete from match_scores ms using current_athlete ca
      where ms.athlete_id = ca.id and ms.athlete_version ${inclusive ? sql`<=` : sql`<`} ${version}
        and not (ms.request_id = any(${confirmedRequestIds}::uuid[]))
      returning 1),
    marked as (update athletes set indexed_version = ${version} where id = ${athleteId} and indexed_version < ${version} returning 1)
    select (select count(*) from removed) as removed, (select count(*) from marked) as marked`.execute(db);
  return Number(rows[0]?.removed ?? 0);
}

/** Rows per INSERT statement. */
export const WRITE_BATCH = 1000;

/**
 * Upserts listed pairs, one statement per batch (see the file comment for the version rules).
 * Rows computed from a version that is no longer current are skipped: the job of the newer
 * version writes them. A row whose content is unchanged is left alone (no write at all), so a
 * repeated job or a rebuild of an unchanged index costs reads only. Returns how many rows were
 * written.
 */
export async function writeScores(db: Kysely<Database>, rows: readonly ScoreRow[]): Promise<number> {
  // One global lock order (request, athlete) for every writer: concurrent batches cannot deadlock.
  const sorted = [...rows].sort((x, y) => (x.requestId < y.requestId ? -1 : x.requestId > y.requestId ? 1 : x.athleteId < y.athleteId ? -1 : x.athleteId > y.athleteId ? 1 : 0));
  let written = 0;
  for (let i = 0; i < sorted.length; i += WRITE_BATCH) {
    const batch = sorted.slice(i, i + WRITE_BATCH);
    const col = <T>(pick: (r: ScoreRow) => T) => batch.map(pick);
    const result = await sql`
      insert into match_scores as ms (request_id, athlete_id, score, sub_position, sub_academics, sub_lyfs, sub_region, sub_budget, sub_extras,
        position_match, position_exact, highlights, athlete_updated_at, athlete_version, request_version, computed_at)
      select u.request_id, u.athlete_id, u.score, u.sub_position, u.sub_academics, u.sub_lyfs, u.sub_region, u.sub_budget, u.sub_extras,
        u.position_match, u.position_exact, u.highlights, a.updated_at, u.athlete_version, u.request_version, now()
      from unnest(
        ${col((r) => r.requestId)}::uuid[], ${col((r) => r.athleteId)}::uuid[], ${col((r) => r.result.score)}::float8[],
        ${col((r) => r.result.subScores.position)}::float8[], ${col((r) => r.result.subScores.academics)}::float8[],
        ${col((r) => r.result.subScores.lyfs)}::float8[], ${col((r) => r.result.subScores.region)}::float8[],
        ${col((r) => r.result.subScores.budget)}::float8[], ${col((r) => r.result.subScores.extras)}::float8[],
        ${col((r) => r.result.positionMatch)}::text[], ${col((r) => r.result.positionExact)}::boolean[],
        ${col((r) => JSON.stringify(r.result.highlights))}::jsonb[],
        ${col((r) => r.athleteVersion)}::bigint[], ${col((r) => r.requestVersion)}::bigint[]
      ) as u(request_id, athlete_id, score, sub_position, sub_academics, sub_lyfs, sub_region, sub_budget, sub_extras,
             position_match, position_exact, highlights, athlete_version, request_version)
      join athletes a on a.id = u.athlete_id and a.version = u.athlete_version and a.profile_completed
      join coach_requests r on r.id = u.request_id and r.version = u.request_version and r.deleted_at is null
      order by u.request_id, u.athlete_id
      for share of a, r
      on conflict (request_id, athlete_id) do update set
        score = excluded.score, sub_position = excluded.sub_position, sub_academics = excluded.sub_academics,
        sub_lyfs = excluded.sub_lyfs, sub_region = excluded.sub_region, sub_budget = excluded.sub_budget,
        sub_extras = excluded.sub_extras, position_match = excluded.position_match, position_exact = excluded.position_exact,
        highlights = excluded.highlights, athlete_updated_at = excluded.athlete_updated_at,
        athlete_version = excluded.athlete_version, request_version = excluded.request_version, computed_at = excluded.computed_at
      where ms.athlete_version <= excluded.athlete_version and ms.request_version <= excluded.request_version
        and (ms.score, ms.sub_position, ms.sub_academics, ms.sub_lyfs, ms.sub_region, ms.sub_budget, ms.sub_extras, ms.position_match,
             ms.position_exact, ms.highlights, ms.athlete_updated_at, ms.athlete_version, ms.request_version)
          is distinct from
            (excluded.score, excluded.sub_position, excluded.sub_academics, excluded.sub_lyfs, excluded.sub_region, excluded.sub_budget,
             excluded.sub_extras, excluded.position_match, excluded.position_exact, excluded.highlights, excluded.athlete_updated_at,
             excluded.athlete_version, excluded.request_version)
    `.execute(db);
    written += Number(result.numAffectedRows ?? 0);
  }
  return written;
}

/** A stored pair a computation found no longer listed, with the versions that computation read. */
export interface StalePair {
  requestId: string;
  athleteId: string;
  requestVersion: string;
  athleteVersion: string;
}

/** Deletes pairs, each only while its row is not newer than the computation that dropped it. */
export async function deletePairs(db: Kysely<Database>, pairs: readonly StalePair[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < pairs.length; i += WRITE_BATCH) {
    const batch = pairs.slice(i, i + WRITE_BATCH);
    const result = await sql`
      delete from match_scores ms
      using unnest(${batch.map((p) => p.requestId)}::uuid[], ${batch.map((p) => p.athleteId)}::uuid[],
                   ${batch.map((p) => p.requestVersion)}::bigint[], ${batch.map((p) => p.athleteVersion)}::bigint[]) as d(request_id, athlete_id, request_version, athlete_version)
      where ms.request_id = d.request_id and ms.athlete_id = d.athlete_id
        and ms.request_version <= d.request_version and ms.athlete_version <= d.athlete_version`.execute(db);
    removed += Number(result.numAffectedRows ?? 0);
  }
  return removed;
}

/** Rows of a request computed from an older request version (all of them when `version` is null). */
export async function deleteRequestRows(db: Kysely<Database>, requestId: string, version: string | null): Promise<number> {
  let query = db.deleteFrom('match_scores').where('request_id', '=', requestId);
  if (version !== null) query = query.where('request_version', '<', version);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Marks athletes indexed up to the versions given (never backwards). */
export async function markAthletesIndexed(db: Kysely<Database>, ids: readonly string[], versions: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update athletes a set indexed_version = u.version
    from unnest(${ids}::uuid[], ${versions}::bigint[]) as u(id, version)
    where a.id = u.id and a.indexed_version < u.version`.execute(db);
}

/** Marks a request indexed up to `version` (never backwards) and stamps when its list was computed. */
export async function markRequestIndexed(db: Kysely<Database>, requestId: string, version: string): Promise<void> {
  await sql`update coach_requests set indexed_version = greatest(indexed_version, ${version}::bigint), indexed_at = now() where id = ${requestId}`.execute(db);
}

/** Whether `version` is already covered by what was indexed (versions are bigint text). */
export function alreadyIndexed(indexedVersion: string, version: string | number | undefined): boolean {
  if (version === undefined) return false;
  return BigInt(indexedVersion) >= BigInt(version);
}
