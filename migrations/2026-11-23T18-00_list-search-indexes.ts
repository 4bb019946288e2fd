import { sql, type Kysely } from 'kysely';

/**
 * Issue 18's performance goals (roster search and filtered lists at 100,000 athletes):
 * - `athletes.name_key`, the lower-cased name (a stored generated column): name search and name
 *   order read it from indexes alone. (agency, name_key, id) replaces (agency, lower(full_name), id):
 *   a search too short for trigrams (two letters) is then counted from the index without reading
 *   a single row, and a page in name order stops after its 25 athletes.
 * - longer searches through a trigram index on name_key. pg_trgm ships with Postgres and is a
 *   trusted extension; where it cannot be created (the embedded database loads no extensions) the
 *   index is left out and the search reads the btree above, which costs little at embedded sizes.
 * - the roster's best score per athlete (max(score) of its rows) from one index entry:
 *   (athlete_id, score desc) replaces the athlete_id index (which it also serves: cascades, jobs).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table athletes add column name_key text generated always as (lower(full_name)) stored`.execute(db);
  await sql`create index athletes_agency_name_key_idx on athletes (agency, name_key, id)`.execute(db);
  await sql`drop index athletes_agency_name_idx`.execute(db);
  await sql`
    do $$ begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available: name search is not trigram-indexed';
    end $$`.execute(db);
  await sql`
    do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        execute 'create index athletes_name_key_trgm_idx on athletes using gin (name_key gin_trgm_ops)';
      end if;
    end $$`.execute(db);
  await sql`create index match_scores_athlete_score_idx on match_scores (athlete_id, score desc)`.execute(db);
  await sql`drop index match_scores_athlete_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index match_scores_athlete_idx on match_scores (athlete_id)`.execute(db);
  await sql`drop index if exists match_scores_athlete_score_idx`.execute(db);
  await sql`drop index if exists athletes_name_key_trgm_idx`.execute(db);
  await sql`create index athletes_agency_name_idx on athletes (agency, lower(full_name), id)`.execute(db);
  await sql`alter table athletes drop column name_key`.execute(db);
}
