import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertScoreRows, markAthletesIndexed, REBUILD_COLUMNS, type ScoreRow } from './match-scores.ts';

/**
 * The table side of the full rebuild (worker/src/processors/index-rebuild.ts, decision 005): the
 * new index is loaded into a table beside the live one, gets the live table's indexes,
 * constraints and triggers, and takes its place in one short transaction. The rebuild's scoring
 * and loading orchestration stays in the processor; every statement on match_scores is here.
 */

/** Where the new index is built. A leftover of an interrupted run is dropped by the next one. */
const NEXT = 'match_scores_next';

/**
 * The athletes the build read: id, the version scored, and whether the athlete may be marked
 * indexed at the end (no request appeared or changed before its page was scored). Kept in
 * Postgres, not in the rebuild's memory: at a million athletes the ids and versions alone took
 * more than the reindex process's 128 MB heap. Unlogged: a crash loses the build anyway.
 */
const READ = 'match_scores_next_read';

/**
 * The live table the swap replaced, under this name from the swap's commit until it is dropped
 * (retireOldTable). Dropping it inside the swap held the lock on the lists through the commit,
 * which unlinks its files: about 3 s at the benchmark's 6.5M rows on a slow VM, every ranked list
 * read waiting.
 */
const OLD = 'match_scores_old';

/** Suffix of the replaced table's indexes (index names are the schema's, and the new table's take the live names). */
const OLD_SUFFIX = '__old';

/** The new table, empty and shaped like the live one (no indexes yet: a bulk load). */
export const CREATE_NEXT = `create table ${NEXT} (like match_scores including defaults)`;

/**
 * The COPY that loads the new table (columns REBUILD_COLUMNS, binary tuples of CopyTuples), in the
 * transaction that ran CREATE_NEXT: FREEZE then writes the rows frozen and marks their pages
 * all-visible, so the index-only scans of the ranked lists skip the heap from the swap on, and
 * no vacuum pass over the new table is due (at a million athletes x 1,000 requests, 21 GB of heap).
 */
export const COPY_INTO_NEW_NEXT = `copy ${NEXT} (${REBUILD_COLUMNS}) from stdin with (format binary, freeze)`;

/**
 * Clears what an interrupted build left and creates the record of athletes read. The new table
 * itself is created by its loader (CREATE_NEXT, or createNextTable for batched inserts).
 */
export async function startRebuildTables(db: Kysely<Database>): Promise<void> {
  await dropNextTable(db);
  await sql`drop table if exists ${sql.table(OLD)}`.execute(db);
  await sql`create unlogged table ${sql.table(READ)} (id uuid primary key, version bigint not null, markable boolean not null)`.execute(db);
}

/** The new table for batched inserts (the embedded database, where COPY is not available). */
export async function createNextTable(db: Kysely<Database>): Promise<void> {
  await sql.raw(CREATE_NEXT).execute(db);
}

/** Drops the new table (while it has not taken the live one's place) and the record of athletes read. */
export async function dropNextTable(db: Kysely<Database>): Promise<void> {
  await sql`drop table if exists ${sql.table(NEXT)}`.execute(db);
  await sql`drop table if exists ${sql.table(READ)}`.execute(db);
}

/** Records a page of athletes as read by the build, at the versions scored. */
export async function recordAthletesRead(db: Kysely<Database>, athletes: readonly { id: string; version: string }[], markable: boolean): Promise<void> {
  await sql`insert into ${sql.table(READ)} (id, version, markable)
    select u.id, u.version, ${markable} from unnest(${athletes.map((a) => a.id)}::uuid[], ${athletes.map((a) => a.version)}::bigint[]) as u(id, version)`.execute(
    db,
  );
}

/** Athletes marked indexed per statement at the end of the build. */
const MARK_BATCH = 5000;

/**
 * After the swap: the markable athletes the build read are marked indexed up to the versions it
 * scored, in batches (in id order, as markAthletesIndexed locks them). Returns how many it marked
 * (none when the index was caught up: a rebuild after a scoring change, say).
 */
