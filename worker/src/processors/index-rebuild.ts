import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { finished } from 'node:stream/promises';
import { resolveRequest } from '@app/domain';
import type { Kysely } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import { serverPoolOf } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { requestsByPositionGroups } from './index-prefilter.ts';
import { ScoringThreads } from './index-rebuild-pool.ts';
import { scoreAthletes } from './index-rebuild-rows.ts';
import { COPY_BINARY_HEADER, COPY_BINARY_TRAILER, CopyTuples, recordTop15Entries, refreshBestScores, type ScoreRow } from '../store/match-scores.ts';
import {
  checkSwappedTable,
  copyIndexesAndConstraints,
  COPY_INTO_NEW_NEXT,
  CREATE_NEXT,
  createNextTable,
  dropNextTable,
  insertIntoNext,
  markReadAthletesIndexed,
  markRequestsIndexed,
  recordAthletesRead,
  removeGoneFromNext,
  retireOldTable,
  startRebuildTables,
  swapIn,
} from '../store/match-scores-rebuild.ts';
import { loadAthletePage, loadOpenRequests, requestScoringInput, type AthleteScoringRow, type OpenRequest } from '../store/scoring-inputs.ts';

export interface RebuildOptions {
  /** Athletes read per page (default 2000). */
  pageSize?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /**
   * Scoring threads on a Postgres server (default: defaultScoringThreads()); 0 scores in this
   * thread. The embedded database always scores here (see rebuildMatchIndex).
   */
  threads?: number;
}

/**
 * The rebuild's default scoring threads: one per core beyond the two that this thread (reading
 * athletes, writing the COPY stream) and Postgres's COPY backend keep busy. On 2 cores, none:
 * at 100,000 athletes x 1,000 requests on a 2-vCPU VM, the main thread alone scored and loaded in
 * 24.5 s (whole rebuild 51 s, 196 MB RSS); one thread took 44 s (72 s), two 36.5 s (63 s, 337 MB):
 * handing batches to threads and their COPY text back (a text COPY then) cost more than the cores they freed.
 */
