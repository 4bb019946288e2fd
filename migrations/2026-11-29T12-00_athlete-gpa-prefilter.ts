import { sql, type Kysely } from 'kysely';

/**
 * A request job finds the athletes its prefilter admits (worker/src/store/scoring-inputs.ts) by
 * position and GPA floor, then age, gender and transfer. The GPA was read from each candidate's
 * profile JSON, so the ids took a bitmap scan of nearly every athlete's row (a request's positions
 * match half of them): 0.4-1.4 s of a 1-2.4 s minimum-GPA edit at 100k athletes on a 2-core VM,
 * the largest part of "edit -> list ready". Now:
 *
 * - `athletes.gpa`, the profile's GPA when valid, else null, as a stored generated column (as
 *   league_level is). The rule is the scorer's (domain `validGpa`: a number, or a numeric string,
 *   within 0..4; GPA_MIN and GPA_MAX); the SQL that reads a GPA reads this column
 *   (store/profile-sql.ts athleteGpa), and a test holds it to `validGpa`;
 * - per position column, an index of the completed athletes by position and GPA holding what the
 *   rest of the prefilter tests: each branch of the prefilter (primary position with its floor,
 *   secondary with its own) is an index-only range, 30 ms for the same ids. They replace the two
 *   position indexes that only the prefilter used.
 *
 * The column's rewrite leaves athletes without a visibility map, which the index-only ranges
 * need: the migrator vacuums it once this has committed (`vacuumAfter`).
 */
export const vacuumAfter = ['athletes'];

export async function up(db: Kysely<any>): Promise<void> {
  const value = sql`(case jsonb_typeof(profile->'gpa') when 'number' then (profile->'gpa')::float8
    when 'string' then (case when btrim(profile->>'gpa') ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$' then (btrim(profile->>'gpa'))::float8 end) end)`;
  await sql`alter table athletes add column gpa float8 generated always as (case when ${value} between 0 and 4 then ${value} end) stored`.execute(db);
  await sql`
    create index athletes_prefilter_primary_idx on athletes (primary_position, gpa)
    include (id, age, gender, is_transfer) where profile_completed`.execute(db);
  await sql`
    create index athletes_prefilter_secondary_idx on athletes (secondary_position, gpa)
    include (id, age, gender, is_transfer) where profile_completed`.execute(db);
  await sql`drop index athletes_completed_position_idx`.execute(db);
  await sql`drop index athletes_completed_secondary_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists athletes_completed_position_idx on athletes (primary_position, secondary_position) where profile_completed = true`.execute(db);
  await sql`create index if not exists athletes_completed_secondary_idx on athletes (secondary_position) where profile_completed`.execute(db);
  await sql`drop index if exists athletes_prefilter_secondary_idx`.execute(db);
  await sql`drop index if exists athletes_prefilter_primary_idx`.execute(db);
  await sql`alter table athletes drop column if exists gpa`.execute(db);
}
