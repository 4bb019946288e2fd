import { sql, type Kysely } from 'kysely';

/**
 * Decisions M6-M8 and request edits (docs/decisions/004, 005).
 * - matches.shared_at: when the match was first shared with the athlete (M8: athletes and agents
 *   see a match only from then on). A coach's private decline of a player never shared has none.
 * - matches.status_by: who set the current status ('coach', 'athlete', or 'system' for the
 *   athlete's auto-accept preference); M6 refuses coach moves over the athlete's own answer.
 * - matches.status null: the player is back in the coach's pool, never shared (M7: restoring a
 *   private decline). The row stays so the audit trail keeps the decline and the restore;
 *   match_events.to_status is null for that restore.
 * - coach_requests.updated_at: when the request was last edited (the stale-index sweep's clock).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table matches alter column status drop not null`.execute(db);
  await sql`alter table match_events alter column to_status drop not null`.execute(db);
  await db.schema.alterTable('matches').addColumn('shared_at', 'timestamptz').execute();
  await db.schema
    .alterTable('matches')
    .addColumn('status_by', 'text', (c) => c.check(sql`status_by in ('coach','athlete','system')`))
    .execute();
  // Any move to pending or accepted showed the match to the athlete.
  await sql`
    update matches m set shared_at = e.first_shared
    from (select match_id, min(created_at) as first_shared from match_events
          where to_status in ('pending','accepted') group by match_id) e
    where e.match_id = m.id`.execute(db);
  await sql`
    update matches m set status_by = e.actor_role
    from (select distinct on (match_id) match_id, actor_role from match_events order by match_id, id desc) e
    where e.match_id = m.id`.execute(db);
  await db.schema.alterTable('coach_requests').addColumn('updated_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coach_requests').dropColumn('updated_at').execute();
  await db.schema.alterTable('matches').dropColumn('status_by').execute();
  await db.schema.alterTable('matches').dropColumn('shared_at').execute();
  await sql`delete from matches where status is null`.execute(db);
  await sql`delete from match_events where to_status is null`.execute(db);
  await sql`alter table match_events alter column to_status set not null`.execute(db);
  await sql`alter table matches alter column status set not null`.execute(db);
}
