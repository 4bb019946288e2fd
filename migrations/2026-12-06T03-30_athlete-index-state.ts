import { sql, type Kysely } from 'kysely';

/**
 * An athlete's index bookkeeping moves out of `athletes` into a narrow table of its own
 * (issue 22: the rebuild at a million athletes). Marking an athlete indexed used to update its
 * `athletes` row: about 1.9 KB wide, on pages with no room left (so never a HOT update), with 15
 * indexes, two of them GIN trigram indexes, each given a new entry per mark. 5,000 marks took 360
 * ms on a warm 100,000-athlete database (72 µs each) against 44 ms on a narrow table (9 µs), and
 * a seeded or restored million-athlete database's first rebuild spent most of its time after the
 * index builds marking (the athletes' pages read back from disk). Every athlete job marked too.
 *
 * athlete_index_state holds each athlete's version (followed from `athletes` by triggers: the
 * table the write paths bump stays the one place it is set) and the version the index has
 * scored. Its partial index finds the athletes not yet indexed (the stale-index sweep, the health
 * check), as athletes_unindexed_idx did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table athlete_index_state (
      athlete_id uuid primary key references athletes (id) on delete cascade,
      version bigint not null,
      indexed_version bigint not null default 0
    )`.execute(db);
  await sql`insert into athlete_index_state (athlete_id, version, indexed_version) select id, version, indexed_version from athletes`.execute(db);
  await sql`create index athlete_index_state_unindexed_idx on athlete_index_state (athlete_id) where indexed_version < version`.execute(db);
  // New athletes, a statement at a time (a seed's COPY of a million rows is one insert here).
  await sql`
    create function athlete_index_state_insert() returns trigger language plpgsql as $$
    begin
      insert into athlete_index_state (athlete_id, version) select id, version from new_rows;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athlete_index_state_insert after insert on athletes
    referencing new table as new_rows for each statement execute function athlete_index_state_insert()`.execute(db);
  // A changed version, a row at a time (a save changes one athlete; a statement with a column list
  // cannot see transition tables).
  await sql`
    create function athlete_index_state_version() returns trigger language plpgsql as $$
    begin
      update athlete_index_state set version = new.version where athlete_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athlete_index_state_version after update of version on athletes
    for each row when (old.version is distinct from new.version) execute function athlete_index_state_version()`.execute(db);
  await sql`drop index athletes_unindexed_idx`.execute(db);
  await sql`alter table athletes drop column indexed_version`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table athletes add column indexed_version bigint not null default 0`.execute(db);
  await sql`update athletes a set indexed_version = s.indexed_version from athlete_index_state s where s.athlete_id = a.id`.execute(db);
  await sql`create index athletes_unindexed_idx on athletes (updated_at) where indexed_version < version`.execute(db);
  await sql`drop trigger if exists athlete_index_state_version on athletes`.execute(db);
  await sql`drop trigger if exists athlete_index_state_insert on athletes`.execute(db);
  await sql`drop function if exists athlete_index_state_version()`.execute(db);
  await sql`drop function if exists athlete_index_state_insert()`.execute(db);
  await sql`drop table if exists athlete_index_state`.execute(db);
}
