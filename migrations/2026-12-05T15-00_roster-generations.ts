import { sql, type Kysely } from 'kysely';

/**
 * An agency's roster generation (issue 18/22): the API keeps the roster pages it built and
 * answers one again while the agency's generation holds (worker/src/store/roster.ts,
 * rosterGenerationSql). A roster page reads four tables by agency: athletes, athlete_best_scores,
 * athlete_news and athlete_match_counts. Each row of them now carries `roster_change`, the id of
 * the transaction that last wrote it (set by a trigger on every insert and update), and an
 * agency's rows that leave it (deleted, or moved to another agency) leave a tombstone with the
 * writer's id. The generation is the greatest id of each table's rows of the agency, read from an
 * (agency, roster_change) index, one entry each.
 *
 * Transaction ids, not a sequence or a counter row: the ids are assigned in order, and a page is
 * kept only when every transaction with an id below its generation's had ended when it was read
 * (the snapshot's xmin is above it): any later write then has a greater id and moves the greatest.
 * A counter row per agency would be written by every index job that touches a large agency's best
 * scores, and held locked until each commits.
 */
const TABLES = ['athletes', 'athlete_best_scores', 'athlete_news', 'athlete_match_counts'] as const;

/** The athlete's columns a roster page shows, sorts or filters by (its generated columns follow full_name and profile). */
const ATHLETE_SHOWN = ['full_name', 'agency', 'profile', 'profile_completed', 'age', 'primary_position', 'updated_at'];
const shownOf = (row: 'old' | 'new') => sql.raw(ATHLETE_SHOWN.map((column) => `${row}.${column}`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table roster_tombstones (
      agency text not null,
      roster_change xid8 not null,
      primary key (agency, roster_change)
    )`.execute(db);
  await sql`
    create function roster_change_mark() returns trigger language plpgsql as $$
    begin
      new.roster_change := pg_current_xact_id();
      if old.agency is distinct from new.agency and old.agency is not null then
        insert into roster_tombstones (agency, roster_change) values (old.agency, new.roster_change) on conflict do nothing;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create function roster_change_gone() returns trigger language plpgsql as $$
    begin
      if old.agency is not null then
        insert into roster_tombstones (agency, roster_change) values (old.agency, pg_current_xact_id()) on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    // A volatile default: every existing row gets this migration's id.
    await sql`alter table ${sql.table(table)} add column roster_change xid8 not null default pg_current_xact_id()`.execute(db);
    await sql`create index ${sql.id(`${table}_roster_change_idx`)} on ${sql.table(table)} (agency, roster_change)`.execute(db);
    // An athlete's row is also written for what the roster does not show (the index's version): only
    // a change of what it shows marks it, so those writes stay as they were (HOT, no index entry).
    const when = table === 'athletes' ? sql`when ((${shownOf('old')}) is distinct from (${shownOf('new')}))` : sql``;
    await sql`create trigger roster_change_mark before update on ${sql.table(table)} for each row ${when} execute function roster_change_mark()`.execute(db);
    await sql`create trigger roster_change_gone after delete on ${sql.table(table)} for each row execute function roster_change_gone()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger if exists roster_change_gone on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists roster_change_mark on ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column if exists roster_change`.execute(db);
  }
  await sql`drop function if exists roster_change_gone()`.execute(db);
  await sql`drop function if exists roster_change_mark()`.execute(db);
  await sql`drop table if exists roster_tombstones`.execute(db);
}
