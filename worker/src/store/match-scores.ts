import {
  hasMatchFilters,
  type MatchFilters,
  type MatchStatus,
  type MatchStatusSetter,
  type MatchView,
  type PairScore,
  type PositionMatch,
  type SubScores,
} from '@app/domain';
import { sql, type ColumnType, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import { frozenSql } from '../db/frozen-sql.ts';
import { athleteHasVideo, athleteJson, athleteText } from './profile-sql.ts';
import type { AthleteScoringRow, ListFilterValues } from './scoring-inputs.ts';

/**
 * The match index (table match_scores: one row per listed athlete-request pair): the one
 * definition of its row, its writes (the jobs, the rebuild) and its reads (the ranked lists).
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

/** A listed pair ready to store. */
export interface ScoreRow {
  requestId: string;
  athleteId: string;
  requestVersion: string;
  athleteVersion: string;
  /** The athlete's updatedAt as read with `athleteVersion` (the rank's tie-breaker). */
  athleteUpdatedAt: Date;
  /** The athlete's values the list filters on (one object per athlete, shared by its rows). */
  filters: ListFilterValues;
  result: PairScore;
}

/** An athlete's listed pair with a request, as stored (the jobs and the rebuild build every row here). */
export function listedRow(athlete: AthleteScoringRow, filters: ListFilterValues, request: { id: string; version: string }, result: PairScore): ScoreRow {
  return {
    requestId: request.id,
    athleteId: athlete.id,
    requestVersion: request.version,
    athleteVersion: athlete.version,
    athleteUpdatedAt: athlete.updated_at,
    filters,
    result,
  };
}

// ---------------------------------------------------------------------------------------------
// The row: every column once, with its Postgres type and how a computed pair fills it. The table
// type (worker/src/db/schema.ts), the rebuild's COPY lines and column list, the jobs' upsert and
// the stored rows' reads all derive from SCORE_COLUMNS.

interface ScoreColumn<Value> {
  /** Postgres type (the element type of the unnest arrays; how CopyTuples encodes the value). */
  pg: 'uuid' | 'float8' | 'text' | 'boolean' | 'timestamptz' | 'bigint';
  /** The column's value for a computed pair (JSON as text). */
  of: (row: ScoreRow) => string | number | boolean | Date | null;
  /** Phantom: the column's Kysely type. */
  readonly type?: Value;
}

const column = <Value>(pg: ScoreColumn<Value>['pg'], of: ScoreColumn<Value>['of']): ScoreColumn<Value> => ({ pg, of });

/** The sub-scores in their column order (columns sub_position … sub_extras). */
export const SUB_SCORE_KEYS = ['position', 'academics', 'lyfs', 'region', 'budget', 'extras'] as const satisfies readonly (keyof SubScores)[];
type SubScoreColumns = { [K in (typeof SUB_SCORE_KEYS)[number] as `sub_${K}`]: ScoreColumn<number> };
const subScoreColumns = Object.fromEntries(
  SUB_SCORE_KEYS.map((key) => [`sub_${key}`, column<number>('float8', (r) => r.result.subScores[key])]),
) as SubScoreColumns;

/** The columns of a match_scores row, in the table's (and a COPY line's) order; `computed_at` is the table's default. */
export const SCORE_COLUMNS = {
  request_id: column<string>('uuid', (r) => r.requestId),
  athlete_id: column<string>('uuid', (r) => r.athleteId),
  score: column<number>('float8', (r) => r.result.score), // percent, one decimal
  ...subScoreColumns,
  position_match: column<PositionMatch>('text', (r) => r.result.positionMatch),
  position_exact: column<boolean>('boolean', (r) => r.result.positionExact),
  // What the highlights say beyond the position match (HighlightFacts), not their sentences: the
  // reads word them with the athlete's details (migration 2026-12-02T09-00). The sentences were a
  // third of a row's bytes, and writing them as JSON a sixth of the rebuild's scoring thread.
  highlight_min_gpa: column<number | null>('float8', (r) => r.result.highlight.exceedsMinGpa),
  highlight_level: column<ColumnType<boolean, boolean | undefined, boolean>>('boolean', (r) => r.result.highlight.requestedLevel),
  highlight_extras: column<string | null>('text', (r) => r.result.highlight.extras),
  athlete_updated_at: column<ColumnType<Date, Date | string, Date | string>>('timestamptz', (r) => r.athleteUpdatedAt),
  athlete_version: column<string>('bigint', (r) => r.athleteVersion),
  request_version: column<string>('bigint', (r) => r.requestVersion),
  // The athlete's filter values (issue 18; migration 2026-11-25T14-00): included in the view
  // indexes, so filtered pages, counts and facets read index entries only.
  athlete_position: column<string | null>('text', (r) => r.filters.position),
  athlete_nationality: column<string | null>('text', (r) => r.filters.nationality),
  athlete_league: column<string | null>('text', (r) => r.filters.league),
  athlete_gpa: column<number | null>('float8', (r) => r.filters.gpa),
  athlete_has_video: column<ColumnType<boolean, boolean | undefined, boolean>>('boolean', (r) => r.filters.hasVideo),
};

type ScoreColumnName = keyof typeof SCORE_COLUMNS;
/** The table's columns as Kysely types (schema.ts's MatchScoresTable adds `computed_at`). */
export type MatchScoreColumns = { [K in ScoreColumnName]: (typeof SCORE_COLUMNS)[K] extends ScoreColumn<infer V> ? V : never };

const NAMES = Object.keys(SCORE_COLUMNS) as ScoreColumnName[];
const KEY_COLUMNS: readonly ScoreColumnName[] = ['request_id', 'athlete_id'];
const VERSION_COLUMNS: readonly ScoreColumnName[] = ['athlete_version', 'request_version'];
/** What an upsert replaces: everything but the pair's key. */
const VALUE_COLUMNS = NAMES.filter((n) => !KEY_COLUMNS.includes(n));
/** What a computation determines, versions aside (compared to skip unchanged rows). */
const CONTENT_COLUMNS = VALUE_COLUMNS.filter((n) => !VERSION_COLUMNS.includes(n));

/**
 * The columns that hold the athlete's side alone: a COPY line writes them last, from one text per
 * athlete shared by its rows (an athlete is listed for dozens of requests; its timestamp alone,
 * formatted per row, was a tenth of the rebuild's scoring thread).
 */
const ATHLETE_COLUMNS = [
  'athlete_id',
  'athlete_updated_at',
  'athlete_version',
  'athlete_position',
  'athlete_nationality',
  'athlete_league',
  'athlete_gpa',
  'athlete_has_video',
] as const satisfies readonly ScoreColumnName[];
/** The columns that hold the request's side alone: a COPY tuple starts with them, encoded once per request version. */
const REQUEST_COLUMNS = ['request_id', 'request_version'] as const satisfies readonly ScoreColumnName[];
const PAIR_COLUMNS = NAMES.filter(
  (n) => !(ATHLETE_COLUMNS as readonly ScoreColumnName[]).includes(n) && !(REQUEST_COLUMNS as readonly ScoreColumnName[]).includes(n),
);

/** The column list of the rebuild's COPY (every column but `computed_at`, in CopyTuples's order). */
export const REBUILD_COLUMNS = [...REQUEST_COLUMNS, ...PAIR_COLUMNS, ...ATHLETE_COLUMNS].join(', ');

/**
 * The rebuild's COPY in Postgres's binary format: Postgres then reads each value as stored
 * (8 bytes for a float, the timestamp as microseconds) instead of parsing text, and this side
 * writes numbers without formatting them. On a 2-core VM both sides of the text COPY were
 * CPU-bound (the Postgres backend parsing 20 values per row, this process formatting them).
 */
export const COPY_BINARY_HEADER = Buffer.from([...Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), 0, 0, 0, 0, 0, 0, 0, 0]);
/** The binary COPY's end: a tuple of field count -1. */
export const COPY_BINARY_TRAILER = Buffer.from([0xff, 0xff]);

