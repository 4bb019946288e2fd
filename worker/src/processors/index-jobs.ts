import { resolveAthlete, resolveRequest } from '@app/domain';
import { listedPair } from './index-scoring.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { PermanentJobError } from '../queue/queue.ts';
import type { WorkerDeps } from './deps.ts';
import { athletePrefilter, requestsByPositionGroups } from './index-prefilter.ts';
import {
  alreadyIndexed,
  athleteRowsToWrite,
  changedRows,
  deleteRequestRows,
  finishAthleteJob,
  listedRow,
  loadStoredRows,
  markRequestIndexed,
  recordTop15Entries,
  refreshBestScores,
  requestHasRows,
  writeScores,
  type ScoreRow,
} from '../store/match-scores.ts';
import {
  athleteScoringInput,
  createOpenRequestReader,
  listFilterValues,
  loadAthleteForJob,
  loadRequest,
  prefilteredAthletePages,
  requestScoringInput,
  type OpenRequest,
  type OpenRequestReader,
} from '../store/scoring-inputs.ts';

/** Athletes read per page by a request job. */
const ATHLETE_PAGE = 5000;

export interface IndexJobData {
  entityId: string;
  /** The version whose change enqueued the job; the job always indexes the current version. */
  version?: string;
}

export interface IndexJobResult {
  skipped: boolean;
  written: number;
  removed: number;
  /** Requests whose list this job changed (athlete jobs; for live 'ranked-list' events). */
  changedRequests?: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkJobData(data: IndexJobData): void {
  if (!data || typeof data.entityId !== 'string' || !UUID.test(data.entityId)) throw new PermanentJobError(`Bad index job data: ${JSON.stringify(data)}`);
  if (data.version !== undefined && !/^\d+$/.test(String(data.version))) throw new PermanentJobError(`Bad index job version: ${JSON.stringify(data)}`);
}

export { listedPair } from './index-scoring.ts';

/**
 * The requests that can list an athlete, by position (index-prefilter.ts), per list of open
 * requests: the reader hands out the same list until a request changes, so the lists per
 * combination of position groups are built once for many jobs.
 */
const requestsByGroupsOf = new WeakMap<readonly OpenRequest[], (athlete: ReturnType<typeof resolveAthlete>) => readonly OpenRequest[]>();
function requestsThatCanList(open: readonly OpenRequest[], athlete: ReturnType<typeof resolveAthlete>): readonly OpenRequest[] {
  let requestsFor = requestsByGroupsOf.get(open);
  if (!requestsFor) requestsByGroupsOf.set(open, (requestsFor = requestsByPositionGroups(open)));
  return requestsFor(athlete);
}

/**
 * 'index.athlete': rescores one athlete against every open request, or removes the athlete's
 * rows when the profile is not complete (or the athlete is gone).
 */
export async function indexAthlete(
  db: Kysely<Database>,
  data: IndexJobData,
  openRequests: OpenRequestReader = createOpenRequestReader(db),
): Promise<IndexJobResult> {
  checkJobData(data);
  const row = await loadAthleteForJob(db, data.entityId);
  if (!row) {
    // Account deleted: its rows went with it (foreign key cascade); nothing is left to index.
    return { skipped: true, written: 0, removed: 0 };
  }
  if (alreadyIndexed(row.indexed_version, data.version)) return { skipped: true, written: 0, removed: 0 };

  if (!row.profile_completed) {
    const removed = await finishAthleteJob(db, row.id, row.version, [], true);
    if (removed > 0) await refreshBestScores(db);
    return { skipped: false, written: 0, removed };
  }

  const athlete = resolveAthlete(athleteScoringInput(row));
  const filters = listFilterValues(row);
  const listed: ScoreRow[] = [];
  // The requests as of the athlete's read (its snapshot's epoch): every request committed before
  // this athlete version is included. The others cannot list the athlete: the position rule
  // skips them without scoring, and their stored rows, if any, go as those of any request that no
  // longer lists the athlete.
  for (const request of requestsThatCanList(await openRequests(row.requests_epoch), athlete)) {
    const result = listedPair(athlete, request.resolved);
    if (result) listed.push(listedRow(row, filters, request, result));
  }
  // Only rows whose scores changed are written (decision 005: stored versions may lag on the athlete side).
  const stored = await loadStoredRows(db, [row.id]);
  const { write, confirmed } = athleteRowsToWrite(listed, stored);
  const written = await writeScores(db, write);
  // The lists this job changed: rows written, and rows of requests that no longer list the athlete.
  const changedRequests = new Set(write.map((r) => r.requestId));
  const stillListed = new Set(listed.map((r) => r.requestId));
  for (const key of stored.keys()) {
    const requestId = key.slice(0, key.indexOf(':'));
    if (!stillListed.has(requestId)) changedRequests.add(requestId);
  }
  // Before the job is marked done (finishAthleteJob): a crash in between reruns it, and the
  // announcement with it, and the athlete counts as indexed only once the job's work is over.
  await recordTop15Entries(db, [...changedRequests], true);
  const removed = await finishAthleteJob(db, row.id, row.version, confirmed);
  // The athlete's best score (the agent roster's sort), once its rows are final.
  if (written > 0 || removed > 0) await refreshBestScores(db);
  return { skipped: false, written, removed, changedRequests: [...changedRequests] };
}

/**
 * 'index.request': scores one request against the athletes that can be listed for it (selected in
 * SQL, read page by page), or removes its rows when the request was deleted.
 */
export async function indexRequest(
  db: Kysely<Database>,
  data: IndexJobData,
  options: { pageSize?: number; idPageSize?: number } = {},
): Promise<IndexJobResult> {
  const pageSize = options.pageSize ?? ATHLETE_PAGE;
  checkJobData(data);
  const row = await loadRequest(db, data.entityId);
  if (!row) return { skipped: true, written: 0, removed: 0 }; // hard-deleted: rows cascaded
  if (alreadyIndexed(row.indexed_version, data.version)) return { skipped: true, written: 0, removed: 0 };

  if (row.deleted_at !== null) {
    const removed = await deleteRequestRows(db, row.id, null);
    await markRequestIndexed(db, row.id, row.version);
    if (removed > 0) await refreshBestScores(db);
    return { skipped: false, written: 0, removed };
  }

  const request = resolveRequest(requestScoringInput(row));
  const filter = athletePrefilter(request);
  // A new request has nothing stored to compare with: its rows are written straight away.
  const hasRows = await requestHasRows(db, row.id);
  let written = 0;
  for await (const page of prefilteredAthletePages(db, filter, pageSize, options.idPageSize)) {
    const listed: ScoreRow[] = [];
    for (const athleteRow of page) {
      const result = listedPair(resolveAthlete(athleteScoringInput(athleteRow)), request);
      if (result) listed.push(listedRow(athleteRow, listFilterValues(athleteRow), row, result));
    }
    const changed = hasRows
      ? changedRows(
          listed,
          await loadStoredRows(
            db,
            listed.map((r) => r.athleteId),
            row.id,
          ),
        )
      : listed;
    written += await writeScores(db, changed);
  }
  const removed = await deleteRequestRows(db, row.id, row.version);
  // The coach's own change: its top 15 is recorded, not announced.
  await recordTop15Entries(db, [row.id], false);
  await markRequestIndexed(db, row.id, row.version);
  // The listed athletes' best scores (the agent roster's sort).
  if (written > 0 || removed > 0) await refreshBestScores(db);
  return { skipped: false, written, removed };
}

/** Tells the coaches of some requests that their ranked list is ready or changed (live streams). */
async function publishRankedLists(deps: WorkerDeps, requestIds: readonly string[], state: 'ready' | 'changed') {
  if (!deps.live || requestIds.length === 0) return;
  const rows = await deps.db.selectFrom('coach_requests').select(['id', 'coach_id']).where('id', 'in', requestIds).execute();
  await deps.live.publish(rows.map((r) => ({ userIds: [r.coach_id], event: 'ranked-list' as const, data: { requestId: r.id, state } })));
}

export function indexAthleteProcessor(deps: WorkerDeps) {
  const openRequests = createOpenRequestReader(deps.db);
  return async (data: IndexJobData) => {
    const result = await indexAthlete(deps.db, data, openRequests);
    await publishRankedLists(deps, result.changedRequests ?? [], 'changed');
  };
}

export function indexRequestProcessor(deps: WorkerDeps) {
  return async (data: IndexJobData) => {
    const result = await indexRequest(deps.db, data);
    if (!result.skipped) await publishRankedLists(deps, [data.entityId], 'ready');
  };
}
