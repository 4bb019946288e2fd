import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { finished } from 'node:stream/promises';
import { resolveRequest } from '@app/domain';
import { sql, type Kysely } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import { serverPoolOf } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { requestsByPositionGroups } from './index-prefilter.ts';
import { ScoringThreads } from './index-rebuild-pool.ts';
import { copyLine, REBUILD_COLUMNS, scoreAthletes } from './index-rebuild-rows.ts';
import {
  loadAthletePage,
  loadOpenRequests,
  markAthletesIndexed,
  requestScoringInput,
  type AthleteScoringRow,
  type OpenRequest,
  type ScoreRow,
} from './index-store.ts';

export interface RebuildOptions {
  /** Athletes read per page (default 2000). */
  pageSize?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /**
   * Scoring threads on a Postgres server (default: one per core, os.availableParallelism()); 0
   * scores in this thread. The embedded database always scores here (see rebuildMatchIndex).
   */
  threads?: number;
}

export interface RebuildResult {
  requests: number;
  athletes: number;
  /** Athlete-request pairs scored. */
  pairs: number;
  /** Pairs listed (score >= 70), all written to the new index. */
  listed: number;
  written: number;
  /** Rows taken over from the previous index for athletes and requests that changed meanwhile. */
  replayed: number;
  /** Rows of the index this one replaced. */
  previousRows: number;
  /** Threads that scored (0: this thread did). */
  scoringThreads: number;
  ms: number;
}

/** Where the new index is built. A leftover of an interrupted run is dropped by the next one. */
const NEXT = 'match_scores_next';
const COLUMNS = REBUILD_COLUMNS;

/** Where the listed pairs go while the build scores: into the new table, loading while scoring goes on. */
interface RowSink {
  /** A promise when the caller must wait (the load is behind), otherwise nothing. */
  add(row: ScoreRow): Promise<void> | undefined;
  /** Whole COPY lines scored elsewhere (a scoring thread); only the COPY sink takes them. */
  addText?(text: string): Promise<void> | undefined;
  /** Loads what is left and resolves with the number of rows loaded. */
  finish(): Promise<number>;
  /** Stops loading after a failure elsewhere (the table is dropped next). */
  abort(): Promise<void>;
}

/** Characters of COPY text sent per write (the stream's buffer absorbs one while Postgres reads). */
const COPY_CHUNK = 256 * 1024;

/**
 * On a Postgres server: one COPY for the whole build, streamed as the pairs are scored (a few
 * times faster than INSERT for millions of rows, and Postgres loads on one core while this
 * process scores on the other).
 */
async function copySink(pool: NonNullable<ReturnType<typeof serverPoolOf>>): Promise<RowSink> {
  const client = await pool.connect();
  const stream = client.query(copyFrom(`copy ${NEXT} (${COLUMNS}) from stdin`));
  let failure: Error | null = null;
  stream.on('error', (error) => (failure ??= error));
  let chunk = '';
  let released = false;
  /** A connection whose COPY failed or was cut short is closed (destroyed) rather than reused. */
  const release = (destroy: boolean) => {
    if (released) return;
    released = true;
    client.release(destroy);
  };
  // A function, so the compiler does not assume `failure` stays null across the await below.
  const throwIfFailed = () => {
    if (failure) throw failure;
  };
  const send = async () => {
    throwIfFailed();
    const text = chunk;
    chunk = '';
    // once() also rejects if the stream fails while waiting.
    if (!stream.write(text)) await once(stream, 'drain');
    throwIfFailed();
  };
  return {
    add(row) {
      chunk += copyLine(row);
      return chunk.length >= COPY_CHUNK ? send() : undefined;
    },
    addText(text) {
      chunk += text;
      return chunk.length >= COPY_CHUNK ? send() : undefined;
    },
    async finish() {
      try {
        if (chunk.length > 0) await send();
        stream.end();
        await finished(stream);
        release(false);
        return stream.rowCount;
      } catch (error) {
        release(true);
        throw error;
      }
    },
    async abort() {
      stream.destroy(new Error('index rebuild stopped'));
      release(true);
    },
  };
}

/** Athletes per batch sent to a scoring thread. */
const THREAD_BATCH = 50;

/** Rows per load statement, and how many loads may run while the next rows are scored. */
const LOAD_ROWS = 5000;
const LOADS_IN_FLIGHT = 2;

