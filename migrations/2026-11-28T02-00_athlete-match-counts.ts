import { sql, type Kysely } from 'kysely';

/**
 * Each athlete's matches shared with them on live requests, by status (M8: what the athlete's
 * agent sees), stored with the athlete's agency. The agent's conversation hub counts every match
 * of the agency by athlete and status (spec: stats.byAthlete), and the dashboard shows those
 * totals: counted at read time, that joined every shared match to its athlete and hashed all of
 * the agency's athletes (25-54 ms a hub call at Eture with the benchmark's seeded matches: 47,070
 * athletes, 10,049 shared matches). Stored, the agency's counts are one index range. The hub's
 * pages walk a new index of the shared matches by status and time.
 *
 * Kept by triggers, in the transaction of the change, by recounting the changed athletes' matches
 * (match_counts_refresh). The recount takes each athlete's row lock first and counts in a later
 * statement, whose snapshot sees every change committed before the lock was granted; so of two
 * concurrent changes to one athlete's matches (a status change racing a request's deletion, say),
 * the one that commits last counts both. Adding and subtracting instead would count a match
 * whose status changed while its request was deleted twice. Locks are taken in athlete order, so
 * two changes of many athletes (two requests deleted) cannot deadlock. A match shared while its
 * request is deleted is not one of the athletes the deletion recounts: the share share-locks the
 * request's row (worker/src/store/matches.ts), so the two take turns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The one definition of a match shared with its athlete (M8: not a coach's private decline of a
  // never-shared athlete, nor a player back in the pool); the reads call it too. Plain SQL, so
  // Postgres inlines it.
  await sql`
    create function match_is_shared(shared_at timestamptz, status text) returns boolean
    language sql immutable parallel safe
    as $$ select shared_at is not null and status is not null $$`.execute(db);

  await sql`
    create table athlete_match_counts (
      athlete_id uuid primary key references athletes(id) on delete cascade,
      agency text,
      accepted integer not null default 0,
      pending integer not null default 0,
      declined integer not null default 0
    )`.execute(db);
  // An agency's athletes with shared matches, from the index entries alone.
  await sql`
    create index athlete_match_counts_agency_idx on athlete_match_counts (agency)
    include (athlete_id, accepted, pending, declined) where accepted + pending + declined > 0`.execute(db);

  // The hub's pages: each status's shared matches, the latest change first.
  await sql`
    create index matches_shared_status_idx on matches (status, updated_at desc, id)
    include (athlete_id, request_id) where shared_at is not null`.execute(db);

  await sql`
    create function match_counts_refresh(ids uuid[]) returns void language plpgsql as $$
    begin
      insert into athlete_match_counts (athlete_id, agency)
      select a.id, a.agency from athletes a where a.id = any(ids) order by a.id
      on conflict (athlete_id) do nothing;
      -- Locked before the recount, which is a statement of its own (see the migration's comment).
      perform 1 from athlete_match_counts where athlete_id = any(ids) order by athlete_id for update;
      update athlete_match_counts c
      set accepted = n.counts[1], pending = n.counts[2], declined = n.counts[3]
      from (
        select x.id, (
          select array[count(*) filter (where m.status = 'accepted'), count(*) filter (where m.status = 'pending'),
                       count(*) filter (where m.status = 'declined')]::int[]
          from matches m
          where m.athlete_id = x.id and match_is_shared(m.shared_at, m.status)
            and m.request_id not in (select d.id from coach_requests d where d.deleted_at is not null)) as counts
        from unnest(ids) x(id)) n
      where c.athlete_id = n.id
        and (c.accepted, c.pending, c.declined) is distinct from (n.counts[1], n.counts[2], n.counts[3]);
    end $$`.execute(db);

  // Matches added or removed (a request or a coach deleted, and their cascades): their athletes
  // recounted. One function for both: each trigger names its transition table `changed`.
  await sql`
    create function match_counts_on_matches_changed() returns trigger language plpgsql as $$
    begin
      perform match_counts_refresh(array(select distinct athlete_id from changed where match_is_shared(shared_at, status)));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger matches_counts_added after insert on matches
    referencing new table as changed for each statement execute function match_counts_on_matches_changed()`.execute(db);
  await sql`
    create trigger matches_counts_gone after delete on matches
    referencing old table as changed for each statement execute function match_counts_on_matches_changed()`.execute(db);

  // A status change (the athlete of a match never changes).
  await sql`
    create function match_counts_on_match_moved() returns trigger language plpgsql as $$
    begin
      perform match_counts_refresh(array[new.athlete_id]);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger matches_counts_moved after update of status, shared_at on matches
    for each row when (old.status is distinct from new.status or old.shared_at is distinct from new.shared_at)
    execute function match_counts_on_match_moved()`.execute(db);

  // A request deleted (its matches stay, out of everyone's sight) or back: its athletes recounted.
  await sql`
    create function match_counts_on_request_deleted() returns trigger language plpgsql as $$
    begin
      perform match_counts_refresh(array(
        select distinct athlete_id from matches m where m.request_id = new.id and match_is_shared(m.shared_at, m.status)));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger coach_requests_match_counts after update of deleted_at on coach_requests
    for each row when (old.deleted_at is distinct from new.deleted_at) execute function match_counts_on_request_deleted()`.execute(db);

  await sql`
    create function match_counts_follow_agency() returns trigger language plpgsql as $$
    begin
      update athlete_match_counts set agency = new.agency where athlete_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athletes_match_counts_agency after update of agency on athletes
    for each row when (old.agency is distinct from new.agency) execute function match_counts_follow_agency()`.execute(db);

  await sql`select match_counts_refresh(array(select distinct athlete_id from matches where match_is_shared(shared_at, status)))`.execute(db);
  await sql`analyze athlete_match_counts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists athletes_match_counts_agency on athletes`.execute(db);
  await sql`drop function if exists match_counts_follow_agency()`.execute(db);
  await sql`drop trigger if exists coach_requests_match_counts on coach_requests`.execute(db);
  await sql`drop function if exists match_counts_on_request_deleted()`.execute(db);
  await sql`drop trigger if exists matches_counts_moved on matches`.execute(db);
  await sql`drop function if exists match_counts_on_match_moved()`.execute(db);
  await sql`drop trigger if exists matches_counts_gone on matches`.execute(db);
  await sql`drop trigger if exists matches_counts_added on matches`.execute(db);
  await sql`drop function if exists match_counts_on_matches_changed()`.execute(db);
  await sql`drop function if exists match_counts_refresh(uuid[])`.execute(db);
  await sql`drop index if exists matches_shared_status_idx`.execute(db);
  await sql`drop table if exists athlete_match_counts`.execute(db);
  await sql`drop function if exists match_is_shared(timestamptz, text)`.execute(db);
}
