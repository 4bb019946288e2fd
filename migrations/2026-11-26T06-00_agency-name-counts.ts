import { sql, type Kysely } from 'kysely';

/**
 * Athletes per agency and short piece of name (issue 18): how many of an agency's athletes have a
 * name (name_key) containing each string of one to three characters. A roster search that short
 * is too short for the trigram index, and counting it walked the agency's names: "lu" matches one
 * name in 25, so counting up to the cap read about 25,000 of 47,070 names (5.6 ms; 0.5 ms with
 * this table, and the count is exact instead of capped).
 *
 * `name_parts(name)`: the name's distinct substrings of one to three characters, so an athlete
 * counts once per part however often it occurs. Kept like agency_athlete_counts: statement
 * triggers for inserts and deletes (a COPY of many athletes moves each row once), a row trigger
 * for the rarer change of an athlete's name or agency; every trigger upserts in (agency, part)
 * order, so concurrent writers lock the rows in one order and cannot deadlock on them. Rows that
 * fall to zero stay (a name may come back; the table is a few thousand rows per agency).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function name_parts(name text) returns text[] language sql immutable parallel safe
    return array(select distinct substr(name, i, n) from generate_series(1, 3) as n, generate_series(1, length(name) - n + 1) as i)`.execute(db);
  await sql`create table agency_name_counts (agency text not null, part text not null, athletes integer not null, primary key (agency, part))`.execute(
    db,
  );
  await sql`
    create function agency_name_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into agency_name_counts as c (agency, part, athletes)
        select r.agency, p.part, count(*) from new_rows r, unnest(name_parts(r.name_key)) as p(part)
        where r.agency is not null group by r.agency, p.part order by r.agency, p.part
        on conflict (agency, part) do update set athletes = c.athletes + excluded.athletes;
      elsif tg_op = 'DELETE' then
        insert into agency_name_counts as c (agency, part, athletes)
        select r.agency, p.part, -count(*) from old_rows r, unnest(name_parts(r.name_key)) as p(part)
        where r.agency is not null group by r.agency, p.part order by r.agency, p.part
        on conflict (agency, part) do update set athletes = c.athletes + excluded.athletes;
      else
        insert into agency_name_counts as c (agency, part, athletes)
        select v.agency, p.part, sum(v.delta) from (values (old.agency, old.name_key, -1), (new.agency, new.name_key, 1)) as v(agency, name_key, delta),
          unnest(name_parts(v.name_key)) as p(part)
        where v.agency is not null group by v.agency, p.part having sum(v.delta) <> 0 order by v.agency, p.part
        on conflict (agency, part) do update set athletes = c.athletes + excluded.athletes;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athletes_name_count_insert after insert on athletes
    referencing new table as new_rows for each statement execute function agency_name_counts_apply()`.execute(db);
  await sql`
    create trigger athletes_name_count_delete after delete on athletes
    referencing old table as old_rows for each statement execute function agency_name_counts_apply()`.execute(db);
  await sql`
    create trigger athletes_name_count_change after update of agency, full_name on athletes
    for each row when (old.agency is distinct from new.agency or old.name_key is distinct from new.name_key)
    execute function agency_name_counts_apply()`.execute(db);
  await sql`
    insert into agency_name_counts (agency, part, athletes)
    select a.agency, p.part, count(*) from athletes a, unnest(name_parts(a.name_key)) as p(part)
    where a.agency is not null group by a.agency, p.part`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists athletes_name_count_change on athletes`.execute(db);
  await sql`drop trigger if exists athletes_name_count_delete on athletes`.execute(db);
  await sql`drop trigger if exists athletes_name_count_insert on athletes`.execute(db);
  await sql`drop function if exists agency_name_counts_apply()`.execute(db);
  await sql`drop table if exists agency_name_counts`.execute(db);
  await sql`drop function if exists name_parts(text)`.execute(db);
}