/** On the embedded database (no COPY over its socket): batched INSERTs of unnested arrays. */
function insertSink(db: Kysely<Database>): RowSink {
  const loads = new Set<Promise<void>>();
  let buffer: ScoreRow[] = [];
  let written = 0;
  const flush = async () => {
    if (buffer.length === 0) return;
    const rows = buffer;
    buffer = [];
    while (loads.size >= LOADS_IN_FLIGHT) await Promise.race(loads);
    const load: Promise<void> = insertRows(db, rows).then(
      () => {
        written += rows.length;
        loads.delete(load);
      },
      (error) => {
        loads.delete(load);
        throw error;
      },
    );
    // Marked handled here; the failure still reaches whoever awaits the load (race or all below).
    load.catch(() => {});
    loads.add(load);
  };
  return {
    add(row) {
      buffer.push(row);
      return buffer.length >= LOAD_ROWS ? flush() : undefined;
    },
    async finish() {
      await flush();
      await Promise.all(loads);
      return written;
    },
    async abort() {
      await Promise.allSettled(loads);
    },
  };
}

async function insertRows(db: Kysely<Database>, rows: readonly ScoreRow[]): Promise<void> {
  const col = <T>(pick: (r: ScoreRow) => T) => rows.map(pick);
  await sql`
    insert into ${sql.table(NEXT)} (${sql.raw(COLUMNS)})
    select * from unnest(
      ${col((r) => r.requestId)}::uuid[], ${col((r) => r.athleteId)}::uuid[], ${col((r) => r.result.score)}::float8[],
      ${col((r) => r.result.subScores.position)}::float8[], ${col((r) => r.result.subScores.academics)}::float8[],
      ${col((r) => r.result.subScores.lyfs)}::float8[], ${col((r) => r.result.subScores.region)}::float8[],
      ${col((r) => r.result.subScores.budget)}::float8[], ${col((r) => r.result.subScores.extras)}::float8[],
      ${col((r) => r.result.positionMatch)}::text[], ${col((r) => r.result.positionExact)}::boolean[],
      ${col((r) => JSON.stringify(r.result.highlights))}::jsonb[], ${col((r) => r.athleteUpdatedAt)}::timestamptz[],
      ${col((r) => r.athleteVersion)}::bigint[], ${col((r) => r.requestVersion)}::bigint[])`.execute(db);
}

/**
 * Recomputes the whole index (`npm run reindex`; the seed; the benchmark) and swaps it in.
 *
 * The new index is built beside the live one, in a table without indexes, row locks or conflict
 * checks (a bulk load: millions of rows in seconds, where upserts into the indexed table would
 * take many minutes); its indexes and constraints, copied from the live table's definitions, are
 * built once at the end. Coaches keep reading the live index meanwhile, and the index jobs keep
 * writing to it. Then, in one short transaction that holds the live table still, the athletes and
 * requests that changed after the build read them take their rows from the live index (where
 * their jobs wrote, or will write: a job waiting on the lock continues on the new table), and the
 * new table takes the live one's place.
 *
 * Marking as indexed: every request is scored from one snapshot read before any athlete, and
 * after each athlete page the open requests are read again. An athlete is marked indexed only
 * when no request appeared or changed by then (so it was paired with every request that existed
 * when it was read); a request only when it stayed unchanged to the swap; an incomplete profile
 * or a deleted request the build did not read (no rows) as it stands at the swap.
 */
