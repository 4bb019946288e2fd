import { resolveAthlete, resolveRequest, type ScoringRequest } from '@app/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { listedPair } from './index-jobs.ts';
import {
  athleteScoringInput,
  loadAthletePage,
  markAthletesIndexed,
  markRequestIndexed,
  requestScoringInput,
  writeScores,
  type AthleteScoringRow,
  type ScoreRow,
} from './index-store.ts';

export interface RebuildOptions {
  /** Athletes read per page (default 2000). */
  pageSize?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface RebuildResult {
  requests: number;
  athletes: number;
  pairs: number;
  listed: number;
  written: number;
  removed: number;
  ms: number;
}

/** Listed rows buffered before a write; bounds memory whatever the pool size. */
const FLUSH_ROWS = 5000;

/**
 * Recomputes the whole index in place (`npm run reindex`; also the benchmark): every completed
 * athlete against every open request, each athlete resolved once, page by page. Rows this run did
 * not write (pairs no longer listed, deleted requests, incomplete athletes) are removed at the
 * end; coaches keep seeing the previous lists until then. Safe to run while jobs run: it follows
 * the same version rules (index-store.ts).
 *
 * The open requests are re-read after each athlete page (only new versions are resolved again),
 * so every athlete version read was committed before the requests it is paired with; a request
 * created later is paired with it by its own job. That is what makes marking athletes (and the
 * requests that stayed unchanged throughout) as indexed correct.
 */
export async function rebuildMatchIndex(db: Kysely<Database>, options: RebuildOptions = {}): Promise<RebuildResult> {
  const pageSize = options.pageSize ?? 2000;
  const log = options.log ?? (() => {});
  const startedMs = Date.now();
  const {
    rows: [{ started }],
  } = await sql<{ started: Date }>`select now() as started`.execute(db);

  const requests = new Map<string, { version: string; resolved: ScoringRequest }>();
  let firstVersions: Map<string, string> | null = null;
  let lastVersions = new Map<string, string>();

  async function refreshRequests(): Promise<Array<{ id: string; version: string; resolved: ScoringRequest }>> {
    const current = await db.selectFrom('coach_requests').select(['id', 'version']).where('deleted_at', 'is', null).orderBy('id').execute();
    const stale = current.filter((r) => requests.get(r.id)?.version !== r.version).map((r) => r.id);
    if (stale.length > 0) {
      const rows = await db.selectFrom('coach_requests').select(['id', 'version', 'indexed_version', 'urgent', 'deleted_at', 'data']).where('id', 'in', stale).execute();
      for (const row of rows) requests.set(row.id, { version: row.version, resolved: resolveRequest(requestScoringInput(row)) });
    }
    const open: Array<{ id: string; version: string; resolved: ScoringRequest }> = [];
    lastVersions = new Map();
    for (const { id } of current) {
      const entry = requests.get(id);
      // Deleted between the two reads: left to its own job.
      if (!entry) continue;
      open.push({ id, ...entry });
      lastVersions.set(id, entry.version);
    }
    firstVersions ??= new Map(lastVersions);
    return open;
  }

  const result: RebuildResult = { requests: 0, athletes: 0, pairs: 0, listed: 0, written: 0, removed: 0, ms: 0 };
  let buffer: ScoreRow[] = [];
  let pendingWrite: Promise<number> = Promise.resolve(0);
  const flush = async () => {
    const rows = buffer;
    buffer = [];
    result.written += await pendingWrite;
    pendingWrite = writeScores(db, rows);
  };

  let after: string | null = null;
  let nextPage: Promise<AthleteScoringRow[]> = loadAthletePage(db, after, pageSize);
  for (;;) {
    const page: AthleteScoringRow[] = await nextPage;
    if (page.length === 0) break;
    const open = await refreshRequests();
    // Read the next page while this one is scored and written.
    nextPage = page.length < pageSize ? Promise.resolve([]) : loadAthletePage(db, page[page.length - 1]!.id, pageSize);

    for (const athleteRow of page) {
      const athlete = resolveAthlete(athleteScoringInput(athleteRow));
      for (const request of open) {
        const scored = listedPair(athlete, request.resolved);
        if (scored) {
          result.listed++;
          buffer.push({ requestId: request.id, athleteId: athleteRow.id, requestVersion: request.version, athleteVersion: athleteRow.version, result: scored });
        }
      }
      if (buffer.length >= FLUSH_ROWS) await flush();
    }
    result.athletes += page.length;
    result.pairs += page.length * open.length;
    await flush();
    // The page's rows are in (or deliberately skipped as superseded) before its athletes are marked.
    result.written += await pendingWrite;
    pendingWrite = Promise.resolve(0);
    await markAthletesIndexed(
      db,
      page.map((a) => a.id),
      page.map((a) => a.version),
    );
    log(`[reindex] ${result.athletes} athletes, ${result.written} rows written`);
  }
  if (firstVersions === null) await refreshRequests();
  result.written += await pendingWrite;

  // Everything this run did not write is stale: rows written before it started and not rewritten.
  const removed = await db.deleteFrom('match_scores').where('computed_at', '<', started).executeTakeFirst();
  result.removed = Number(removed.numDeletedRows);

  const unchanged = [...(firstVersions ?? new Map<string, string>())].filter(([id, version]) => lastVersions.get(id) === version);
  for (const [id, version] of unchanged) await markRequestIndexed(db, id, version);
  result.requests = lastVersions.size;
  result.ms = Date.now() - startedMs;
  log(`[reindex] done: ${result.requests} requests x ${result.athletes} athletes, ${result.written} listed rows, ${result.removed} stale rows removed, ${result.ms} ms`);
  return result;
}
