import { sql, type Kysely } from 'kysely';

/**
 * The match index's read paths and bookkeeping (worker/src/processors/index-*.ts,
 * api/src/routes/matches-index.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The 'position' view (decision S13) read in index order: exact primary, other primary,
  // secondary, then by rank. The expression must stay identical to POSITION_TIER_SQL in
  // api/src/routes/matches-index.ts for the planner to use this index.
  await sql`
    create index match_scores_position_idx on match_scores (
      request_id,
      (case when position_match = 'primary' and position_exact then 0 when position_match = 'primary' then 1 when position_match = 'secondary' then 2 else 3 end),
      score desc, athlete_updated_at desc, athlete_id
    )`.execute(db);

  // When a request's list was last computed (the ranked list's `computedAt`).
  await db.schema.alterTable('coach_requests').addColumn('indexed_at', 'timestamptz').execute();

  // The request job reads candidates by position group: primary in the group (served by the
  // existing (primary_position, secondary_position) partial index) or secondary in it (this one).
  await sql`create index athletes_completed_secondary_idx on athletes (secondary_position) where profile_completed`.execute(db);

  // Index lag (GET /api/health): the oldest change not yet indexed, without scanning every athlete.
  await sql`create index athletes_unindexed_idx on athletes (updated_at) where indexed_version < version`.execute(db);
  await sql`create index coach_requests_unindexed_idx on coach_requests (created_at) where indexed_version < version`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists coach_requests_unindexed_idx`.execute(db);
  await sql`drop index if exists athletes_unindexed_idx`.execute(db);
  await sql`drop index if exists athletes_completed_secondary_idx`.execute(db);
  await db.schema.alterTable('coach_requests').dropColumn('indexed_at').execute();
  await sql`drop index if exists match_scores_position_idx`.execute(db);
}