export async function rebuildMatchIndex(db: Kysely<Database>, options: RebuildOptions = {}): Promise<RebuildResult> {
  const log = options.log ?? (() => {});
  const pageSize = options.pageSize ?? 2000;
  const startedMs = Date.now();

  await sql`drop table if exists ${sql.table(NEXT)}`.execute(db);
  await sql`create table ${sql.table(NEXT)} (like match_scores including defaults)`.execute(db);

  const snapshotRows = await loadOpenRequests(db);
  const snapshot: OpenRequest[] = snapshotRows.map((row) => ({ id: row.id, version: row.version, resolved: resolveRequest(requestScoringInput(row)) }));
  const snapshotKey = snapshot.map((r) => `${r.id}@${r.version}`).join(',');
  const used = new Map<string, string>();
  const markable: Array<[string, string]> = [];
  const result: RebuildResult = { requests: snapshot.length, athletes: 0, pairs: 0, listed: 0, written: 0, replayed: 0, previousRows: 0, scoringThreads: 0, ms: 0 };

  const requestsFor = requestsByPositionGroups(snapshot);
  /** Rows of the new table per request (match_request_counts, written at the swap). */
  const counts = new Map<string, number>();
  const countFor = (requestId: string, n: number) => counts.set(requestId, (counts.get(requestId) ?? 0) + n);

  try {
    // Scoring and loading overlap: Postgres loads while this process scores.
    const pool = serverPoolOf(db);
    const sink = pool ? await copySink(pool) : insertSink(db);
    // Scoring threads feed the COPY text; the embedded database (INSERT batches of row objects,
    // one process for everything) scores in this thread.
    const threadCount = pool && sink.addText ? (options.threads ?? availableParallelism()) : 0;
    const threads = threadCount > 0 ? new ScoringThreads(snapshotRows, threadCount) : null;
    result.scoringThreads = threads?.size ?? 0;
    /** Batches being scored by the threads; at most two per thread, so pages are not read far ahead of the load. */
    const scoring = new Set<Promise<void>>();
    const toSink = (text: string, listed: number, perRequest: Array<[string, number]>) => {
      result.listed += listed;
      for (const [id, n] of perRequest) countFor(id, n);
      return sink.addText!(text);
    };
    try {
      let nextPage: Promise<AthleteScoringRow[]> = loadAthletePage(db, null, pageSize);
      for (;;) {
        const page = await nextPage;
        if (page.length === 0) break;
        nextPage = page.length < pageSize ? Promise.resolve([]) : loadAthletePage(db, page[page.length - 1].id, pageSize);
        nextPage.catch(() => {}); // a failure surfaces when awaited; not as an unhandled rejection meanwhile
        const current = await db.selectFrom('coach_requests').select(['id', 'version']).where('deleted_at', 'is', null).orderBy('id').execute();
        const requestsUnchanged = current.map((r) => `${r.id}@${r.version}`).join(',') === snapshotKey;

        for (const athleteRow of page) {
          used.set(athleteRow.id, athleteRow.version);
          if (requestsUnchanged) markable.push([athleteRow.id, athleteRow.version]);
        }
        if (threads) {
          for (let i = 0; i < page.length; i += THREAD_BATCH) {
            // Back-pressure: a batch waits for a free slot, and a slot frees only once its text is in the COPY stream.
            while (scoring.size >= threads.size * 2) await Promise.race(scoring);
            const batch: Promise<void> = threads.score(page.slice(i, i + THREAD_BATCH)).then(async ({ text, listed, perRequest }) => {
              await toSink(text, listed, perRequest);
              scoring.delete(batch);
            });
            batch.catch(() => {}); // surfaces through race/all below
            scoring.add(batch);
          }
        } else {
          // One athlete at a time: a page's rows (up to about 100 per athlete) are not held at once.
          for (const athleteRow of page) {
            const rows: ScoreRow[] = [];
            // Requests outside the athlete's position groups cannot list it (index-prefilter.ts).
            scoreAthletes([athleteRow], requestsFor, (row) => rows.push(row));
            result.listed += rows.length;
            for (const row of rows) {
              countFor(row.requestId, 1);
              const loading = sink.add(row);
              if (loading) await loading;
            }
          }
        }
        result.athletes += page.length;
        // Every pair is accounted for: scored, or skipped by position as unlistable.
        result.pairs += page.length * snapshot.length;
        log(`[reindex] ${result.athletes} athletes read, ${result.listed} listed pairs${threads ? ` (${threads.size} scoring threads)` : ''}`);
      }
      await Promise.all(scoring);
      result.written = await sink.finish();
      log(`[reindex] ${result.written} rows scored and loaded in ${((Date.now() - startedMs) / 1000).toFixed(1)} s`);
    } catch (error) {
      await sink.abort();
      throw error;
    } finally {
      await threads?.close();
    }

    const built = Date.now();
    await copyIndexesAndConstraints(db);
    log(`[reindex] indexes built in ${((Date.now() - built) / 1000).toFixed(1)} s`);

    // Rows of athletes or requests deleted while the build ran (deletes cascade into the new
    // table from here on, its foreign keys being in place).
    const usedIds = [...used.keys()];
    const usedVersions = [...used.values()];
    const goneAthletes = (
      await sql<{ id: string }>`select u.id from unnest(${usedIds}::uuid[]) as u(id) where not exists (select 1 from athletes a where a.id = u.id)`.execute(db)
    ).rows.map((r) => r.id);
    const goneRequests = (
      await sql<{ id: string }>`select s.id from unnest(${snapshot.map((r) => r.id)}::uuid[]) as s(id) where not exists (select 1 from coach_requests r where r.id = s.id)`.execute(db)
    ).rows.map((r) => r.id);
    const gone = await sql<{ request_id: string }>`delete from ${sql.table(NEXT)} where athlete_id = any(${goneAthletes}::uuid[]) or request_id = any(${goneRequests}::uuid[]) returning request_id`.execute(db);
    for (const row of gone.rows) countFor(row.request_id, -1);
    result.previousRows = Number((await sql<{ n: string }>`select count(*) as n from match_scores`.execute(db)).rows[0]?.n ?? 0);

    const changedRequests = await swapIn(db, usedIds, usedVersions, snapshot, counts, result);
    const unchanged = snapshot.filter((r) => !changedRequests.has(r.id));
    await sql`
      update coach_requests r set indexed_version = greatest(r.indexed_version, u.version), indexed_at = now()
      from unnest(${unchanged.map((x) => x.id)}::uuid[], ${unchanged.map((x) => x.version)}::bigint[]) as u(id, version)
      where r.id = u.id`.execute(db);
  } catch (error) {
    await sql`drop table if exists ${sql.table(NEXT)}`.execute(db).catch(() => {});
    throw error;
  }

  // Outside the swap: the constraints were added NOT VALID (instant); their check runs now
  // without blocking writes, and the planner gets statistics for the new table.
  for (const { conname } of (await sql<{ conname: string }>`select conname from pg_constraint where conrelid = 'match_scores'::regclass and not convalidated`.execute(db)).rows) {
    await sql`alter table match_scores validate constraint ${sql.id(conname)}`.execute(db);
  }
  await sql`analyze match_scores`.execute(db);
  log(`[reindex] swapped in, constraints checked, statistics taken at ${((Date.now() - startedMs) / 1000).toFixed(1)} s`);
  for (let i = 0; i < markable.length; i += 5000) {
    const chunk = markable.slice(i, i + 5000);
    await markAthletesIndexed(
      db,
      chunk.map(([id]) => id),
      chunk.map(([, version]) => version),
    );
  }
  result.ms = Date.now() - startedMs;
  log(
    `[reindex] done: ${result.requests} requests x ${result.athletes} athletes, ${result.listed} listed pairs, ${result.replayed} rows replayed, ${result.previousRows} rows replaced, ${result.ms} ms`,
  );
  return result;
}

