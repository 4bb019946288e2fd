import { sql, type Kysely } from 'kysely';

/**
 * match_scores' primary key led by the athlete, with the score included: (athlete_id, request_id)
 * INCLUDE (score) takes over from the (athlete_id, score desc) index, which served an athlete's
 * rows (the index jobs, the cascades from athletes) and their best score (max(score),
 * refresh_athlete_best_scores). The key's uniqueness and the upserts' conflict target
 * (request_id, athlete_id) are the same pair; the request-led reads walk the view indexes, led by
 * the request. One index fewer of 6.5M entries at 100,000 athletes x 1,000 requests: less for the
 * full rebuild to build (all of the live table's indexes, read from the catalog) and for every
 * index write to keep.
 *
 * The new key is built while the migration holds the table: about 7 s at 100,000 athletes x 1,000
 * requests on a 2-core VM, during which the ranked lists wait (minutes at a million athletes: a
 * deployment for a quiet hour).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table match_scores drop constraint match_scores_pkey`.execute(db);
  await sql`alter table match_scores add constraint match_scores_pkey primary key (athlete_id, request_id) include (score)`.execute(db);
  await sql`drop index match_scores_athlete_score_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index match_scores_athlete_score_idx on match_scores (athlete_id, score desc)`.execute(db);
  await sql`alter table match_scores drop constraint match_scores_pkey`.execute(db);
  await sql`alter table match_scores add constraint match_scores_pkey primary key (request_id, athlete_id)`.execute(db);
}
