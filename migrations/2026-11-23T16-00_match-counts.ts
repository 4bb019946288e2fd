import { sql, type Kysely } from 'kysely';

/**
 * Listed athletes per request (issue 22): the `all` and `position` views' totals without counting
 * every listed row per read. Kept by statement triggers on match_scores, so every write to the
 * index (the index jobs, cascades from deleted accounts, the rebuild's swap) moves the count in
 * its own transaction. Updates never change a row's request, so only inserts and deletes count.
 * No foreign key: a hard-deleted request's count would be recreated by its rows' cascade (and is
 * 0 after it); declined matches are subtracted at read time (few per request).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table match_request_counts (request_id uuid primary key, listed integer not null)`.execute(db);
  // One upsert per statement, in request order: concurrent writers lock the count rows in the same
  // order, so they cannot deadlock on them.
  await sql`
    create function match_request_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into match_request_counts as c (request_id, listed)
        select request_id, count(*) from new_rows group by request_id order by request_id
        on conflict (request_id) do update set listed = c.listed + excluded.listed;
      else
        insert into match_request_counts as c (request_id, listed)
        select request_id, -count(*) from old_rows group by request_id order by request_id
        on conflict (request_id) do update set listed = c.listed + excluded.listed;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger match_scores_count_insert after insert on match_scores
    referencing new table as new_rows for each statement execute function match_request_counts_apply()`.execute(db);
  await sql`
    create trigger match_scores_count_delete after delete on match_scores
    referencing old table as old_rows for each statement execute function match_request_counts_apply()`.execute(db);
  await sql`insert into match_request_counts (request_id, listed) select request_id, count(*) from match_scores group by request_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists match_scores_count_delete on match_scores`.execute(db);
  await sql`drop trigger if exists match_scores_count_insert on match_scores`.execute(db);
  await sql`drop function if exists match_request_counts_apply()`.execute(db);
  await sql`drop table if exists match_request_counts`.execute(db);
}
