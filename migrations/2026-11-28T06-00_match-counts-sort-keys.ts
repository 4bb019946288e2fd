import { sql, type Kysely } from 'kysely';

/**
 * Each athlete's stored match counts (athlete_match_counts, migration 2026-11-28T02-00) carry the
 * athlete's lower-cased name and last update, and the agency's index of them holds both: the
 * roster narrowed to athletes with shared matches (nothing else narrowing but a short search)
 * then finds and sorts them from index entries alone. It read each found athlete's row for those
 * two columns: the 821 athletes with shared matches at Eture with the benchmark's seeded matches,
 * 3,284 buffers and most of a 3 ms read.
 *
 * Kept as the agency is: written when an athlete's row is added, and following the athlete's
 * name, last update and agency (the trigger that followed the agency alone is replaced).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table athlete_match_counts add column name_key text, add column updated_at timestamptz`.execute(db);
  await sql`update athlete_match_counts c set name_key = a.name_key, updated_at = a.updated_at from athletes a where a.id = c.athlete_id`.execute(db);
  await sql`drop index athlete_match_counts_agency_idx`.execute(db);
  await sql`
    create index athlete_match_counts_agency_idx on athlete_match_counts (agency)
    include (athlete_id, accepted, pending, declined, name_key, updated_at) where accepted + pending + declined > 0`.execute(db);

  await sql`
    create or replace function match_counts_refresh(ids uuid[]) returns void language plpgsql as $$
    begin
      insert into athlete_match_counts (athlete_id, agency, name_key, updated_at)
      select a.id, a.agency, a.name_key, a.updated_at from athletes a where a.id = any(ids) order by a.id
      on conflict (athlete_id) do nothing;
      -- Locked before the recount, which is a statement of its own (see migration 2026-11-28T02-00).
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

  await sql`drop trigger athletes_match_counts_agency on athletes`.execute(db);
  await sql`drop function match_counts_follow_agency()`.execute(db);
  await sql`
    create function match_counts_follow_athlete() returns trigger language plpgsql as $$
    begin
      update athlete_match_counts set agency = new.agency, name_key = new.name_key, updated_at = new.updated_at where athlete_id = new.id;
      return null;
    end $$`.execute(db);
  // name_key is generated from full_name: the profile save sets full_name.
  await sql`
    create trigger athletes_match_counts_follow after update of agency, full_name, updated_at on athletes
    for each row when (old.agency is distinct from new.agency or old.name_key is distinct from new.name_key
                       or old.updated_at is distinct from new.updated_at)
    execute function match_counts_follow_athlete()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists athletes_match_counts_follow on athletes`.execute(db);
  await sql`drop function if exists match_counts_follow_athlete()`.execute(db);
  await sql`
    create or replace function match_counts_follow_agency() returns trigger language plpgsql as $$
    begin
      update athlete_match_counts set agency = new.agency where athlete_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athletes_match_counts_agency after update of agency on athletes
    for each row when (old.agency is distinct from new.agency) execute function match_counts_follow_agency()`.execute(db);

  await sql`
    create or replace function match_counts_refresh(ids uuid[]) returns void language plpgsql as $$
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

  await sql`drop index if exists athlete_match_counts_agency_idx`.execute(db);
  await sql`
    create index athlete_match_counts_agency_idx on athlete_match_counts (agency)
    include (athlete_id, accepted, pending, declined) where accepted + pending + declined > 0`.execute(db);
  await sql`alter table athlete_match_counts drop column if exists name_key, drop column if exists updated_at`.execute(db);
}
