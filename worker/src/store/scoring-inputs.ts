import { resolveRequest, type AthleteScoringInput, type RequestScoringInput, type ScoringRequest } from '@app/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Athlete, Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import type { AthletePrefilter } from '../processors/index-prefilter.ts';
import { athleteGpa, athleteHasVideo, athleteJson, athleteNationality, athleteText } from './profile-sql.ts';

/**
 * Athletes and requests as the match index reads them (the jobs, the rebuild, "Why not?"): their
 * versions and what scoring needs, and the pages of athletes a request's prefilter admits.
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

// json, not jsonb: only written out (see roster.ts' playerProfile).
const scoringProfileSql = sql<Record<string, unknown>>`json_build_object(${sql.join(
  SCORING_PROFILE_KEYS.map((key) => sql`${sql.lit(key)}::text, ${athleteJson(key)}`),
)})`;

/** An athlete as the index reads it: versions plus what scoring needs. */
export type AthleteScoringRow = Pick<
  Athlete,
  'id' | 'version' | 'updated_at' | 'profile_completed' | 'gender' | 'age' | 'is_transfer' | 'primary_position' | 'secondary_position'
> & {
  scoring: Record<string, unknown>;
  /** The values a list filters on, stored with each listed pair (ListFilterValues), read by the SQL rules of the filters. */
  filter_nationality: string | null;
  filter_league: string | null;
  filter_gpa: number | null;
  filter_has_video: boolean;
};

const athleteColumns = sql`a.id, a.version, a.updated_at, a.profile_completed, a.gender, a.age, a.is_transfer, a.primary_position, a.secondary_position, ${scoringProfileSql} as scoring,
  ${athleteNationality()} as filter_nationality, ${athleteText('leagueLevel')} as filter_league, ${athleteGpa()} as filter_gpa, ${athleteHasVideo()} as filter_has_video`;

/** What a list of matches filters on (issue 18), as stored with each of the athlete's listed pairs. */
export interface ListFilterValues {
  position: string | null;
  nationality: string | null;
  league: string | null;
  gpa: number | null;
  hasVideo: boolean;
}

/** An athlete's list filter values (computed once per athlete, shared by its rows). */
export function listFilterValues(row: AthleteScoringRow): ListFilterValues {
  return {
    position: row.primary_position,
    nationality: row.filter_nationality,
    league: row.filter_league,
    gpa: row.filter_gpa,
    hasVideo: row.filter_has_video,
  };
}

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

/**
 * The athlete job's first read: the athlete, the version the index has scored
 * (athlete_index_state), and the open requests' epoch (createOpenRequestReader) in the same
 * snapshot, as one prepared statement: one round trip and no planning per job, where the two reads
 * were two of the job's four statements.
 */
export async function loadAthleteForJob(
  db: Kysely<Database>,
  id: string,
): Promise<(AthleteScoringRow & { indexed_version: string; requests_epoch: string }) | undefined> {
  const { rows } = await sql<AthleteScoringRow & { indexed_version: string; requests_epoch: string }>`${prepared}
    select ${athleteColumns}, coalesce((select s.indexed_version from athlete_index_state s where s.athlete_id = a.id), 0)::text as indexed_version,
      (select epoch::text from open_requests_epoch) as requests_epoch
    from athletes a where a.id = ${id}`.execute(db);
  return rows[0];
}

const requestScoringColumns = ['id', 'version', 'indexed_version', 'urgent', 'deleted_at', 'data'] as const;

export async function loadRequest(db: Kysely<Database>, id: string): Promise<RequestScoringRow | undefined> {
  return db.selectFrom('coach_requests').select(requestScoringColumns).where('id', '=', id).executeTakeFirst();
}

