import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The size of the list a coach is told about (the top15 view, decision S13). */
export const TOP_LIST_SIZE = 15;

/**
 * After an index job changed some requests' lists: every pair now in a request's top 15 that was
 * never there before is recorded (top15_entries) and, when `announce`, gets a 'top15'
 * notification event with its outbox row, all in one transaction (N3). A request whose first
 * list is still being computed announces nothing (its initial list is not news), and a request
 * job only records its top 15 (the coach changed the request and sees the new list), so "newly
 * entered" means an athlete's change (or another athlete leaving) brought the pair in.
 * Returns the ids of the events written.
 */
export async function recordTop15Entries(db: Kysely<Database>, requestIds: readonly string[], announce: boolean): Promise<string[]> {
  if (requestIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      with top as (
        select t.request_id, t.athlete_id
        from unnest(${[...requestIds]}::uuid[]) as f(request_id)
        join coach_requests r on r.id = f.request_id and r.deleted_at is null ${announce ? sql`and r.indexed_version > 0` : sql``}
        cross join lateral (
          select s.request_id, s.athlete_id from match_scores s
          where s.request_id = f.request_id
          order by s.score desc, s.athlete_updated_at desc, s.athlete_id
          limit ${TOP_LIST_SIZE}
        ) t
      ),
      fresh as (
        insert into top15_entries (request_id, athlete_id)
        select request_id, athlete_id from top
        order by request_id, athlete_id
        on conflict do nothing
        returning request_id, athlete_id
      ),
      events as (
        insert into notification_events (kind, request_id, athlete_id)
        select 'top15', request_id, athlete_id from fresh where ${announce}
        returning id
      ),
      queued as (
        insert into outbox (kind, entity_id, version)
        select 'notification', id, 0 from events
        returning entity_id
      )
      select entity_id as id from queued`.execute(trx);
    return rows.map((r) => r.id);
  });
}