export async function markReadAthletesIndexed(db: Kysely<Database>): Promise<number> {
  let after: string | null = null;
  let marked = 0;
  for (;;) {
    // Only those still behind: usually none (the index jobs keep up), where reading every athlete read
    // in batches took about a second at 100,000 athletes to mark nobody. indexed_version never
    // goes down, so one left out here needs no mark later either.
    const { rows } = await sql<{ id: string; version: string }>`
      select u.id, u.version from ${sql.table(READ)} u join athlete_index_state s on s.athlete_id = u.id
      where u.markable and s.indexed_version < u.version ${after === null ? sql`` : sql`and u.id > ${after}`}
      order by u.id limit ${MARK_BATCH}`.execute(db);
    if (rows.length === 0) return marked;
    marked += await markAthletesIndexed(
      db,
      rows.map((r) => r.id),
      rows.map((r) => r.version),
    );
    after = rows[rows.length - 1].id;
  }
}

/** Batched INSERT into the new table (the embedded database, whose socket does not speak COPY). */
export async function insertIntoNext(db: Kysely<Database>, rows: readonly ScoreRow[]): Promise<void> {
  await insertScoreRows(db, NEXT, rows);
}

/**
 * Removes from the new table the rows of athletes and requests deleted while the build ran
 * (deletes cascade into it from here on, its foreign keys being in place). Returns the request
 * of each row removed.
 */
export async function removeGoneFromNext(db: Kysely<Database>, requestIds: readonly string[]): Promise<string[]> {
  const goneAthletes = (
    await sql<{ id: string }>`select u.id from ${sql.table(READ)} u where not exists (select 1 from athletes a where a.id = u.id)`.execute(db)
  ).rows.map((r) => r.id);
  const goneRequests = (
    await sql<{
      id: string;
    }>`select s.id from unnest(${requestIds}::uuid[]) as s(id) where not exists (select 1 from coach_requests r where r.id = s.id)`.execute(db)
  ).rows.map((r) => r.id);
  const gone = await sql<{
    request_id: string;
  }>`delete from ${sql.table(NEXT)} where athlete_id = any(${goneAthletes}::uuid[]) or request_id = any(${goneRequests}::uuid[]) returning request_id`.execute(
    db,
  );
  return gone.rows.map((r) => r.request_id);
}

/**
 * After the swap: the replaced table's rows counted (what the rebuild replaced), then the table
 * dropped. Nothing reads or references it any more, so its drop, which unlinks its files at
 * commit, holds no other table: it runs beside checkSwappedTable.
 */
