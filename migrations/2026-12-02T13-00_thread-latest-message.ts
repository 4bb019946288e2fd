import { sql, type Kysely } from 'kysely';

/**
 * Each match carries the time of its conversation's latest message, and the list of a user's
 * conversations walks an index of their threads by that time: the coach's by coach, the athlete's
 * by athlete, the agent's by agency (matches.agency, migration 2026-11-29T09-00). The list read the
 * latest message of every match the user may see and sorted them all: at the benchmark's size an
 * agent of the largest agency (about 8,500 shared matches) paid 57 ms of Postgres time per page.
 * Now a page is the first 51 entries of one index range, and only those read their latest message.
 *
 * Kept by a trigger on messages (any writer: the API, the demo, the seeds, tests), under the
 * match row's lock the API's post already holds. `greatest`: a message written with an earlier
 * time never moves a thread back.
 */
export const vacuumAfter = ['matches'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table matches add column last_message_at timestamptz`.execute(db);
  await sql`
    update matches m set last_message_at = l.at
    from (select match_id, max(created_at) as at from messages group by match_id) l
    where l.match_id = m.id`.execute(db);
  await sql`
    create function matches_take_last_message() returns trigger language plpgsql as $$
    begin
      update matches set last_message_at = greatest(last_message_at, new.created_at) where id = new.match_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger messages_thread_latest after insert on messages for each row execute function matches_take_last_message()`.execute(db);
  for (const [name, column] of [
    ['matches_coach_threads_idx', 'coach_id'],
    ['matches_athlete_threads_idx', 'athlete_id'],
    ['matches_agency_threads_idx', 'agency'],
  ])
    await sql`create index ${sql.id(name)} on matches (${sql.id(column)}, last_message_at desc, id desc) where last_message_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['matches_coach_threads_idx', 'matches_athlete_threads_idx', 'matches_agency_threads_idx'])
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`drop trigger if exists messages_thread_latest on messages`.execute(db);
  await sql`drop function if exists matches_take_last_message()`.execute(db);
  await sql`alter table matches drop column if exists last_message_at`.execute(db);
}
