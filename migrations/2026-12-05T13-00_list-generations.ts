import { sql, type Kysely } from 'kysely';

/**
 * A request's list generation (issue 22): a value that moves whenever any of the request's index
 * rows is written, so the API can keep a page it has built and tell, with one small read, whether
 * it still holds (api/src/lib/list-cache.ts). Two values, each from one sequence (so a row that is
 * deleted and created again never repeats an old value):
 * - match_request_counts.generation, moved with the count by the insert and delete triggers;
 * - match_list_updates.generation, moved by a new statement trigger on updates.
 * Two tables, not one: an upsert fires its update and its insert triggers one after the other,
 * and two upserts taking the same rows in two passes could deadlock; each pass now locks rows of
 * its own table, in request order, and every upsert runs the passes in the same order. Not
 * coach_requests: the index writers hold share locks on its rows (writeScores), which an update
 * from a trigger would wait on.
 */
/** match_request_counts_apply (migration 2026-11-23T16-00), moving the list generation with the count or, as before, not. */
const countsApply = (movesGeneration: boolean) => {
  const set = movesGeneration ? sql`listed = c.listed + excluded.listed, generation = nextval('match_list_generation')` : sql`listed = c.listed + excluded.listed`;
  return sql`
    create or replace function match_request_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into match_request_counts as c (request_id, listed)
        select request_id, count(*) from new_rows group by request_id order by request_id
        on conflict (request_id) do update set ${set};
      else
        insert into match_request_counts as c (request_id, listed)
        select request_id, -count(*) from old_rows group by request_id order by request_id
        on conflict (request_id) do update set ${set};
      end if;
      return null;
    end $$`;
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence match_list_generation`.execute(db);
  await sql`alter table match_request_counts add column generation bigint not null default nextval('match_list_generation')`.execute(db);
  await countsApply(true).execute(db);
  await sql`create table match_list_updates (request_id uuid primary key, generation bigint not null default nextval('match_list_generation'))`.execute(db);
  await sql`
    create function match_list_updates_apply() returns trigger language plpgsql as $$
    begin
      insert into match_list_updates as u (request_id)
      select distinct request_id from new_rows order by request_id
      on conflict (request_id) do update set generation = nextval('match_list_generation');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger match_scores_list_update after update on match_scores
    referencing new table as new_rows for each statement execute function match_list_updates_apply()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists match_scores_list_update on match_scores`.execute(db);
  await sql`drop function if exists match_list_updates_apply()`.execute(db);
  await sql`drop table if exists match_list_updates`.execute(db);
  await countsApply(false).execute(db);
  await sql`alter table match_request_counts drop column generation`.execute(db);
  await sql`drop sequence if exists match_list_generation`.execute(db);
}