export async function retireOldTable(db: Kysely<Database>): Promise<number> {
  const rows = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(OLD)}`.execute(db)).rows[0]?.n ?? 0);
  await sql`drop table ${sql.table(OLD)}`.execute(db);
  return rows;
}

/**
 * Marks requests indexed up to the versions the build scored (never backwards), stamping when. The
 * rows are locked in id order first, the order writeScores locks them in: updated in the join's
 * order, they deadlocked with an index job's batch (seen in CI's concurrent-rebuild test).
 */
export async function markRequestsIndexed(db: Kysely<Database>, requests: readonly { id: string; version: string }[]): Promise<void> {
  await sql`
    with u as (select * from unnest(${requests.map((x) => x.id)}::uuid[], ${requests.map((x) => x.version)}::bigint[]) as u(id, version)),
    locked as (select r.id from coach_requests r join u on u.id = r.id order by r.id for no key update of r)
    update coach_requests r set indexed_version = greatest(r.indexed_version, u.version), indexed_at = now()
    from u where r.id = u.id and r.id in (select id from locked)`.execute(db);
}

/**
 * After the swap: the constraints were added NOT VALID (instant); their check runs now without
 * blocking writes, and the planner gets statistics for the new table.
 */
export async function checkSwappedTable(db: Kysely<Database>): Promise<void> {
  for (const { conname } of (
    await sql<{ conname: string }>`select conname from pg_constraint where conrelid = 'match_scores'::regclass and not convalidated`.execute(db)
  ).rows) {
    await sql`alter table match_scores validate constraint ${sql.id(conname)}`.execute(db);
  }
  await sql`analyze match_scores`.execute(db);
}

/** How long the swap waits for the live table (reads and job writes finish first), and how often. */
const SWAP_LOCK_TIMEOUT = '5s';
const SWAP_ATTEMPTS = 5;

/**
 * The swap, in one transaction holding the live table still: the athletes and requests that
 * changed since the build read them take their rows from the live index, then the new table
 * takes the live one's name. Returns the ids of the changed requests.
 */
export async function swapIn(
  db: Kysely<Database>,
  snapshot: readonly { id: string; version: string }[],
  counts: Map<string, number>,
): Promise<{ changedRequests: Set<string>; replayed: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      let replayedRows = 0;
      return await db.transaction().execute(async (trx) => {
        // A long query on the live table must not stall every reader queued behind the lock.
        await sql`set local lock_timeout = ${sql.lit(SWAP_LOCK_TIMEOUT)}`.execute(trx);
        await sql`lock table match_scores in access exclusive mode`.execute(trx);
        const changedAthletes = (
          await sql<{ id: string }>`
            select a.id from athletes a
            left join ${sql.table(READ)} u on u.id = a.id
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
            (
              await sql<{
                request_id: string;
              }>`delete from ${sql.table(NEXT)} where athlete_id = any(${changedAthletes}::uuid[]) or request_id = any(${changedRequests}::uuid[]) returning request_id`.execute(
                trx,
              )
            ).rows,
            -1,
          );
          const replayed = await sql<{ request_id: string }>`
            insert into ${sql.table(NEXT)} select * from match_scores
            where athlete_id = any(${changedAthletes}::uuid[]) or request_id = any(${changedRequests}::uuid[]) returning request_id`.execute(trx);
          move(replayed.rows, 1);
          replayedRows = replayed.rows.length;
          await replaceCounts(trx, swapCounts);
        } else {
          await replaceCounts(trx, counts);
        }
        // From here on the new table keeps its counts itself (the live table's triggers, copied).
        await copyTriggers(trx);
        // Incomplete profiles the build did not read have no rows in the new index: indexed as they are.
        await sql`
          update athlete_index_state s set indexed_version = s.version
          from athletes a
          where a.id = s.athlete_id and not a.profile_completed and s.indexed_version < s.version
            and not exists (select 1 from ${sql.table(READ)} u where u.id = s.athlete_id)`.execute(trx);
        // Likewise deleted requests outside the snapshot.
        await sql`
          update coach_requests r set indexed_version = r.version
          where r.deleted_at is not null and r.indexed_version < r.version and not (r.id = any(${snapshot.map((x) => x.id)}::uuid[]))`.execute(trx);
        await setAsideLiveTable(trx);
        await sql`alter table ${sql.table(NEXT)} rename to match_scores`.execute(trx);
        await renameIndexesBack(trx);
        return { changedRequests: new Set(changedRequests), replayed: replayedRows };
      });
    } catch (error) {
      // 55P03: lock_not_available (the timeout above). 40P01: deadlock_detected: dropping the live
      // table's foreign keys also locks the tables they reference (athletes, coach_requests), which a
      // concurrent job may hold while it waits for match_scores; Postgres then ends one of the two.
      // Either way the transaction rolled back whole: try again a few times.
      const code = (error as { code?: string }).code;
      if ((code !== '55P03' && code !== '40P01') || attempt >= SWAP_ATTEMPTS) throw error;
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
  const { rows } = await sql<{
    def: string;
  }>`select pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = 'match_scores'::regclass and not tgisinternal`.execute(db);
  for (const { def } of rows) {
    await sql.raw(def.replace(/ ON (\S+) /, ` ON ${NEXT} `)).execute(db);
  }
}