/** A coach's own live request as loadRequest reads it, or undefined for a deleted one or another coach's: ownership and the row in one read. */
export async function loadCoachRequest(db: Kysely<Database>, coachId: string, id: string): Promise<RequestScoringRow | undefined> {
  return db
    .selectFrom('coach_requests')
    .select(requestScoringColumns)
    .where('id', '=', id)
    .where('coach_id', '=', coachId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Every open (not deleted) request, in one snapshot. */
export async function loadOpenRequests(db: Kysely<Database>): Promise<RequestScoringRow[]> {
  return db.selectFrom('coach_requests').select(requestScoringColumns).where('deleted_at', 'is', null).orderBy('id').execute();
}

export interface OpenRequest {
  id: string;
  version: string;
  resolved: ScoringRequest;
}

/**
 * Reads the open requests, resolved for scoring. `knownEpoch`: the open requests' epoch as the
 * caller already read it (loadAthleteForJob, in the athlete's snapshot); the answer then holds
 * every request committed by that snapshot, with no read of its own when nothing changed since.
 */
export type OpenRequestReader = (knownEpoch?: string) => Promise<OpenRequest[]>;

/** The open requests' epoch: it moves whenever a request is created, deleted or changes version (migration 2026-11-25T21-00). */
export async function readOpenRequestsEpoch(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ epoch: string }>`${prepared} select epoch from open_requests_epoch`.execute(db);
  return rows[0].epoch;
}

/**
 * A reader that keeps requests resolved across calls. Each call first reads the open requests'
 * epoch (one row): unchanged, the last answer stands. Otherwise it reads the ids and versions
 * with the epoch (one snapshot), and fetches and resolves only the requests new or changed since
 * the last call. The athlete job calls it once per job; reading a thousand ids and versions per
 * job was a third of the job's own CPU, and an md5 of them computed by Postgres still 0.8 ms of
 * its CPU. A change and the epoch's move commit together, so an epoch stored with the list read
 * in its snapshot is never newer than the list: at worst stale, which reads again.
 */
export function createOpenRequestReader(db: Kysely<Database>): OpenRequestReader {
  const cache = new Map<string, { version: string; resolved: ScoringRequest }>();
  let last: { epoch: string; open: OpenRequest[] } | null = null;
  return async (knownEpoch?: string) => {
    if (last && (knownEpoch ?? (await readOpenRequestsEpoch(db))) === last.epoch) return last.open;
    const { rows: current } = await sql<{ id: string; version: string; epoch: string }>`
      select id, version, null as epoch from coach_requests where deleted_at is null
      union all select null, null, epoch::text from open_requests_epoch
      order by id nulls last`.execute(db);
    const epoch = current.pop()!.epoch;
    const stale = current.filter((r) => cache.get(r.id)?.version !== r.version).map((r) => r.id);
    if (stale.length > 0) {
      const rows = await db
        .selectFrom('coach_requests')
        .select(['id', 'version', 'indexed_version', 'urgent', 'deleted_at', 'data'])
        .where('id', 'in', stale)
        .execute();
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
    last = { epoch, open };
    return open;
  };
}

/**
 * A request's prefilter on athletes `a` (index-prefilter.ts: each condition exact) as its two
 * branches, each with the conditions both share: one of the request's positions as the athlete's
 * primary position and a valid GPA (athleteGpa: null never passes) of at least the primary floor,
 * or as their secondary position with the secondary floor. Each branch is a range of an index of
 * its own that holds the other conditions' columns (migration 2026-11-29T12-00). Null when the
 * prefilter admits no one.
 */
function prefilterBranches(filter: AthletePrefilter): [RawBuilder<unknown>, RawBuilder<unknown>] | null {
  if (filter.positions.length === 0) return null;
  const shared: RawBuilder<unknown>[] = [sql`a.profile_completed`];
  if (filter.excludeTransfers) shared.push(sql`not a.is_transfer`);
  shared.push(sql`(a.age is null or a.age between ${filter.ageMin} and ${filter.ageMax})`);
  if (filter.gender) shared.push(sql`lower(btrim(a.gender)) = ${filter.gender}`);
  const branch = (position: 'primary_position' | 'secondary_position', minGpa: number) =>
    sql.join([...shared, sql`${sql.ref(`a.${position}`)} = any(${filter.positions}::text[])`, sql`${athleteGpa()} >= ${minGpa}`], sql` and `);
  return [branch('primary_position', filter.primaryMinGpa), branch('secondary_position', filter.secondaryMinGpa)];
}

/**
 * One page (keyset on id) of the completed athletes the prefilter admits; see index-prefilter.ts
 * for why each condition is exact. With no prefilter: every completed athlete (the rebuild).
 */
export async function loadAthletePage(db: Kysely<Database>, after: string | null, limit: number, filter?: AthletePrefilter): Promise<AthleteScoringRow[]> {
  const conditions: RawBuilder<unknown>[] = [sql`a.profile_completed`];
  if (after) conditions.push(sql`a.id > ${after}`);
  if (filter) {
    const branches = prefilterBranches(filter);
    if (!branches) return [];
    conditions.push(sql`((${branches[0]}) or (${branches[1]}))`);
  }
  const { rows } =
    await sql<AthleteScoringRow>`select ${athleteColumns} from athletes a where ${sql.join(conditions, sql` and `)} order by a.id limit ${limit}`.execute(db);
  return rows;
}

/** Ids a request job reads at a time (prefilteredAthletePages): about 2 MB of them in the worker's heap. */
const ATHLETE_ID_PAGE = 50_000;

/**
 * The completed athletes a request's prefilter admits, a page of `pageSize` at a time in id order,
 * the next page read while the caller works on this one (the request job). Their ids come first
 * (`idPageSize` at a time), then each page's rows by id. Read as pages of whole rows with the
 * prefilter (loadAthletePage), every page found and sorted the wide rows of all the matches after
 * it again (parallel workers, a sort spilled to disk: 0.25-0.8 s a page at 100,000 athletes); the
 * ids are two index-only ranges (prefilterBranches), about 30 ms at 100,000. Like keyset pages,
 * each read has its own snapshot: an athlete changed meanwhile is scored as read, and its own
 * athlete job scores it against the request's version.
 */
export async function* prefilteredAthletePages(
  db: Kysely<Database>,
  filter: AthletePrefilter,
  pageSize: number,
  idPageSize = ATHLETE_ID_PAGE,
): AsyncGenerator<AthleteScoringRow[]> {
  const branches = prefilterBranches(filter);
  if (!branches) return;
  const rowsOf = async (ids: string[]) =>
    (await sql<AthleteScoringRow>`select ${athleteColumns} from athletes a where a.id = any(${ids}::uuid[]) and a.profile_completed order by a.id`.execute(db))
      .rows;
  let after: string | null = null;
  for (;;) {
    const afterId: RawBuilder<unknown> = after === null ? sql`` : sql`and a.id > ${after}`;
    // Each branch an index-only range; an athlete both branches admit is found once.
    const { rows: found } = await sql<{ id: string }>`
      select id from ((select a.id from athletes a where ${branches[0]} ${afterId}) union (select a.id from athletes a where ${branches[1]} ${afterId})) admitted
      order by id limit ${idPageSize}`.execute(db);
    const ids = found.map((r) => r.id);
    let next = ids.length > 0 ? rowsOf(ids.slice(0, pageSize)) : null;
    for (let start = 0; next !== null; start += pageSize) {
      const page = await next;
      next = start + pageSize < ids.length ? rowsOf(ids.slice(start + pageSize, start + 2 * pageSize)) : null;
      next?.catch(() => {}); // a failure surfaces when awaited; not as an unhandled rejection meanwhile
      yield page;
    }
    if (ids.length < idPageSize) return;
    after = ids[ids.length - 1];
  }
}
