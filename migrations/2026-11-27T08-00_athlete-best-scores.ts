import { sql, type Kysely } from 'kysely';

/**
 * Each athlete's best score (issue 18: the agent roster sorted by best score). Read as
 * `max(score)` per athlete at read time, that sort probed match_scores once per athlete of the
 * agency: 345 ms a page for an agency of 47,070 athletes. Stored here, with the athlete's agency
 * and name key, one index walk serves the sort like the name and last-updated sorts.
 *
 * A maximum does not commute the way a count does: two jobs writing one athlete's rows at once,
 * each recomputing the maximum in its own transaction, can each miss the other's uncommitted row
 * and leave it stale. So writes to match_scores only mark their athletes (statement triggers; the
 * mark commits with the write), and refresh_athlete_best_scores() recomputes the marked athletes
 * one call at a time (an advisory lock): it deletes the marks it sees and recomputes from a
 * snapshot taken after the lock, in which every write whose mark it saw has committed. A mark
 * committed later stays for the next call. The index jobs call it when they finish, the outbox
 * relay on its passes (for cascades from deleted accounts), the rebuild after its swap (with
 * `every`: its new table was loaded without triggers).
 *
 * Rows exist for every athlete (null best until one is listed), written with the athlete by
 * triggers on athletes, so the agency, name key and position (the roster's other sort keys and
 * its most used filter) are the athlete's in the same transaction and the refresh only ever
 * updates the best score.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table athlete_best_scores (
      athlete_id uuid primary key references athletes(id) on delete cascade,
      agency text,
      name_key text,
      primary_position text,
      best_score double precision
    )`.execute(db);
  // The position rides in the index: a roster narrowed by position walks the entries alone.
  await sql`
    create index athlete_best_scores_agency_idx on athlete_best_scores (agency, best_score desc nulls last, name_key, athlete_id)
    include (primary_position)`.execute(db);
  // The roster narrowed by position, by name (and its count up to the cap): that position's entries
  // only, instead of every athlete of the agency (a count of 1,001 goalkeepers at Eture read 30,000 rows).
  await sql`create index athletes_agency_position_idx on athletes (agency, primary_position, name_key, id)`.execute(db);
  await sql`create table athlete_best_score_marks (athlete_id uuid not null)`.execute(db);

  await sql`
    create function athlete_best_scores_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into athlete_best_scores (athlete_id, agency, name_key, primary_position)
        select id, agency, name_key, primary_position from new_rows order by id on conflict (athlete_id) do nothing;
      else
        update athlete_best_scores set agency = new.agency, name_key = new.name_key, primary_position = new.primary_position
        where athlete_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athletes_best_score_insert after insert on athletes
    referencing new table as new_rows for each statement execute function athlete_best_scores_follow()`.execute(db);
  await sql`
    create trigger athletes_best_score_follow after update of agency, full_name, primary_position on athletes
    for each row when (old.agency is distinct from new.agency or old.name_key is distinct from new.name_key
                       or old.primary_position is distinct from new.primary_position)
    execute function athlete_best_scores_follow()`.execute(db);

  await sql`
    create function athlete_best_score_mark() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into athlete_best_score_marks (athlete_id) select distinct athlete_id from old_rows;
      else
        insert into athlete_best_score_marks (athlete_id) select distinct athlete_id from new_rows;
      end if;
      return null;
    end $$`.execute(db);
  for (const [name, event, table] of [
    ['match_scores_best_insert', 'insert', 'new table as new_rows'],
    ['match_scores_best_update', 'update', 'new table as new_rows'],
    ['match_scores_best_delete', 'delete', 'old table as old_rows'],
  ] as const) {
    await sql
      .raw(`create trigger ${name} after ${event} on match_scores referencing ${table} for each statement execute function athlete_best_score_mark()`)
      .execute(db);
  }

  // Returns how many athletes it recomputed. `every`: all of them, whatever is marked.
  await sql`
    create function refresh_athlete_best_scores(every boolean default false) returns integer language plpgsql as $$
    declare
      ids uuid[];
    begin
      if not every and not exists (select 1 from athlete_best_score_marks) then
        return 0;
      end if;
      perform pg_advisory_xact_lock(hashtext('athlete_best_scores'));
      -- A new statement: its snapshot is taken now, after the lock.
      with marked as (delete from athlete_best_score_marks returning athlete_id)
      select array_agg(distinct athlete_id) into ids from marked;
      if every then
        select array_agg(athlete_id) into ids from athlete_best_scores;
      end if;
      if ids is null then
        return 0;
      end if;
      -- The athletes as an array, not a join with the marks: the planner cannot know how many
      -- marks there are, and joined it read all of athlete_best_scores to refresh one athlete
      -- (20-40 ms at 100,000 athletes). Rows locked in id order: an athlete's save updates its
      -- row too (athlete_best_scores_follow).
      with computed as (
        select id, (select max(ms.score) from match_scores ms where ms.athlete_id = id) as best from unnest(ids) as id),
      locked as (
        select b.athlete_id, c.best from computed c join athlete_best_scores b on b.athlete_id = c.id
        where b.best_score is distinct from c.best order by b.athlete_id for update of b)
      update athlete_best_scores b set best_score = l.best from locked l where b.athlete_id = l.athlete_id;
      return cardinality(ids);
    end $$`.execute(db);

  await sql`
    insert into athlete_best_scores (athlete_id, agency, name_key, primary_position)
    select id, agency, name_key, primary_position from athletes`.execute(db);
  await sql`select refresh_athlete_best_scores(true)`.execute(db);
  // The roster's plans need to know the agencies' sizes now (the whole migration: 4 s at 100,000 athletes).
  await sql`analyze athlete_best_scores`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists refresh_athlete_best_scores(boolean)`.execute(db);
  await sql`drop trigger if exists match_scores_best_delete on match_scores`.execute(db);
  await sql`drop trigger if exists match_scores_best_update on match_scores`.execute(db);
  await sql`drop trigger if exists match_scores_best_insert on match_scores`.execute(db);
  await sql`drop function if exists athlete_best_score_mark()`.execute(db);
  await sql`drop trigger if exists athletes_best_score_follow on athletes`.execute(db);
  await sql`drop trigger if exists athletes_best_score_insert on athletes`.execute(db);
  await sql`drop function if exists athlete_best_scores_follow()`.execute(db);
  await sql`drop table if exists athlete_best_score_marks`.execute(db);
  await sql`drop table if exists athlete_best_scores`.execute(db);
  await sql`drop index if exists athletes_agency_position_idx`.execute(db);
}