/** How long the swap waits for the live table (reads and job writes finish first), and how often. */
const SWAP_LOCK_TIMEOUT = '5s';
const SWAP_ATTEMPTS = 5;

/**
 * The swap, in one transaction holding the live table still: the athletes and requests that
 * changed since the build read them take their rows from the live index, then the new table
 * takes the live one's name. Returns the ids of the changed requests.
 */
async function swapIn(
  db: Kysely<Database>,
  usedIds: readonly string[],
  usedVersions: readonly string[],
  snapshot: readonly OpenRequest[],
  counts: Map<string, number>,
  result: RebuildResult,
): Promise<Set<string>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        // A long query on the live table must not stall every reader queued behind the lock.
        await sql`set local lock_timeout = ${sql.lit(SWAP_LOCK_TIMEOUT)}`.execute(trx);
        await sql`lock table match_scores in access exclusive mode`.execute(trx);
        const changedAthletes = (
          await sql<{ id: string }>`
            select a.id from athletes a
            left join unnest(${usedIds}::uuid[], ${usedVersions}::bigint[]) as u(id, version) on u.id = a.id
            where (a.profile_completed and (u.id is null or u.version <> a.version)) or (not a.profile_completed and u.id is not null)`.execute(trx)
        ).rows.map((r) => r.id);
        const changedRequests = (
          await sql<{ id: string }>`
            select r.id from coach_requests r
            left join unnest(${snapshot.map((s) => s.id)}::uuid[], ${snapshot.map((s) => s.version)}::bigint[]) as s(id, version) on s.id = r.id
            where (r.deleted_at is null and (s.id is null or s.version <> r.version)) or (r.deleted_at is not null and s.id is not null)`.execute(trx)
        ).rows.map((r) => r.id);
        if (changedAthletes.length > 0 || changedRequests.length > 0) {
          // The counts move with the rows (a copy: a retried attempt starts from the build's counts).
          const swapCounts = new Map(counts);
          const move = (rows: readonly { request_id: string }[], n: number) => {
            for (const row of rows) swapCounts.set(row.request_id, (swapCounts.get(row.request_id) ?? 0) + n);
          };
          move(
            (await sql<{ request_id: string }>`delete from ${sql.table(NEXT)} where athlete_id = any(${changedAthletes}::uuid[]) or request_id = any(${changedRequests}::uuid[]) returning request_id`.execute(trx)).rows,
            -1,
          );
          const replayed = await sql<{ request_id: string }>`
            insert into ${sql.table(NEXT)} select * from match_scores
            where athlete_id = any(${changedAthletes}::uuid[]) or request_id = any(${changedRequests}::uuid[]) returning request_id`.execute(trx);
          move(replayed.rows, 1);
          result.replayed = replayed.rows.length;
          await replaceCounts(trx, swapCounts);
        } else {
          await replaceCounts(trx, counts);
        }
        // From here on the new table keeps its counts itself (the live table's triggers, copied).
        await copyTriggers(trx);
        // Incomplete profiles the build did not read have no rows in the new index: indexed as they are.
        await sql`
          update athletes a set indexed_version = a.version
          where not a.profile_completed and a.indexed_version < a.version and not (a.id = any(${usedIds}::uuid[]))`.execute(trx);
        // Likewise deleted requests outside the snapshot.
        await sql`
          update coach_requests r set indexed_version = r.version
          where r.deleted_at is not null and r.indexed_version < r.version and not (r.id = any(${snapshot.map((x) => x.id)}::uuid[]))`.execute(trx);
        await sql`drop table match_scores`.execute(trx);
        await sql`alter table ${sql.table(NEXT)} rename to match_scores`.execute(trx);
        await renameIndexesBack(trx);
        return new Set(changedRequests);
      });
    } catch (error) {
      // 55P03: lock_not_available (the timeout above); try again a few times.
      if ((error as { code?: string }).code !== '55P03' || attempt >= SWAP_ATTEMPTS) throw error;
    }
  }
}

