import { sql, type Kysely } from 'kysely';

/**
 * Each match carries its athlete's agency, and the agent's hub pages walk an index of the shared
 * matches by agency, status and time. The pages walked every agency's matches of a status from
 * the latest (matches_shared_status_idx, migration 2026-11-28T02-00) and tested each one's
 * athlete against the agency, or read the agency's athletes' matches: which was cheaper depended
 * on the agency's share of all matches, so Postgres planned the page anew on every read (about
 * 1.3 ms of the hub's Postgres time at Eture with the benchmark's seeded matches), and a small
 * agency's page under one cached plan would have walked thousands of other agencies' matches.
 * With the agency in the index, every agency's page is its own index range: one plan for all.
 *
 * Kept as athlete_match_counts' agency is (migration 2026-11-28T06-00): set from the athlete when
 * a match is added, and following the athlete's agency. The insert share-locks the athlete's row,
 * so an agency move at the same time either waits for the new match (and then moves it too) or
 * commits first (and the insert then reads the new agency).
 *
 * The backfill rewrites every match, leaving the table without a visibility map: the pages' index-
 * only walks would read each match's row until autovacuum passed, so the migrator vacuums it once
 * this has committed (`vacuumAfter`).
 */
export const vacuumAfter = ['matches'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table matches add column agency text`.execute(db);
  await sql`update matches m set agency = a.agency from athletes a where a.id = m.athlete_id and a.agency is not null`.execute(db);

  await sql`
    create function matches_take_agency() returns trigger language plpgsql as $$
    begin
      select a.agency into new.agency from athletes a where a.id = new.athlete_id for share;
      return new;
    end $$`.execute(db);
  await sql`create trigger matches_agency before insert on matches for each row execute function matches_take_agency()`.execute(db);

  await sql`
    create function matches_follow_agency() returns trigger language plpgsql as $$
    begin
      update matches set agency = new.agency where athlete_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athletes_matches_agency after update of agency on athletes
    for each row when (old.agency is distinct from new.agency) execute function matches_follow_agency()`.execute(db);

  await sql`drop index matches_shared_status_idx`.execute(db);
  await sql`
    create index matches_agency_status_idx on matches (agency, status, updated_at desc, id)
    include (athlete_id, request_id) where shared_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists matches_agency_status_idx`.execute(db);
  await sql`
    create index if not exists matches_shared_status_idx on matches (status, updated_at desc, id)
    include (athlete_id, request_id) where shared_at is not null`.execute(db);
  await sql`drop trigger if exists athletes_matches_agency on athletes`.execute(db);
  await sql`drop function if exists matches_follow_agency()`.execute(db);
  await sql`drop trigger if exists matches_agency on matches`.execute(db);
  await sql`drop function if exists matches_take_agency()`.execute(db);
  await sql`alter table matches drop column if exists agency`.execute(db);
}