const COPY_FIELD_COUNT = REQUEST_COLUMNS.length + PAIR_COLUMNS.length + ATHLETE_COLUMNS.length;
/** Postgres's timestamp epoch (2000-01-01 UTC) in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;
/** Bytes of the COPY buffer handed over at a time (the stream's buffer absorbs one while Postgres reads). */
const COPY_CHUNK_BYTES = 256 * 1024;

type CopyField = { type: ScoreColumn<unknown>['pg']; of: ScoreColumn<unknown>['of'] };
const fieldsOf = (names: readonly ScoreColumnName[]): CopyField[] => names.map((n) => ({ type: SCORE_COLUMNS[n].pg, of: SCORE_COLUMNS[n].of }));
const REQUEST_FIELDS = fieldsOf(REQUEST_COLUMNS);
const PAIR_FIELDS = fieldsOf(PAIR_COLUMNS);
const ATHLETE_FIELDS = fieldsOf(ATHLETE_COLUMNS);

/**
 * Listed pairs as binary COPY tuples (columns REBUILD_COLUMNS), gathered into chunks. A tuple is
 * the request's part (id and version), the pair's own values, then the athlete's part; both parts
 * are encoded once (per request version, per athlete version) and copied into each tuple: an
 * athlete is listed for dozens of requests, a request for thousands of athletes. Numbers are
 * written through a DataView: in a profile of the rebuild, Buffer's number writes and a BigInt
 * parsed from the request's version on every row took a fifth of the main thread's CPU.
 */
export class CopyTuples {
  private buffer: Buffer;
  private view: DataView;
  private at = 0;
  /** Each request's part, by request id (replaced when a row brings another version). */
  private readonly requestParts = new Map<string, { version: string; bytes: Buffer }>();
  /** The athlete's part, by the athlete's filter values object (one per athlete: listedRow). */
  private readonly athleteParts = new WeakMap<ListFilterValues, { athleteId: string; athleteVersion: string; bytes: Buffer }>();
  /** Where a part is encoded before it is copied out. */
  private scratch: CopyTuples | null = null;

  constructor(private readonly chunkBytes = COPY_CHUNK_BYTES) {
    this.buffer = Buffer.allocUnsafe(chunkBytes * 2);
    this.view = viewOf(this.buffer);
  }

  /** Whether a chunk's worth is gathered. */
  get full(): boolean {
    return this.at >= this.chunkBytes;
  }

  add(row: ScoreRow): void {
    let request = this.requestParts.get(row.requestId);
    if (request?.version !== row.requestVersion) {
      request = { version: row.requestVersion, bytes: this.part(REQUEST_FIELDS, row) };
      this.requestParts.set(row.requestId, request);
    }
    let athlete = this.athleteParts.get(row.filters);
    if (athlete?.athleteId !== row.athleteId || athlete.athleteVersion !== row.athleteVersion) {
      athlete = { athleteId: row.athleteId, athleteVersion: row.athleteVersion, bytes: this.part(ATHLETE_FIELDS, row) };
      this.athleteParts.set(row.filters, athlete);
    }
    this.room(2 + request.bytes.length);
    this.view.setInt16(this.at, COPY_FIELD_COUNT);
    this.at += 2;
    this.at += request.bytes.copy(this.buffer, this.at);
    for (const field of PAIR_FIELDS) this.field(field.type, field.of(row));
    this.room(athlete.bytes.length);
    this.at += athlete.bytes.copy(this.buffer, this.at);
  }

  /** The bytes gathered so far (this object then gathers into a new buffer), or null when none are. */
  take(): Buffer | null {
    if (this.at === 0) return null;
    const taken = this.buffer.subarray(0, this.at);
    this.buffer = Buffer.allocUnsafe(this.chunkBytes * 2);
    this.view = viewOf(this.buffer);
    this.at = 0;
    return taken;
  }

  /** Some of a row's fields, encoded on their own (a request's or an athlete's part). */
  private part(fields: readonly CopyField[], row: ScoreRow): Buffer {
    const part = (this.scratch ??= new CopyTuples(512));
    part.at = 0;
    for (const field of fields) part.field(field.type, field.of(row));
    return Buffer.from(part.buffer.subarray(0, part.at));
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(larger, 0, 0, this.at);
    this.buffer = larger;
    this.view = viewOf(larger);
  }

