import { sql, type Kysely } from 'kysely';

/**
 * Issue 18's performance goals (roster search and filtered lists at 100,000 athletes):
 * - name search (`lower(full_name) like '%…%'`, the agent roster and "Why not?") through a
 *   trigram index. pg_trgm ships with Postgres and is a trusted extension; where it cannot be
 *   created (the embedded database loads no extensions) the search keeps scanning, which at
 *   embedded sizes costs little, and the index is left out.
 * - the roster's best score per athlete (max(score) of its rows) read from one index entry:
 *   (athlete_id, score desc) replaces the athlete_id index (which it also serves: cascades, jobs).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$ begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available: name search is not indexed';
    end $$`.execute(db);
  await sql`
    do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        execute 'create index athletes_name_trgm_idx on athletes using gin (lower(full_name) gin_trgm_ops)';
      end if;
    end $$`.execute(db);
  await sql`create index match_scores_athlete_score_idx on match_scores (athlete_id, score desc)`.execute(db);
  await sql`drop index match_scores_athlete_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index match_scores_athlete_idx on match_scores (athlete_id)`.execute(db);
  await sql`drop index if exists match_scores_athlete_score_idx`.execute(db);
  await sql`drop index if exists athletes_name_trgm_idx`.execute(db);
}