export function defaultScoringThreads(cores = availableParallelism()): number {
  return Math.max(0, cores - 2);
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

/** Where the listed pairs go while the build scores: into the new table, loading while scoring goes on. */
interface RowSink {
  /** A promise when the caller must wait (the load is behind), otherwise nothing. */
  add(row: ScoreRow): Promise<void> | undefined;
  /** Binary COPY tuples scored elsewhere (a scoring thread); only the COPY sink takes them. */
  addTuples?(tuples: Uint8Array): Promise<void> | undefined;
  /** Loads what is left and resolves with the number of rows loaded. */
  finish(): Promise<number>;
  /** Stops loading after a failure elsewhere (the table is dropped next). */
  abort(): Promise<void>;
}

/**
 * On a Postgres server: one COPY for the whole build, streamed as the pairs are scored (a few
 * times faster than INSERT for millions of rows, and Postgres loads on one core while this
 * process scores on the other). The new table is created in the COPY's transaction, which lets
 * the COPY write its rows frozen (COPY_INTO_NEW_NEXT); the table exists for others at its commit.
 */
async function copySink(pool: NonNullable<ReturnType<typeof serverPoolOf>>): Promise<RowSink> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(CREATE_NEXT);
  } catch (error) {
    client.release(true);
    throw error;
  }
  const stream = client.query(copyFrom(COPY_INTO_NEW_NEXT));
  let failure: Error | null = null;
  stream.on('error', (error) => (failure ??= error));
  const tuples = new CopyTuples();
  let released = false;
  /** A connection whose COPY failed or was cut short is closed (destroyed: its transaction rolls back) rather than reused. */
  const release = (destroy: boolean) => {
    if (released) return;
    released = true;
    client.release(destroy);
  };
  // A function, so the compiler does not assume `failure` stays null across the await below.
  const throwIfFailed = () => {
    if (failure) throw failure;
  };
  const send = async (bytes: Uint8Array | null) => {
    throwIfFailed();
    // once() also rejects if the stream fails while waiting.
    if (bytes && !stream.write(bytes)) await once(stream, 'drain');
    throwIfFailed();
  };
  stream.write(COPY_BINARY_HEADER);
  return {
    add(row) {
      tuples.add(row);
      return tuples.full ? send(tuples.take()) : undefined;
    },
    // Whole tuples from a scoring thread (with threads, this thread adds none of its own).
    addTuples: (bytes) => send(bytes),
    async finish() {
      try {
        await send(tuples.take());
        await send(COPY_BINARY_TRAILER);
        stream.end();
        await finished(stream);
        await client.query('commit');
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
    const load: Promise<void> = insertIntoNext(db, rows).then(
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

  await startRebuildTables(db);

  const snapshotRows = await loadOpenRequests(db);
  const snapshot: OpenRequest[] = snapshotRows.map((row) => ({ id: row.id, version: row.version, resolved: resolveRequest(requestScoringInput(row)) }));
  const snapshotKey = snapshot.map((r) => `${r.id}@${r.version}`).join(',');
  const result: RebuildResult = {
    requests: snapshot.length,
    athletes: 0,
    pairs: 0,
    listed: 0,
    written: 0,
    replayed: 0,
    previousRows: 0,
    scoringThreads: 0,
    ms: 0,
  };

  const requestsFor = requestsByPositionGroups(snapshot);
  /** Rows of the new table per request (match_request_counts, written at the swap). */
  const counts = new Map<string, number>();
  const countFor = (requestId: string, n: number) => counts.set(requestId, (counts.get(requestId) ?? 0) + n);

  try {
    // Scoring and loading overlap: Postgres loads while this process scores.
    const pool = serverPoolOf(db);
    let sink: RowSink;
    if (pool) sink = await copySink(pool);
    else {
      await createNextTable(db);
      sink = insertSink(db);
    }
    // Scoring threads feed the COPY tuples; the embedded database (INSERT batches of row objects,
    // one process for everything) scores in this thread.
    const threadCount = pool && sink.addTuples ? (options.threads ?? defaultScoringThreads()) : 0;
    const threads = threadCount > 0 ? new ScoringThreads(snapshotRows, threadCount) : null;
    result.scoringThreads = threads?.size ?? 0;
    /** Batches being scored by the threads; at most two per thread, so pages are not read far ahead of the load. */
    const scoring = new Set<Promise<void>>();
    const toSink = (tuples: Uint8Array | null, listed: number, perRequest: Array<[string, number]>) => {
      result.listed += listed;
      for (const [id, n] of perRequest) countFor(id, n);
      return tuples ? sink.addTuples!(tuples) : undefined;
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

        await recordAthletesRead(db, page, requestsUnchanged);
        if (threads) {
          for (let i = 0; i < page.length; i += THREAD_BATCH) {
            // Back-pressure: a batch waits for a free slot, and a slot frees only once its tuples are in the COPY stream.
            while (scoring.size >= threads.size * 2) await Promise.race(scoring);
            const batch: Promise<void> = threads.score(page.slice(i, i + THREAD_BATCH)).then(async ({ tuples, listed, perRequest }) => {
              await toSink(tuples, listed, perRequest);
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
    for (const requestId of await removeGoneFromNext(
      db,
      snapshot.map((r) => r.id),
    ))
      countFor(requestId, -1);

    const swapped = await swapIn(db, snapshot, counts);
    result.replayed = swapped.replayed;
    await markRequestsIndexed(
      db,
      snapshot.filter((r) => !swapped.changedRequests.has(r.id)),
    );
  } catch (error) {
    await dropNextTable(db).catch(() => {});
    throw error;
  }

  try {
    // The replaced table is counted and dropped on a connection of its own meanwhile (`db` is a
    // pool): its drop is mostly the filesystem removing its files.
    [result.previousRows] = await Promise.all([retireOldTable(db), checkSwappedTable(db)]);
    // The rebuilt lists' top 15s are recorded, not announced (N1: only an athlete newly entering is
    // news). Unrecorded, the first athlete job to touch each request announced its whole top 15, a
    // flood of notification jobs that also held the index jobs back.
    await recordTop15Entries(
      db,
      snapshot.map((r) => r.id),
      false,
    );
    log(`[reindex] swapped in, constraints checked, statistics taken, top 15s recorded at ${((Date.now() - startedMs) / 1000).toFixed(1)} s`);
    // The new table was loaded without match_scores' triggers: every athlete's best score anew.
    await refreshBestScores(db, true);
    log(`[reindex] best scores refreshed at ${((Date.now() - startedMs) / 1000).toFixed(1)} s`);
    const marked = await markReadAthletesIndexed(db);
    log(`[reindex] ${marked} athletes marked indexed at ${((Date.now() - startedMs) / 1000).toFixed(1)} s`);
  } finally {
    // The record of athletes read (the new table is the live one by now).
    await dropNextTable(db);
  }
  result.ms = Date.now() - startedMs;
  log(
    `[reindex] done: ${result.requests} requests x ${result.athletes} athletes, ${result.listed} listed pairs, ${result.replayed} rows replayed, ${result.previousRows} rows replaced, ${result.ms} ms`,
  );
  return result;
}