  /** A field's length (a 4-byte integer, -1 for null) and its bytes. */
  private field(type: CopyField['type'], value: ReturnType<CopyField['of']>): void {
    if (value === null) {
      this.room(4);
      this.view.setInt32(this.at, -1);
      this.at += 4;
      return;
    }
    switch (type) {
      case 'float8':
        this.room(12);
        this.view.setInt32(this.at, 8);
        this.view.setFloat64(this.at + 4, value as number);
        this.at += 12;
        return;
      case 'boolean':
        this.room(5);
        this.view.setInt32(this.at, 1);
        this.buffer[this.at + 4] = value ? 1 : 0;
        this.at += 5;
        return;
      case 'bigint':
        this.room(12);
        this.view.setInt32(this.at, 8);
        this.view.setBigInt64(this.at + 4, BigInt(value as string));
        this.at += 12;
        return;
      case 'timestamptz':
        this.room(12);
        this.view.setInt32(this.at, 8);
        this.view.setBigInt64(this.at + 4, BigInt((value as Date).getTime() - PG_EPOCH_MS) * 1000n);
        this.at += 12;
        return;
      case 'uuid': {
        const hex = (value as string).replaceAll('-', '');
        if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not a uuid: ${String(value)}`);
        this.room(20);
        this.view.setInt32(this.at, 16);
        this.at += 4;
        this.at += this.buffer.write(hex, this.at, 'hex');
        return;
      }
      case 'text': {
        // At most 3 bytes per UTF-16 unit; the length is written once the text is.
        const text = value as string;
        this.room(4 + text.length * 3);
        const length = this.buffer.write(text, this.at + 4, 'utf8');
        this.view.setInt32(this.at, length);
        this.at += 4 + length;
        return;
      }
    }
  }
}

const viewOf = (buffer: Buffer) => new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/** `unnest($1::uuid[], …) as alias(names)`: the rows' values of some columns as a table, one array parameter per column. */
function unnestRows(rows: readonly ScoreRow[], names: readonly ScoreColumnName[], alias: string): RawBuilder<unknown> {
  const arrays = names.map((n) => {
    const { pg, of } = SCORE_COLUMNS[n];
    return sql`${rows.map(of)}::${sql.raw(pg)}[]`;
  });
  return sql`unnest(${sql.join(arrays)}) as ${sql.id(alias)}(${sql.join(names.map((n) => sql.id(n)))})`;
}

/** Batched INSERT of computed pairs into a table shaped like match_scores (the rebuild's load on the embedded database). */
export async function insertScoreRows(db: Kysely<Database>, table: string, rows: readonly ScoreRow[]): Promise<void> {
  await sql`insert into ${sql.table(table)} (${sql.raw(NAMES.join(', '))}) select * from ${unnestRows(rows, NAMES, 'u')}`.execute(db);
}

/** A match_scores row as read. */
export type StoredScore = Selectable<Database['match_scores']>;

/** A stored row (or the listed columns of one) as the domain's pair score: the read side's one mapping. */
export function pairScoreOf(row: Pick<StoredScore, (typeof LISTED_COLUMNS)[number]>): PairScore {
  return {
    score: row.score,
    listed: true,
    subScores: {
      position: row.sub_position,
      academics: row.sub_academics,
      lyfs: row.sub_lyfs,
      region: row.sub_region,
      budget: row.sub_budget,
      extras: row.sub_extras,
    },
    positionMatch: row.position_match,
    positionExact: row.position_exact === true,
    highlight: { exceedsMinGpa: row.highlight_min_gpa, requestedLevel: row.highlight_level === true, extras: row.highlight_extras },
  };
}

/** A stored row as the computation it records. */
function storedScoreRow(r: Omit<StoredScore, 'computed_at'>): ScoreRow {
  return {
    requestId: r.request_id,
    athleteId: r.athlete_id,
    requestVersion: r.request_version,
    athleteVersion: r.athlete_version,
    athleteUpdatedAt: r.athlete_updated_at,
    filters: {
      position: r.athlete_position,
      nationality: r.athlete_nationality,
      league: r.athlete_league,
      gpa: r.athlete_gpa,
      hasVideo: r.athlete_has_video,
    },
    result: pairScoreOf(r),
  };
}

/** The values of the columns a computation determines (versions aside). */
const CONTENT_VALUES = CONTENT_COLUMNS.map((n) => SCORE_COLUMNS[n].of);

/**
 * Whether two rows hold the same computation, their versions aside (the jobs skip rows that
 * would not change). Value by value: building a comparable text of each row (stored and
 * computed) was a tenth of an athlete job's CPU.
 */
export function sameContent(a: ScoreRow, b: ScoreRow): boolean {
  for (const valueOf of CONTENT_VALUES) {
    const x = valueOf(a) ?? null;
    const y = valueOf(b) ?? null;
    if (x !== y && !(x instanceof Date && y instanceof Date && x.getTime() === y.getTime())) return false;
  }
  return true;
}

/** A stored row as the jobs compare it with a computation. */
export interface StoredRow {
  /** The computation the row records. */
  row: ScoreRow;
  athleteVersion: string;
  requestVersion: string;
}

/** What is stored for some pairs: `request:athlete` -> row. */
export type StoredRows = Map<string, StoredRow>;

/** The stored rows of some athletes, optionally of one request only. */
export async function loadStoredRows(db: Kysely<Database>, athleteIds: readonly string[], requestId?: string): Promise<StoredRows> {
  const stored: StoredRows = new Map();
  if (athleteIds.length === 0) return stored;
  // One array parameter: an `in` list of a request job's page (thousands of ids) took Postgres
  // 20–25 ms just to parse and bind, and Kysely as long to compile.
  const ofAthletes = sql<boolean>`athlete_id = any(${[...athleteIds]}::uuid[])`;
  // All rows of the given athletes (the athlete job's read, once per job) is a prepared statement:
  // parsed and planned per call it cost Postgres half as much again as the scan itself. A request
  // job's page (thousands of athletes, one request) keeps a plan made for its values.
  const columns = sql.join(NAMES.map((n) => sql.ref(n)));
  const query = requestId
    ? sql<Omit<StoredScore, 'computed_at'>>`select ${columns} from match_scores where ${ofAthletes} and request_id = ${requestId}`
    : sql<Omit<StoredScore, 'computed_at'>>`${prepared} select ${columns} from match_scores where ${ofAthletes}`;
  const { rows } = await query.execute(db);
  for (const r of rows) {
    stored.set(`${r.request_id}:${r.athlete_id}`, {
      row: storedScoreRow(r),
      athleteVersion: r.athlete_version,
      requestVersion: r.request_version,
    });
  }
  return stored;
}

/** Whether a request has any stored row (a new request has nothing to compare with). */
export async function requestHasRows(db: Kysely<Database>, requestId: string): Promise<boolean> {
  return (await db.selectFrom('match_scores').select('athlete_id').where('request_id', '=', requestId).limit(1).executeTakeFirst()) !== undefined;
}
/**
 * The rows that differ from what is stored, versions included (the request job). Skipping the
 * others is safe: a stored row equal to this computation can only be replaced later by an equal
 * or newer one.
 */
export function changedRows(rows: readonly ScoreRow[], stored: StoredRows): ScoreRow[] {
  return rows.filter((r) => {
    const s = stored.get(`${r.requestId}:${r.athleteId}`);
    return !s || s.athleteVersion !== r.athleteVersion || s.requestVersion !== r.requestVersion || !sameContent(s.row, r);
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
    if (s && s.requestVersion === r.requestVersion && BigInt(s.athleteVersion) <= BigInt(r.athleteVersion) && sameContent(s.row, r))
      confirmed.push(r.requestId);
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
 * this commits, so its own job reads the result. The lock is FOR NO KEY UPDATE, the one a save's
 * update of the row takes: two deliveries of one job finishing at once take turns too (when the
 * mark was written to the athlete row, FOR SHARE deadlocked them: each held a share lock the
 * other's update waited on). The mark is written to athlete_index_state, after the lock.
 * Returns the rows removed.
 */
export async function finishAthleteJob(
  db: Kysely<Database>,
  athleteId: string,
  version: string,
  confirmedRequestIds: readonly string[],
  inclusive = false,
): Promise<number> {
  // Prepared (outside any transaction): planned per call, this statement cost Postgres more than running it.
  const { rows } = await sql<{ removed: string }>`${prepared}
    with current_athlete as (select id from athletes where id = ${athleteId} and version = ${version} for no key update),
    removed as (
      delete from match_scores ms using current_athlete ca
      where ms.athlete_id = ca.id and ms.athlete_version ${inclusive ? sql`<=` : sql`<`} ${version}
        and not (ms.request_id = any(${confirmedRequestIds}::uuid[]))
      returning 1),
    -- After the removal (its count is read first): the athlete row's lock is taken before the
    -- bookkeeping row's, the order of a save (its trigger writes the bookkeeping row).
    marked as (update athlete_index_state set indexed_version = ${version}
      where athlete_id = ${athleteId} and indexed_version < ${version} and (select count(*) from removed) >= 0 returning 1)
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
  const sorted = [...rows].sort((x, y) =>
    x.requestId < y.requestId ? -1 : x.requestId > y.requestId ? 1 : x.athleteId < y.athleteId ? -1 : x.athleteId > y.athleteId ? 1 : 0,
  );
  let written = 0;
  // The athlete's updated_at is the current row's (the version join makes it the one scored).
  const written_ = VALUE_COLUMNS.map((n) => (n === 'athlete_updated_at' ? sql`a.updated_at` : sql.ref(`u.${n}`)));
  const unnested = NAMES.filter((n) => n !== 'athlete_updated_at');
  const ref = (table: string, names: readonly ScoreColumnName[]) => sql.join(names.map((n) => sql.ref(`${table}.${n}`)));
  for (let i = 0; i < sorted.length; i += WRITE_BATCH) {
    const batch = sorted.slice(i, i + WRITE_BATCH);
    const result = await sql`
      insert into match_scores as ms (${sql.join(NAMES.map((n) => sql.id(n)))}, computed_at)
      select u.request_id, u.athlete_id, ${sql.join(written_)}, now()
      from ${unnestRows(batch, unnested, 'u')}
      join athletes a on a.id = u.athlete_id and a.version = u.athlete_version and a.profile_completed
      join coach_requests r on r.id = u.request_id and r.version = u.request_version and r.deleted_at is null
      order by u.request_id, u.athlete_id
      for share of a, r
      on conflict (request_id, athlete_id) do update set
        ${sql.join(VALUE_COLUMNS.map((n) => sql`${sql.id(n)} = ${sql.ref(`excluded.${n}`)}`))}, computed_at = excluded.computed_at
      where ms.athlete_version <= excluded.athlete_version and ms.request_version <= excluded.request_version
        and (${ref('ms', VALUE_COLUMNS)}) is distinct from (${ref('excluded', VALUE_COLUMNS)})
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

/**
 * Marks athletes indexed up to the versions given (never backwards); returns how many it marked.
 * Their bookkeeping rows are locked in id order first: concurrent batches cannot deadlock.
 */
export async function markAthletesIndexed(db: Kysely<Database>, ids: readonly string[], versions: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await sql`
    with u as (select * from unnest(${ids}::uuid[], ${versions}::bigint[]) as u(id, version)),
    locked as (select s.athlete_id from athlete_index_state s join u on u.id = s.athlete_id where s.indexed_version < u.version order by s.athlete_id for no key update of s)
    update athlete_index_state s set indexed_version = u.version
    from u where s.athlete_id = u.id and s.indexed_version < u.version and s.athlete_id in (select athlete_id from locked)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Marks a request indexed up to `version` (never backwards) and stamps when its list was computed. */
export async function markRequestIndexed(db: Kysely<Database>, requestId: string, version: string): Promise<void> {
  await sql`update coach_requests set indexed_version = greatest(indexed_version, ${version}::bigint), indexed_at = now() where id = ${requestId}`.execute(db);
}

/**
 * Recomputes the best score of every athlete whose index rows changed since the last call (marked
 * by match_scores' triggers), or of every athlete (`every`: after the rebuild, whose new table was
 * loaded without triggers). One call at a time across processes; see migration
 * 2026-11-27T08-00_athlete-best-scores for why a maximum is kept this way. Returns how many
 * athletes were recomputed.
 */
export async function refreshBestScores(db: Kysely<Database>, every = false): Promise<number> {
  const { rows } = await sql<{ n: number }>`select refresh_athlete_best_scores(${every}) as n`.execute(db);
  return rows[0].n;
}

/** Whether `version` is already covered by what was indexed (versions are bigint text). */
export function alreadyIndexed(indexedVersion: string, version: string | number | undefined): boolean {
  if (version === undefined) return false;
  return BigInt(indexedVersion) >= BigInt(version);
}

// ---------------------------------------------------------------------------------------------
// The read side: a request's ranked list (GET /api/coach/requests/{id}/matches and its tools).
// The session's statement (`liveSession`, the API's liveSessionSql) is the caller's: every list
// read resolves the session itself and reaches the request only through its owner.

/** The most declined athletes the Hidden list returns (readHidden). */
const HIDDEN_MAX = 500;

const POSITION_TIER_SQL = sql`(case when ms.position_match = 'primary' and ms.position_exact then 0 when ms.position_match = 'primary' then 1 when ms.position_match = 'secondary' then 2 else 3 end)`;

/** A coach's live request's indexing state (the list's status when its read returned no row), or undefined. */
export async function requestIndexState(db: Kysely<Database>, requestId: string, coachId: string): Promise<RequestState | undefined> {
  return db
    .selectFrom('coach_requests')
    .select(['version as request_version', 'indexed_version as request_indexed_version', 'indexed_at as request_indexed_at'])
    .where('id', '=', requestId)
    .where('coach_id', '=', coachId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A view's order (decisions S12, S13), served by match_scores_rank_idx or match_scores_position_idx. */
const POSITION_ORDER = frozenSql(sql`${POSITION_TIER_SQL}, ms.score desc, ms.athlete_updated_at desc, ms.athlete_id`);
const SCORE_ORDER = frozenSql(sql`ms.score desc, ms.athlete_updated_at desc, ms.athlete_id`);
export const viewOrder = (view: MatchView) => (view === 'position' ? POSITION_ORDER : SCORE_ORDER);

/** The columns a list row reads from the index: the pair score's (pairScoreOf). */
const LISTED_COLUMNS = [
  'score',
  ...SUB_SCORE_KEYS.map((k) => `sub_${k}` as const),
  'position_match',
  'position_exact',
  'highlight_min_gpa',
  'highlight_level',
  'highlight_extras',
] as const;

/**
 * The filters as conditions on a list row (the index row `ms`, whose athlete filter values the
 * view indexes include, and the coach's match `m`, left joined), each value a parameter. Empty (no
 * text at all) without filters, so the unfiltered statement is unchanged.
 */
export function filterSql(filters: MatchFilters) {
  const conditions = [];
  if (filters.position) conditions.push(sql`ms.athlete_position = ${filters.position}`);
  if (filters.nationality) conditions.push(sql`lower(ms.athlete_nationality) = ${filters.nationality.toLowerCase()}`);
  if (filters.league) conditions.push(sql`ms.athlete_league = ${filters.league}`);
  if (filters.minGpa !== undefined) conditions.push(sql`ms.athlete_gpa >= ${filters.minGpa}`);
  if (filters.hasVideo) conditions.push(filters.hasVideo === 'yes' ? sql`ms.athlete_has_video` : sql`not ms.athlete_has_video`);
  // A match with no status is a coach-declined athlete restored to the pool, never shared (M7).
  if (filters.status === 'not-shared') conditions.push(sql`m.status is null`);
  else if (filters.status) conditions.push(sql`m.status = ${filters.status}`);
  return conditions.length === 0 ? sql`` : sql`and ${sql.join(conditions, sql` and `)}`;
}

export interface CardRow {
  athlete_id: string;
  full_name: string | null;
  email: string | null;
  primary_position: string | null;
  /** For the highlights' wording (highlightAthleteOf). */
  secondary_position: string | null;
  age: number | null;
  is_transfer: boolean;
  photo: string | null;
  nationality: string | null;
  league_label: string | null;
  league_value: unknown;
  /** The stored GPA as is: the card judges it with the domain's validGpa (cheaper than the SQL twin per row). */
  gpa_value: unknown;
  has_video: boolean;
  score: number | null;
  sub_position: number | null;
  sub_academics: number | null;
  sub_lyfs: number | null;
  sub_region: number | null;
  sub_budget: number | null;
  sub_extras: number | null;
  position_match: 'primary' | 'secondary' | null;
  position_exact: boolean | null;
  highlight_min_gpa: number | null;
  highlight_level: boolean | null;
  highlight_extras: string | null;
  match_id: string | null;
  match_status: MatchStatus | null;
  match_status_by: MatchStatusSetter | null;
  match_auto_resolved: boolean | null;
  match_updated_at: Date | null;
}

export const cardColumns = frozenSql(sql`
  a.id as athlete_id, a.full_name, a.email, a.age, a.is_transfer, a.primary_position, a.secondary_position,
  ${athleteText('profilePhotoUrl')} as photo,
  ${athleteText('nationality')} as nationality,
  ${athleteText('leagueLevelLabel')} as league_label,
  ${athleteJson('leagueLevel')} as league_value,
  ${athleteJson('gpa')} as gpa_value,
  ${athleteHasVideo()} as has_video,
  ${sql.join(LISTED_COLUMNS.map((n) => sql.ref(`ms.${n}`)))},
  m.id as match_id, m.status as match_status, m.status_by as match_status_by, m.auto_resolved as match_auto_resolved, m.updated_at as match_updated_at`);

/** A list row's pair score (pairScoreOf), or null for a hidden athlete no longer listed (no index row). */
export function listedScoreOf(row: CardRow): PairScore | null {
  if (row.score === null) return null;
  return pairScoreOf(row as CardRow & Pick<StoredScore, (typeof LISTED_COLUMNS)[number]>);
}

/** The request's indexing state, carried by a list read's first row (saves a round trip). */
export interface RequestState {
  request_version: string;
  request_indexed_version: string;
  request_indexed_at: Date | null;
}

/** A page row's sort key columns (PAGE_KEY_COLUMNS; null on hidden rows and on top15's, which no cursor follows). */
export interface PageKeyColumns {
  key_tier: number | null;
  /** athlete_updated_at in microseconds since the epoch (bigint text). */
  key_updated_us: string | null;
}

/** A row of a list read: an athlete's card and scores, and its sort key. */
export type PageRow = CardRow & PageKeyColumns;

/**
 * Where a keyset page starts: the sort key of the row before it, in the view's order (SCORE_ORDER,
 * POSITION_ORDER). athlete_updated_at travels as whole microseconds since the epoch: a JS Date
 * keeps milliseconds only, and two athletes of one score whose updates fall in the same
 * millisecond would otherwise repeat or vanish across pages.
 */
export interface PageKey {
  /** The row's position tier (POSITION_TIER_SQL): the 'position' view's keys only. */
  tier?: number;
  score: number;
  /** athlete_updated_at, microseconds since the epoch (a safe integer for any date within ±285 years of 1970). */
  updatedUs: number;
  athleteId: string;
}

/** A page row's sort key in `view`'s order (the key a next page starts after). */
export function pageKeyOf(row: PageRow, view: MatchView): PageKey {
  return {
    ...(view === 'position' ? { tier: row.key_tier! } : {}),
    score: row.score!,
    updatedUs: Number(row.key_updated_us),
    athleteId: row.athlete_id,
  };
}

// Every query below reads as the session's coach: it resolves the session itself (liveSessionSql,
// as the coach role only) and reaches the request only through that owner (coach_id), and only
// while it is not deleted. Without a live coach session, or for another coach's request, it reads
// as empty, and the route falls back to the usual guard (401, 403) and then answers 404.

/** The session (`su`, from `with su as (liveSessionSql)`) and, if it is a coach's, their live request `r`. */
const sessionsOwnRequest = (requestId: string) =>
  sql`su join coach_requests r on r.id = ${requestId} and r.coach_id = su.session_user_id and su.session_role = 'coach' and r.deleted_at is null`;

/**
 * While the request's latest version is being indexed (after a create or an edit) its rows mix the
 * old version's and the new one's: the list then shows none ('computing') rather than a mix.
 */
const requestIndexed = frozenSql(sql`r.indexed_version >= r.version`);
const HIDDEN_ORDER = frozenSql(sql`ms.score desc nulls last, coalesce(ms.athlete_updated_at, a.updated_at) desc, a.id`);
/**
 * How many athletes the coach declined for the request: the Hidden list's length (readHidden reads
 * at most HIDDEN_MAX). By the request's id, not `r.id`: Postgres then counts once per statement
 * (an init plan), not once per row the state is joined to.
 */
const hiddenCountSql = (requestId: string) =>
  sql`(select least(count(*), ${sql.lit(HIDDEN_MAX)}) from matches hm join athletes ha on ha.id = hm.athlete_id and ha.profile_completed where hm.request_id = ${requestId} and hm.status = 'declined')`;
const CARRIED_COLUMNS = frozenSql(sql`r.version as request_version, r.indexed_version as request_indexed_version, r.indexed_at as request_indexed_at, su.*`);

/**
 * The request's list generation (`r`'s, as text): it differs as soon as anything a page, a count
 * or the facets show could differ — the request's version and indexed version, its index rows (the
 * generations that match_scores' triggers move on every insert, delete and update, migration
 * 2026-12-05T13-00; an athlete's save rewrites all their rows, their update time being part of
 * the rank) and its matches (each one's card fields and id, hashed: a share, an answer, a decline, a
 * deletion). The API keeps pages and facets under it (api/src/lib/list-cache.ts).
 */
const listGenerationSql = (requestId: string) =>
  // By the request's id, not `r.id`: each part is then read once per statement (an init plan), not
  // once per row the state is joined to (as hiddenCountSql).
  sql<string>`concat_ws(':', r.version, r.indexed_version,
    (select c.generation from match_request_counts c where c.request_id = ${requestId}),
    (select u.generation from match_list_updates u where u.request_id = ${requestId}),
    (select count(*) || '/' || coalesce(sum(hashtextextended(concat_ws('|', m.id, m.athlete_id, m.status, m.status_by, m.auto_resolved, m.updated_at), 0)), 0)
       from matches m where m.request_id = ${requestId}))`;

/**
 * A list read's state row: the request's state, the session's columns, the list's generation,
 * how many athletes the coach declined and, when `counting` (unfiltered lists only), the list's
 * count. As the session's coach only: no row otherwise.
 */
function listStateSql(requestId: string, counting: boolean) {
  const total = counting ? sql`, case when ${requestIndexed} then (${visibleCountSql(requestId)}) else 0 end as list_total` : sql``;
  return sql`select ${CARRIED_COLUMNS}, ${listGenerationSql(requestId)} as list_generation, ${hiddenCountSql(requestId)} as hidden_count ${total}
    from ${sessionsOwnRequest(requestId)}`;
}

/** A list read's state (listStateSql) as the route uses it. */
export interface ListState<Session> {
  state: (RequestState & Session) | null;
  generation: string | null;
  hiddenCount: number;
  total: number | null;
}

function listStateOf<Session>(
  first: (RequestState & { list_generation?: string; hidden_count?: string; list_total?: string }) | undefined,
  counting: boolean,
): ListState<Session> {
  return {
    // The state's columns are set on the first row only (null on the others).
    state: first ? (first as unknown as RequestState & Session) : null,
    generation: first?.list_generation ?? null,
    hiddenCount: Number(first?.hidden_count ?? 0),
    total: counting && first ? Number(first.list_total ?? 0) : null,
  };
}

/**
 * A list read's state alone (what readPage's first row carries), to tell whether a page the API
 * kept still holds: a few key lookups and the request's matches, none of its listed rows.
 */
export async function readListState<Session>(
  db: Kysely<Database>,
  requestId: string,
  liveSession: RawBuilder<unknown>,
  counting: boolean,
): Promise<ListState<Session>> {
  const { rows } = await sql<RequestState & { list_generation: string; hidden_count: string; list_total?: string }>`${prepared}
    with su as (${liveSession})
    ${listStateSql(requestId, counting)}`.execute(db);
  return listStateOf<Session>(rows[0], counting);
}

/** The list generation (listGenerationSql) of a live request of `coachId`, or undefined (none, another coach's, deleted). */
export async function requestListGeneration(db: Kysely<Database>, requestId: string, coachId: string): Promise<string | undefined> {
  const { rows } = await sql<{ list_generation: string }>`${prepared}
    select ${listGenerationSql(requestId)} as list_generation from coach_requests r
    where r.id = ${requestId} and r.coach_id = ${coachId} and r.deleted_at is null`.execute(db);
  return rows[0]?.list_generation;
}

/** A page row's sort key, exactly (PageKey); hidden rows have none. */
const PAGE_KEY_COLUMNS = frozenSql(sql`${POSITION_TIER_SQL} as key_tier, (extract(epoch from ms.athlete_updated_at) * 1000000)::bigint as key_updated_us`);
const NO_PAGE_KEY = frozenSql(sql`null::int as key_tier, null::bigint as key_updated_us`);

/**
 * Rows after `key` within its (score, athlete_updated_at desc, athlete_id) order, as the index
 * range-scans it: score and athlete_updated_at are both descending in match_scores_rank_idx and
 * match_scores_position_idx, so the row comparison `<=` on the pair is an index condition that
 * starts the scan at the key; the id (ascending) only breaks the pair's ties (rows with the
 * key's very score and microsecond). The expanded OR of the three columns would be the same rows,
 * but Postgres can only bound the scan by its request id and filter every row before the key.
 */
function afterRankKey(key: PageKey) {
  const pair = sql`(${key.score}::float8, timestamptz 'epoch' + ${key.updatedUs}::bigint * interval '1 microsecond')`;
  return sql`and (ms.score, ms.athlete_updated_at) <= ${pair} and ((ms.score, ms.athlete_updated_at) < ${pair} or ms.athlete_id > ${key.athleteId}::uuid)`;
}

/**
 * One read for a page of the view: visible listed athletes in the view's order. The first row also
 * carries the request's state, the session's columns, how many athletes the coach declined
 * (`hidden_count`; the Hidden list itself is readHidden's, fetched when the coach opens it) and,
 * when `counting` (unfiltered lists only), the list's count; with no page row, a row of its own (`part` null) carries
 * them. Without a live session of the request's coach there is no row at all (`state` null). A
 * single prepared statement: on the hot path each extra round trip to Postgres cost more API time
 * than the query itself; and carrying the state on every row cost both sides a fifth of each
 * row's columns (the request's `indexed_at` parsed as a date per row).
 *
 * The page starts at an `offset`, or after a row's `PageKey` (keyset paging: the index is entered
 * at the key, so a deep page costs what the first does). The 'position' view's tier ascends while
 * its scores descend, which no single row comparison bounds: its keyset page is the key's tier
 * after the key (`head`), then the following tiers for the rows still missing.
 */
export async function readPage<Session>(
  db: Kysely<Database>,
  requestId: string,
  liveSession: RawBuilder<unknown>,
  view: MatchView,
  limit: number,
  start: number | PageKey,
  filters: MatchFilters = {},
  counting = false,
): Promise<ListState<Session> & { page: PageRow[] }> {
  const order = viewOrder(view);
  // When `counting`, the state also carries the unfiltered list's count (countVisible's): the read then needs no second statement.
  if (counting && hasMatchFilters(filters)) throw new Error('readPage: only the unfiltered list is counted (a filtered one by facetCounts)');
  const key = typeof start === 'number' ? null : start;
  const tier = key && view === 'position' ? key.tier : undefined;
  if (key && view === 'top15') throw new Error('readPage: top15 is one page, read from its start');
  if (key && view === 'position' && tier === undefined) throw new Error("readPage: a 'position' page key needs its tier");
  // Filtered, the page's athletes are picked first from the view's index entries alone (the filter
  // values are included in it: an index-only scan), so a narrow filter on a long list walks index
  // entries, not every listed row and its athlete; then only the picked rows are read in full.
  const filtered = hasMatchFilters(filters);
  // top15 is one page: no row's key is ever a cursor.
  const pageKeyColumns = view === 'top15' ? NO_PAGE_KEY : PAGE_KEY_COLUMNS;
  /** The view's visible listed rows, `condition` and the filters applied, in the view's order. */
  const pageRows = (ord: RawBuilder<unknown>, condition: RawBuilder<unknown>, paging: RawBuilder<unknown>) => {
    const visible = sql`m.status is distinct from 'declined' ${condition} ${filterSql(filters)}`;
    const listed = filtered
      ? sql`join (select ms.athlete_id from match_scores ms
               left join matches m on m.request_id = ms.request_id and m.athlete_id = ms.athlete_id
               where ms.request_id = ${requestId} and ${visible} order by ${order} ${paging}) picked on true
             join match_scores ms on ms.request_id = r.id and ms.athlete_id = picked.athlete_id`
      : sql`join match_scores ms on ms.request_id = r.id`;
    return sql`
      select 'page' as part, ${ord} as ord, ${cardColumns}, ${pageKeyColumns}
       from ${sessionsOwnRequest(requestId)}
       ${listed}
       join athletes a on a.id = ms.athlete_id and a.profile_completed
       left join matches m on m.request_id = ms.request_id and m.athlete_id = ms.athlete_id
       where ${requestIndexed} ${filtered ? sql`` : sql`and ${visible}`}
       order by ${order}
       ${filtered ? sql`` : paging}`;
  };
  const rowNumber = sql`row_number() over (order by ${order})`;
  // top15's fixed page (always from the start) is written into the text: with nothing left to vary but the ids, Postgres
  // settles on one generic plan for the prepared statement and stops planning it per call.
  const paging = view === 'top15' ? sql`limit ${sql.lit(limit)}` : key ? sql`limit ${limit}` : sql`limit ${limit} offset ${start}`;
  const after = key ? afterRankKey(key) : sql``;
  const head = pageRows(rowNumber, tier === undefined ? after : sql`and ${POSITION_TIER_SQL} = ${tier}::int ${after}`, paging);
  // The 'position' view's following tiers, read only as far as the key's tier left the page short.
  const tail =
    tier === undefined
      ? sql``
      : sql`union all
      (${pageRows(sql`${limit}::int + ${rowNumber}`, sql`and ${POSITION_TIER_SQL} > ${tier}::int`, sql`limit ${limit}::int - (select count(*) from head)`)})`;
  type Row = PageRow & RequestState & { part: 'page' | null; list_generation?: string; hidden_count?: string; list_total?: string };
  const { rows } = await sql<Row>`${prepared}
    with su as (${liveSession}),
    state as (${listStateSql(requestId, counting)}),
    head as (${head})
    select page.*, first_row.* from state
    left join (
      select parts.*, row_number() over (order by parts.ord) as n from (
        (select * from head)
        ${tail}
      ) as parts
    ) as page on true
    left join lateral (select state.* where coalesce(page.n, 1) = 1) as first_row on true
    order by page.n`.execute(db);
  return { page: rows.filter((row) => row.part === 'page'), ...listStateOf<Session>(rows[0], counting) };
}

/**
 * The request's Hidden list: its declined athletes (completed profiles) by rank, those no longer
 * listed last, at most HIDDEN_MAX; as readPage, only through a live session of the request's coach
 * (`state` null otherwise). Read when the coach opens the list, not with every page.
 */
export async function readHidden<Session>(
  db: Kysely<Database>,
  requestId: string,
  liveSession: RawBuilder<unknown>,
): Promise<{ hidden: CardRow[]; state: Session | null }> {
  type Row = CardRow & { part: 'hidden' | null };
  const { rows } = await sql<Row>`${prepared}
    with su as (${liveSession}),
    state as (select su.* from ${sessionsOwnRequest(requestId)})
    select hidden.*, first_row.* from state
    left join (
      select 'hidden' as part, row_number() over (order by ${HIDDEN_ORDER}) as n, ${cardColumns}
      from matches m
      join athletes a on a.id = m.athlete_id and a.profile_completed
      left join match_scores ms on ms.request_id = m.request_id and ms.athlete_id = m.athlete_id
      where m.request_id = ${requestId} and m.status = 'declined'
      order by ${HIDDEN_ORDER}
      limit ${sql.lit(HIDDEN_MAX)}
    ) as hidden on true
    left join lateral (select state.* where coalesce(hidden.n, 1) = 1) as first_row on true
    order by hidden.n`.execute(db);
  const first = rows[0];
  return { hidden: rows.filter((row) => row.part === 'hidden'), state: first ? (first as unknown as Session) : null };
}

/** A coach's request where an athlete stands: listed for it (`ms`), or with a match (`m`). */
export type StandingRow = CardRow & { request_id: string; request_positions: unknown; request_team_categories: unknown };

/**
 * Where a completed athlete stands in each of a coach's live requests that lists them or has a
 * match with them (a declined one included: the Hidden list's players), newest request first: the
 * list row's columns (cardColumns). Undefined for an athlete who does not exist or is not
 * completed. A few rows: the athlete's index entries and matches for the coach's requests.
 */
export async function readStandings(db: Kysely<Database>, coachId: string, athleteId: string): Promise<StandingRow[] | undefined> {
  const [athlete, { rows }] = await Promise.all([
    db.selectFrom('athletes').select('id').where('id', '=', athleteId).where('profile_completed', '=', true).executeTakeFirst(),
    sql<StandingRow>`
      select r.id as request_id, r.data->'positions' as request_positions, r.data->'teamCategories' as request_team_categories, ${cardColumns}
      from coach_requests r
      join athletes a on a.id = ${athleteId} and a.profile_completed
      left join match_scores ms on ms.request_id = r.id and ms.athlete_id = a.id
      left join matches m on m.request_id = r.id and m.athlete_id = a.id
      where r.coach_id = ${coachId} and r.deleted_at is null and (ms.request_id is not null or m.status is not null)
      order by r.created_at desc, r.id`.execute(db),
  ]);
  return athlete ? rows : undefined;
}

/**
 * How many visible listed athletes the unfiltered list shows, as a query of `requestId` alone (its
 * caller checks the session's ownership and that the request is indexed): the request's stored
 * count of listed rows (match_request_counts, kept by match_scores' triggers: exact, constant
 * time) less the declined ones (few), instead of counting every listed row per read. A filtered
 * list is not counted here: its exact count is the facets' `total` (facetCounts), which the list
 * screen fetches beside every filtered list (counting it on each page too cost a third of the
 * filtered page's Postgres time).
 */
function visibleCountSql(requestId: string): RawBuilder<string> {
  return sql<string>`select coalesce((select c.listed from match_request_counts c where c.request_id = ${requestId}), 0)
       - (select count(*) from matches m join match_scores ms on ms.request_id = m.request_id and ms.athlete_id = m.athlete_id
          where m.request_id = ${requestId} and m.status = 'declined')`;
}

/** How many visible listed athletes the unfiltered list shows (visibleCountSql), as the session's coach: none while the request is being indexed. */
export async function countVisible(db: Kysely<Database>, requestId: string, liveSession: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: string }>`${prepared}
    with su as (${liveSession})
    select case when ${requestIndexed} then (${visibleCountSql(requestId)}) else 0 end as n
    from ${sessionsOwnRequest(requestId)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A filter value's count (facet 'total' has none): GET …/matches/facets. */
export interface FacetCountRow {
  facet: 'total' | 'position' | 'nationality' | 'league' | 'hasVideo' | 'status' | 'gpa';
  value: string | null;
  label: string | null;
  n: string;
}

/**
 * Counts per filter value over a request's visible listed athletes, each facet under the other
 * filters set (what picking that value would show). From the rank index's entries alone (the
 * filter values are included in it: no athlete row is read), in one grouping pass: the listed
 * rows are first counted per combination of filter values (`listed`: a request's thousands of rows
 * fall into a few hundred or thousand combinations), and each facet then adds up combinations,
 * not rows. Grouping the rows once instead of once per facet, GPA steps as a bucket instead of a
 * join of every row with every step, and a prepared statement: the largest request's facets (23,441
 * listed) 38 -> 14 ms of Postgres time, the benchmark's coach's (2,800-6,600) 7.9 -> 4.1 ms per read
 * (2026-12-04). `gpaSteps`: the "GPA at least" values counted.
 */
export async function facetCounts(db: Kysely<Database>, requestId: string, filters: MatchFilters, gpaSteps: readonly number[]): Promise<FacetCountRow[]> {
  /** The set filters but one, as conditions on the `listed` combinations below. */
  const others = (except: keyof MatchFilters | 'none') => {
    const conditions = [sql`true`];
    if (except !== 'position' && filters.position) conditions.push(sql`position = ${filters.position}`);
    if (except !== 'nationality' && filters.nationality) conditions.push(sql`lower(nationality) = ${filters.nationality.toLowerCase()}`);
    if (except !== 'league' && filters.league) conditions.push(sql`league = ${filters.league}`);
    if (except !== 'minGpa' && filters.minGpa !== undefined) conditions.push(sql`meets_min_gpa`);
    if (except !== 'hasVideo' && filters.hasVideo) conditions.push(sql`has_video = ${filters.hasVideo === 'yes'}`);
    if (except !== 'status' && filters.status) conditions.push(sql`status = ${filters.status}`);
    return sql.join(conditions, sql` and `);
  };
  // width_bucket: how many of the (ascending) steps a GPA reaches; null for no GPA, which reaches none.
  const steps = [...gpaSteps].sort((a, b) => a - b);
  const meetsMinGpa = filters.minGpa === undefined ? sql`null::boolean` : sql`ms.athlete_gpa >= ${filters.minGpa}`;
  const { rows } = await sql<FacetCountRow>`${prepared}
    with listed as materialized (
      select ms.athlete_position as position, ms.athlete_nationality as nationality, ms.athlete_league as league,
             ms.athlete_has_video as has_video, width_bucket(ms.athlete_gpa, ${steps}::float8[]) as gpa_steps,
             ${meetsMinGpa} as meets_min_gpa, coalesce(m.status::text, 'not-shared') as status, count(*) as n
      from match_scores ms
      left join matches m on m.request_id = ms.request_id and m.athlete_id = ms.athlete_id
      where ms.request_id = ${requestId} and m.status is distinct from 'declined'
      group by 1, 2, 3, 4, 5, 6, 7)
    select 'total' as facet, null as value, null as label, coalesce(sum(n), 0) as n from listed where ${others('none')}
    union all select 'position', position, null, sum(n) from listed where position is not null and ${others('position')} group by position
    union all select 'nationality', lower(nationality), min(nationality), sum(n) from listed where nationality is not null and ${others('nationality')} group by lower(nationality)
    union all select 'league', league, null, sum(n) from listed where league is not null and ${others('league')} group by league
    union all select 'hasVideo', has_video::text, null, sum(n) from listed where ${others('hasVideo')} group by has_video
    union all select 'status', status, null, sum(n) from listed where ${others('status')} group by status
    union all select 'gpa', s.step::text, null, (select coalesce(sum(n), 0) from listed where gpa_steps >= s.i and ${others('minGpa')})
      from unnest(${steps}::float8[]) with ordinality as s(step, i)`.execute(db);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Top-15 entries (N3): who newly entered a request's top of the list after an index job.

/** The rank order (decision S12) on match_scores as `s`. */
const RANK_ORDER_S = sql`s.score desc, s.athlete_updated_at desc, s.athlete_id`;

/** The size of the list a coach is told about (the top15 view, decision S13). */
export const TOP_LIST_SIZE = 15;

/**
 * After an index job changed some requests' lists: every pair now in a request's top 15 that was
 * never there before is recorded (top15_entries) and, when `announce`, gets a 'top15'
 * notification event with its outbox row, all in one transaction (N3). A request whose first
 * list is still being computed announces nothing (its initial list is not news), and a request
 * job only records its top 15 (the coach changed the request and sees the new list), so "newly
 * entered" means an athlete's change (or another athlete leaving) brought the pair in.
 * Returns the ids of the events written.
 */
export async function recordTop15Entries(db: Kysely<Database>, requestIds: readonly string[], announce: boolean): Promise<string[]> {
  if (requestIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      with top as (
        select t.request_id, t.athlete_id
        from unnest(${[...requestIds]}::uuid[]) as f(request_id)
        join coach_requests r on r.id = f.request_id and r.deleted_at is null ${announce ? sql`and r.indexed_version > 0` : sql``}
        cross join lateral (
          select s.request_id, s.athlete_id from match_scores s
          where s.request_id = f.request_id
          order by ${RANK_ORDER_S}
          limit ${TOP_LIST_SIZE}
        ) t
      ),
      fresh as (
        insert into top15_entries (request_id, athlete_id)
        select request_id, athlete_id from top
        order by request_id, athlete_id
        on conflict do nothing
        returning request_id, athlete_id
      ),
      events as (
        insert into notification_events (kind, request_id, athlete_id)
        select 'top15', request_id, athlete_id from fresh where ${announce}
        returning id
      ),
      queued as (
        insert into outbox (kind, entity_id, version)
        select 'notification', id, 0 from events
        returning entity_id
      )
      select entity_id as id from queued`.execute(trx);
    return rows.map((r) => r.id);
  });
}
