import { resolveAthlete, resolveRequest, type PairScore } from '@app/domain';
import type { Database } from '@app/worker';
import { listedPair } from '@app/worker/processors/index-jobs';
import { athleteScoringInput, loadAthletePage, loadOpenRequests, markAthletesIndexed, markRequestIndexed, requestScoringInput } from '@app/worker/processors/index-store';
import { sql, type Kysely } from 'kysely';

/**
 * Bench-only PROTOTYPE of the fix proposed for the full rebuild (worker/src/processors/
 * index-rebuild.ts belongs to the match index): the same scoring (the worker's listedPair over the
 * worker's athlete pages), but the listed rows are bulk-loaded into a fresh table with no index,
 * no row locks and no conflict checks, the indexes and foreign keys are built once at the end, and
 * the new table replaces the old one in one short transaction. It is what the benchmark uses to
 * show the cost of the write path, and to finish building the index when the product's rebuild
 * does not finish within the benchmark's time budget. Not safe against concurrent index jobs
 * (a real version must replay changes made during the build).
 */
export interface BulkRebuildResult {
  pairs: number;
  listed: number;
  scoreAndLoadMs: number;
  indexesMs: number;
  swapMs: number;
  ms: number;
}

interface Row {
  requestId: string;
  athleteId: string;
  athleteVersion: string;
  requestVersion: string;
  athleteUpdatedAt: Date;
  result: PairScore;
}

const BATCH = 5000;

async function insertBatch(db: Kysely<Database>, rows: Row[]) {
  const col = <T>(pick: (r: Row) => T) => rows.map(pick);
  await sql`
    insert into match_scores_next (request_id, athlete_id, score, sub_position, sub_academics, sub_lyfs, sub_region, sub_budget, sub_extras,
      position_match, position_exact, highlights, athlete_updated_at, athlete_version, request_version)
    select * from unnest(
      ${col((r) => r.requestId)}::uuid[], ${col((r) => r.athleteId)}::uuid[], ${col((r) => r.result.score)}::float8[],
      ${col((r) => r.result.subScores.position)}::float8[], ${col((r) => r.result.subScores.academics)}::float8[],
      ${col((r) => r.result.subScores.lyfs)}::float8[], ${col((r) => r.result.subScores.region)}::float8[],
      ${col((r) => r.result.subScores.budget)}::float8[], ${col((r) => r.result.subScores.extras)}::float8[],
      ${col((r) => r.result.positionMatch)}::text[], ${col((r) => r.result.positionExact)}::boolean[],
      ${col((r) => JSON.stringify(r.result.highlights))}::jsonb[], ${col((r) => r.athleteUpdatedAt)}::timestamptz[],
      ${col((r) => r.athleteVersion)}::bigint[], ${col((r) => r.requestVersion)}::bigint[])`.execute(db);
}

export async function bulkRebuild(db: Kysely<Database>, log: (line: string) => void = () => {}): Promise<BulkRebuildResult> {
  const started = performance.now();
  const requests = (await loadOpenRequests(db)).map((row) => ({ row, resolved: resolveRequest(requestScoringInput(row)) }));
  await sql`drop table if exists match_scores_next`.execute(db);
  await sql`create table match_scores_next (like match_scores including defaults)`.execute(db);

  let pairs = 0;
  let listed = 0;
  let buffer: Row[] = [];
  const inFlight = new Set<Promise<void>>();
  const flush = async () => {
    const rows = buffer;
    buffer = [];
    // At most two loads in flight: Postgres writes on one core while this process scores on the other.
    while (inFlight.size >= 2) await Promise.race(inFlight);
    const p = insertBatch(db, rows).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  let after: string | null = null;
  for (;;) {
    const page = await loadAthletePage(db, after, 5000);
    if (page.length === 0) break;
    for (const athleteRow of page) {
      const athlete = resolveAthlete(athleteScoringInput(athleteRow));
      for (const { row, resolved } of requests) {
        const result = listedPair(athlete, resolved);
        if (result) buffer.push({ requestId: row.id, athleteId: athleteRow.id, athleteVersion: athleteRow.version, requestVersion: row.version, athleteUpdatedAt: athleteRow.updated_at, result });
      }
      if (buffer.length >= BATCH) {
        listed += buffer.length;
        await flush();
      }
    }
    pairs += page.length * requests.length;
    if (page.length < 5000) break;
    after = page[page.length - 1]!.id;
    log(`[bulk] ${pairs} pairs, ${listed} listed`);
  }
  listed += buffer.length;
  if (buffer.length) await flush();
  await Promise.all(inFlight);
  const loaded = performance.now();

  await sql`alter table match_scores_next add constraint match_scores_next_pkey primary key (request_id, athlete_id)`.execute(db);
  await sql`create index match_scores_next_rank_idx on match_scores_next (request_id, score desc, athlete_updated_at desc, athlete_id)`.execute(db);
  await sql`create index match_scores_next_athlete_idx on match_scores_next (athlete_id)`.execute(db);
  await sql`create index match_scores_next_position_idx on match_scores_next (request_id,
      (case when position_match = 'primary' and position_exact then 0 when position_match = 'primary' then 1 when position_match = 'secondary' then 2 else 3 end),
      score desc, athlete_updated_at desc, athlete_id)`.execute(db);
  await sql`alter table match_scores_next add constraint match_scores_next_request_fk foreign key (request_id) references coach_requests(id) on delete cascade`.execute(db);
  await sql`alter table match_scores_next add constraint match_scores_next_athlete_fk foreign key (athlete_id) references athletes(id) on delete cascade`.execute(db);
  const indexed = performance.now();

  await db.transaction().execute(async (trx) => {
    await sql`drop table match_scores`.execute(trx);
    await sql`alter table match_scores_next rename to match_scores`.execute(trx);
    for (const [from, to] of [
      ['match_scores_next_pkey', 'match_scores_pkey'],
      ['match_scores_next_rank_idx', 'match_scores_rank_idx'],
      ['match_scores_next_athlete_idx', 'match_scores_athlete_idx'],
      ['match_scores_next_position_idx', 'match_scores_position_idx'],
    ]) {
      await sql.raw(`alter index ${from} rename to ${to}`).execute(trx);
    }
  });
  const swapped = performance.now();

  // The same bookkeeping as the product's rebuild.
  let afterId: string | null = null;
  for (;;) {
    const page = await db.selectFrom('athletes').select(['id', 'version']).where('profile_completed', '=', true).$if(afterId !== null, (q) => q.where('id', '>', afterId!)).orderBy('id').limit(10_000).execute();
    if (page.length === 0) break;
    await markAthletesIndexed(db, page.map((a) => a.id), page.map((a) => a.version));
    afterId = page[page.length - 1]!.id;
  }
  for (const { row } of requests) await markRequestIndexed(db, row.id, row.version);
  await sql`analyze match_scores`.execute(db);
  const done = performance.now();
  return {
    pairs,
    listed,
    scoreAndLoadMs: Math.round(loaded - started),
    indexesMs: Math.round(indexed - loaded),
    swapMs: Math.round(swapped - indexed),
    ms: Math.round(done - started),
  };
}
