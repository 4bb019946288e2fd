import { sql } from 'kysely';
import type { Db } from './result.ts';

/** Whether the database answers at all. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  return sql`select 1`
    .execute(db)
    .then(() => true)
    .catch(() => false);
}

/** The match index's and the outbox's operating figures (GET /api/health). */
export interface IndexHealthRow {
  unpublished: string;
  oldest_unpublished: Date | null;
  unindexed_athletes: string;
  unindexed_requests: string;
  oldest_unindexed: Date | null;
  now: Date;
}

/**
 * Outbox rows not yet published and changes not yet indexed, with the oldest of each. Each part
 * reads a partial index (outbox_unpublished_idx, athlete_index_state_unindexed_idx,
 * coach_requests_unindexed_idx), so this stays cheap when the index is caught up.
 */
export async function indexHealth(db: Db): Promise<IndexHealthRow> {
  const { rows } = await sql<IndexHealthRow>`
    select
      (select count(*) from outbox where published_at is null) as unpublished,
      (select min(created_at) from outbox where published_at is null) as oldest_unpublished,
      (select count(*) from athlete_index_state where indexed_version < version) as unindexed_athletes,
      (select count(*) from coach_requests where indexed_version < version) as unindexed_requests,
      least(
        (select min(a.updated_at) from athlete_index_state s join athletes a on a.id = s.athlete_id where s.indexed_version < s.version),
        (select min(greatest(created_at, updated_at, deleted_at)) from coach_requests where indexed_version < version)
      ) as oldest_unindexed,
      now() as now`.execute(db);
  return rows[0];
}