/** The indexes of the table named match_scores now (the live one, or the new one once renamed), with their definitions. */
async function liveIndexes(db: Kysely<Database>): Promise<Array<{ indexname: string; indexdef: string }>> {
  return (
    await sql<{
      indexname: string;
      indexdef: string;
    }>`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'match_scores'`.execute(db)
  ).rows;
}

/** Suffix of the new table's indexes until the swap gives them the live names. */
const SUFFIX = '__next';

/**
 * Builds on the new table every index and constraint the live table has (read from the catalog,
 * so indexes added by later migrations are kept): indexes under a temporary name, foreign keys
 * NOT VALID (no scan now; checked after the swap).
 *
 * The indexes are built at the same time, each on a connection of its own (`db` is a pool; on
 * one connection they run one after the other): each build reads the whole table, and
 * concurrent scans of one table share their reads (synchronized scans). At a million athletes the
 * table is larger than the machine's memory, and built one after the other each index read it
 * from disk again. A primary key or unique constraint is built as a unique index like the
 * others (ALTER TABLE … ADD CONSTRAINT would lock the table against the other builds), then
 * made the constraint (`USING INDEX`, no second build).
 */
export async function copyIndexesAndConstraints(db: Kysely<Database>): Promise<void> {
  const constraints = (
    await sql<{ conname: string; contype: string; def: string; index: string | null }>`
      select c.conname, c.contype, pg_get_constraintdef(c.oid) as def, i.relname as index
      from pg_constraint c left join pg_class i on i.oid = c.conindid
      where c.conrelid = 'match_scores'::regclass and c.contype in ('p', 'u', 'f')`.execute(db)
  ).rows;
  const indexes = await liveIndexes(db);
  await Promise.all(
    indexes.map((index) => {
      const def = index.indexdef.replace(
        /^(CREATE (?:UNIQUE )?INDEX )(\S+)( ON (?:ONLY )?)(\S+)/,
        (_m, head: string, name: string, on: string) => `${head}${name}${SUFFIX}${on}${NEXT}`,
      );
      return sql.raw(def).execute(db);
    }),
  );
  for (const c of constraints.filter((c) => c.contype !== 'f')) {
    if (c.index === null) throw new Error(`rebuild: constraint ${c.conname} has no index`);
    const kind = c.contype === 'p' ? sql`primary key` : sql`unique`;
    await sql`alter table ${sql.table(NEXT)} add constraint ${sql.id(c.conname + SUFFIX)} ${kind} using index ${sql.id(c.index + SUFFIX)}`.execute(db);
  }
  for (const c of constraints.filter((c) => c.contype === 'f')) {
    await sql`alter table ${sql.table(NEXT)} add constraint ${sql.id(c.conname)} ${sql.raw(c.def)} not valid`.execute(db);
  }
}

/**
 * In the swap: the live table becomes OLD, its indexes renamed out of the new table's way and its
 * foreign keys dropped (so that its drop later locks neither athletes nor coach_requests). Catalog
 * changes only: no file is removed at the swap's commit.
 */
async function setAsideLiveTable(db: Kysely<Database>): Promise<void> {
  const { rows: foreignKeys } = await sql<{
    conname: string;
  }>`select conname from pg_constraint where conrelid = 'match_scores'::regclass and contype = 'f'`.execute(db);
  for (const { conname } of foreignKeys) await sql`alter table match_scores drop constraint ${sql.id(conname)}`.execute(db);
  for (const { indexname } of await liveIndexes(db)) await sql`alter index ${sql.id(indexname)} rename to ${sql.id(indexname + OLD_SUFFIX)}`.execute(db);
  await sql`alter table match_scores rename to ${sql.table(OLD)}`.execute(db);
}

/** After the swap: the new table's indexes (and the constraints behind them) take the live names. */
async function renameIndexesBack(db: Kysely<Database>): Promise<void> {
  for (const { indexname } of await liveIndexes(db)) {
    if (indexname.endsWith(SUFFIX)) await sql`alter index ${sql.id(indexname)} rename to ${sql.id(indexname.slice(0, -SUFFIX.length))}`.execute(db);
  }
}
