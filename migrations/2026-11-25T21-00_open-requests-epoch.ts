import { sql, type Kysely } from 'kysely';

/**
 * Issue 22: the open requests' epoch, a counter that moves whenever a request is created, deleted
 * or changes version (the athlete job's cached list of open requests is then stale). Each athlete
 * job used to check an md5 of every open request's id and version instead: a scan and sort of the
 * requests per job (0.8 ms of Postgres at 1,000 requests). The trigger is deferred: it runs at
 * commit, so the epoch and the change become visible together, and a transaction takes the
 * epoch row's lock only as it commits (after every request lock it takes: no deadlock).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table open_requests_epoch (only_row boolean primary key default true check (only_row), epoch bigint not null)`.execute(db);
  await sql`insert into open_requests_epoch (epoch) values (0)`.execute(db);
  await sql`
    create function open_requests_epoch_bump() returns trigger language plpgsql as $$
    begin
      update open_requests_epoch set epoch = epoch + 1;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger coach_requests_epoch after insert or delete or update of version, deleted_at on coach_requests
    deferrable initially deferred for each row execute function open_requests_epoch_bump()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists coach_requests_epoch on coach_requests`.execute(db);
  await sql`drop function if exists open_requests_epoch_bump()`.execute(db);
  await sql`drop table if exists open_requests_epoch`.execute(db);
}