/** match_request_counts := `counts` (the new table's rows per request). */
async function replaceCounts(db: Kysely<Database>, counts: ReadonlyMap<string, number>): Promise<void> {
  const entries = [...counts].filter(([, n]) => n !== 0);
  await sql`delete from match_request_counts`.execute(db);
  await sql`
    insert into match_request_counts (request_id, listed)
    select * from unnest(${entries.map(([id]) => id)}::uuid[], ${entries.map(([, n]) => n)}::int[])`.execute(db);
}

/** The live table's own triggers (match_request_counts' upkeep), created on the new table. */
async function copyTriggers(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ def: string }>`select pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = 'match_scores'::regclass and not tgisinternal`.execute(db);
  for (const { def } of rows) {
    await sql.raw(def.replace(/ ON (\S+) /, ` ON ${NEXT} `)).execute(db);
  }
}

/** Suffix of the new table's indexes until the swap gives them the live names. */
const SUFFIX = '__next';

/**
 * Builds on the new table every index and constraint the live table has (read from the catalog,
 * so indexes added by later migrations are kept): indexes under a temporary name, foreign keys
 * NOT VALID (no scan now; checked after the swap).
 */
async function copyIndexesAndConstraints(db: Kysely<Database>): Promise<void> {
  const constraints = (
    await sql<{ conname: string; contype: string; def: string }>`
      select conname, contype, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'match_scores'::regclass and contype in ('p', 'u', 'f')`.execute(db)
  ).rows;
  const constraintIndexes = new Set(constraints.filter((c) => c.contype !== 'f').map((c) => c.conname));
  const indexes = (await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'match_scores'`.execute(db)).rows;
  for (const c of constraints.filter((c) => c.contype !== 'f')) {
    await sql`alter table ${sql.table(NEXT)} add constraint ${sql.id(c.conname + SUFFIX)} ${sql.raw(c.def)}`.execute(db);
  }
  for (const index of indexes.filter((i) => !constraintIndexes.has(i.indexname))) {
    const def = index.indexdef.replace(/^(CREATE (?:UNIQUE )?INDEX )(\S+)( ON (?:ONLY )?)(\S+)/, (_m, head: string, name: string, on: string) => `${head}${name}${SUFFIX}${on}${NEXT}`);
    await sql.raw(def).execute(db);
  }
  for (const c of constraints.filter((c) => c.contype === 'f')) {
    await sql`alter table ${sql.table(NEXT)} add constraint ${sql.id(c.conname)} ${sql.raw(c.def)} not valid`.execute(db);
  }
}

/** After the swap: the new table's indexes (and the constraints behind them) take the live names. */
async function renameIndexesBack(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema() and tablename = 'match_scores'`.execute(db);
  for (const { indexname } of rows) {
    if (indexname.endsWith(SUFFIX)) await sql`alter index ${sql.id(indexname)} rename to ${sql.id(indexname.slice(0, -SUFFIX.length))}`.execute(db);
  }
}
