import { sql, type Kysely } from 'kysely';

/**
 * Athletes per agency (issue 18): the agent's whole roster is counted on every unsearched page,
 * and counting an agency's index entries cost 6 ms at 47,070 athletes on the 2-core AMD VM. Kept
 * by triggers on athletes, in the writing transaction: statement triggers for inserts and deletes
 * (a COPY of many athletes moves each agency's count once), a row trigger for the rare change of
 * an athlete's agency. Each trigger upserts its agencies' rows in agency order, so concurrent
 * writers lock them in one order and cannot deadlock on them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table agency_athlete_counts (agency text primary key, athletes integer not null)`.execute(db);
  await sql`
    create function agency_athlete_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into agency_athlete_counts as c (agency, athletes)
        select agency, count(*) from new_rows where agency is not null group by agency order by agency
        on conflict (agency) do update set athletes = c.athletes + excluded.athletes;
      elsif tg_op = 'DELETE' then
        insert into agency_athlete_counts as c (agency, athletes)
        select agency, -count(*) from old_rows where agency is not null group by agency order by agency
        on conflict (agency) do update set athletes = c.athletes + excluded.athletes;
      else
        insert into agency_athlete_counts as c (agency, athletes)
        select v.agency, v.delta from (values (old.agency, -1), (new.agency, 1)) as v(agency, delta)
        where v.agency is not null order by v.agency
        on conflict (agency) do update set athletes = c.athletes + excluded.athletes;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athletes_agency_count_insert after insert on athletes
    referencing new table as new_rows for each statement execute function agency_athlete_counts_apply()`.execute(db);
  await sql`
    create trigger athletes_agency_count_delete after delete on athletes
    referencing old table as old_rows for each statement execute function agency_athlete_counts_apply()`.execute(db);
  await sql`
    create trigger athletes_agency_count_move after update of agency on athletes
    for each row when (old.agency is distinct from new.agency) execute function agency_athlete_counts_apply()`.execute(db);
  await sql`insert into agency_athlete_counts (agency, athletes) select agency, count(*) from athletes where agency is not null group by agency`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists athletes_agency_count_move on athletes`.execute(db);
  await sql`drop trigger if exists athletes_agency_count_delete on athletes`.execute(db);
  await sql`drop trigger if exists athletes_agency_count_insert on athletes`.execute(db);
  await sql`drop function if exists agency_athlete_counts_apply()`.execute(db);
  await sql`drop table if exists agency_athlete_counts`.execute(db);
}
