import { resolveAthlete, resolveRequest, type ScoringRequest } from '@app/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { listedPair } from './index-jobs.ts';
import {
  athleteScoringInput,
  changedRows,
  deletePairs,
  loadAthletePage,
  markAthletesIndexed,
  markRequestIndexed,
  loadStoredRows,
  requestScoringInput,
  writeScores,
  type AthleteScoringRow,
  type ScoreRow,
  type StalePair,
} from './index-store.ts';

export interface RebuildOptions {
  /** Athletes read per page (default: up to 2000, fewer when there are many requests). */
  pageSize?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface RebuildResult {
  requests: number;
  athletes: number;
  /** Athlete-request pairs scored. */
  pairs: number;
  /** Pairs listed (score >= 70). */
  listed: number;
  /** Rows inserted or changed (unchanged rows are not rewritten). */
  written: number;
  removed: number;
  ms: number;
}

/** Listed rows buffered before a write; bounds memory whatever the pool size. */
const FLUSH_ROWS = 5000;
/** Athlete-request pairs per page: keeps a page's listed pairs (and their sweep) bounded. */
const PAIRS_PER_PAGE = 400_000;

interface OpenRequest {
  id: string;
  version: string;
  resolved: ScoringRequest;
}

/**
 * Recomputes the whole index in place (`npm run reindex`; also the benchmark): every completed
 * athlete against every open request, each athlete resolved once, page by page. After each page,
 * the stored pairs of its athletes that are no longer listed are removed; at the end, the rows of
 * deleted requests and incomplete athletes. Coaches keep seeing lists throughout. Safe to run
 * while jobs run: it follows the same version rules (index-store.ts).
 *
 * The open requests are re-read after each athlete page (only new versions are resolved again),
 * so every athlete version read was committed before the requests it is paired with; a request
 * created later is paired with it by its own job. That is what makes marking athletes (and the
 * requests that stayed unchanged throughout) as indexed correct.
 */
export async function rebuildMatchIndex(db: Kysely<Database>, options: RebuildOptions = {}): Promise<RebuildResult> {
  const log = options.log ?? (() => {});
  const startedMs = Date.now();
  const resolvedCache = new Map<string, { version: string; resolved: ScoringRequest }>();
  let firstVersions: Map<string, string> | null = null;
  let lastVersions = new Map<string, string>();

  async function readOpenRequests(): Promise<OpenRequest[]> {
    const current = await db.selectFrom('coach_requests').select(['id', 'version']).where('deleted_at', 'is', null).orderBy('id').execute();
    const stale = current.filter((r) => resolvedCache.get(r.id)?.version !== r.version).map((r) => r.id);
    if (stale.length > 0) {
      const rows = await db.selectFrom('coach_requests').select(['id', 'version', 'indexed_version', 'urgent', 'deleted_at', 'data']).where('id', 'in', stale).execute();
      for (const row of rows) resolvedCache.set(row.id, { version: row.version, resolved: resolveRequest(requestScoringInput(row)) });
    }
    const open: OpenRequest[] = [];
    lastVersions = new Map();
    for (const { id } of current) {
      const entry = resolvedCache.get(id);
      if (!entry) continue; // deleted between the two reads: left to its own job
      open.push({ id, ...entry });
      lastVersions.set(id, entry.version);
    }
    firstVersions ??= new Map(lastVersions);
    return open;
  }

  const result: RebuildResult = { requests: 0, athletes: 0, pairs: 0, listed: 0, written: 0, removed: 0, ms: 0 };
  const pageSize = options.pageSize ?? Math.max(100, Math.min(2000, Math.floor(PAIRS_PER_PAGE / Math.max(1, (await readOpenRequests()).length))));
  firstVersions = null;

  let nextPage: Promise<AthleteScoringRow[]> = loadAthletePage(db, null, pageSize);
  for (;;) {
    const page = await nextPage;
    if (page.length === 0) break;
    const open = await readOpenRequests();
    // Read the next page while this one is scored and written.
    nextPage = page.length < pageSize ? Promise.resolve([]) : loadAthletePage(db, page[page.length - 1]!.id, pageSize);

    // What is stored for these athletes: unchanged rows are not rewritten, unlisted ones go.
    const versionOf = new Map(page.map((a) => [a.id, a.version]));
    const stored = await loadStoredRows(db, [...versionOf.keys()]);
    const listedKeys = new Set<string>();
    let buffer: ScoreRow[] = [];
    for (const athleteRow of page) {
      const athlete = resolveAthlete(athleteScoringInput(athleteRow));
      for (const request of open) {
        const scored = listedPair(athlete, request.resolved);
        if (!scored) continue;
        listedKeys.add(`${request.id}:${athleteRow.id}`);
        buffer.push({
          requestId: request.id,
          athleteId: athleteRow.id,
          requestVersion: request.version,
          athleteVersion: athleteRow.version,
          athleteUpdatedAt: athleteRow.updated_at,
          result: scored,
        });
      }
      if (buffer.length >= FLUSH_ROWS) {
        result.written += await writeScores(db, changedRows(buffer, stored));
        buffer = [];
      }
    }
    result.written += await writeScores(db, changedRows(buffer, stored));

    // Stored pairs of these athletes that this computation did not list. A pair of a request
    // outside this snapshot (created since) is its own job's business.
    const stale: StalePair[] = [];
    for (const key of stored.keys()) {
      const [requestId, athleteId] = key.split(':') as [string, string];
      const requestVersion = lastVersions.get(requestId);
      if (requestVersion === undefined || listedKeys.has(key)) continue;
      stale.push({ requestId, athleteId, requestVersion, athleteVersion: versionOf.get(athleteId)! });
    }
    result.removed += await deletePairs(db, stale);

    await markAthletesIndexed(
      db,
      page.map((a) => a.id),
      page.map((a) => a.version),
    );
    result.athletes += page.length;
    result.pairs += page.length * open.length;
    result.listed += listedKeys.size;
    log(`[reindex] ${result.athletes} athletes, ${result.listed} listed pairs, ${result.written} rows written`);
  }
  if (firstVersions === null) await readOpenRequests();

  // Rows no page could reach: deleted requests and athletes whose profile is not complete.
  const orphans = await sql`
    delete from match_scores ms
    where exists (select 1 from coach_requests r where r.id = ms.request_id and r.deleted_at is not null)
       or exists (select 1 from athletes a where a.id = ms.athlete_id and not a.profile_completed)`.execute(db);
  result.removed += Number(orphans.numAffectedRows ?? 0);

  const unchanged = [...(firstVersions ?? new Map<string, string>())].filter(([id, version]) => lastVersions.get(id) === version);
  for (const [id, version] of unchanged) await markRequestIndexed(db, id, version);
  result.requests = lastVersions.size;
  result.ms = Date.now() - startedMs;
  log(
    `[reindex] done: ${result.requests} requests x ${result.athletes} athletes, ${result.listed} listed pairs, ${result.written} rows written, ${result.removed} removed, ${result.ms} ms`,
  );
  return result;
}
