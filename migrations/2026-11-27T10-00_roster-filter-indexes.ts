import { sql, type Kysely } from 'kysely';

/**
 * The agent roster's league and profile filters served by indexes (issue 18). A filtered roster
 * counts its athletes up to the cap (1,000): with no index on the league (a profile field) or on
 * incomplete profiles, that count read an athlete row per agency athlete walked, about 8,000 for
 * a league at an agency of 47,070 (15 ms) and 45,000 for its 1,070 incomplete profiles (60 ms), and
 * the best-score sort narrowed by either walked its index with a row read per entry (33 and 214 ms).
 *
 * - `athletes.league_level`, the profile's leagueLevel as a stored generated column (as name_key
 *   is the lower-cased name), and (agency, league_level, name_key, id): the league's athletes of
 *   an agency by name, counted from the index alone (an index on the profile expression could not
 *   answer without reading each row: 2.9 ms for a page and its count at Eture, against 0.46).
 *   The rewrite leaves athletes without a visibility map, so the counts would read each row
 *   until autovacuum passes: the migrator vacuums it once this has committed (`vacuumAfter`);
 * - athletes (agency, name_key, id) of incomplete profiles only (few; a complete profile is the rule);
 * - athlete_best_scores keeps the league and whether the profile is complete beside the position
 *   (written by its triggers on athletes, like the position), in its index's entries: the
 *   best-score sort narrowed by position, league or profile walks that index alone (incomplete
 *   profiles, an index of their own).
 */
export const vacuumAfter = ['athletes'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table athletes add column league_level text generated always as (profile->>'leagueLevel') stored`.execute(db);
  await sql`create index athletes_agency_league_idx on athletes (agency, league_level, name_key, id)`.execute(db);
  await sql`create index athletes_agency_incomplete_idx on athletes (agency, name_key, id) where not profile_completed`.execute(db);

  await sql`alter table athlete_best_scores add column league_level text, add column profile_completed boolean not null default false`.execute(db);
  await sql`
    update athlete_best_scores b set league_level = a.league_level, profile_completed = a.profile_completed
    from athletes a where a.id = b.athlete_id`.execute(db);
  await sql`drop index athlete_best_scores_agency_idx`.execute(db);
  await sql`
    create index athlete_best_scores_agency_idx on athlete_best_scores (agency, best_score desc nulls last, name_key, athlete_id)
    include (primary_position, league_level, profile_completed)`.execute(db);
  // Incomplete profiles have no listed row (no best score): in the index above they sit after
  // every complete one of their agency, 46,000 entries into Eture's walk.
  await sql`
    create index athlete_best_scores_incomplete_idx on athlete_best_scores (agency, best_score desc nulls last, name_key, athlete_id)
    include (primary_position, league_level) where not profile_completed`.execute(db);

  await sql`
    create or replace function athlete_best_scores_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into athlete_best_scores (athlete_id, agency, name_key, primary_position, league_level, profile_completed)
        select id, agency, name_key, primary_position, league_level, profile_completed from new_rows order by id
        on conflict (athlete_id) do nothing;
      else
        update athlete_best_scores
        set agency = new.agency, name_key = new.name_key, primary_position = new.primary_position,
            league_level = new.league_level, profile_completed = new.profile_completed
        where athlete_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger athletes_best_score_follow on athletes`.execute(db);
  await sql`
    create trigger athletes_best_score_follow after update of agency, full_name, primary_position, profile, profile_completed on athletes
    for each row when (old.agency is distinct from new.agency or old.name_key is distinct from new.name_key
                       or old.primary_position is distinct from new.primary_position
                       or old.league_level is distinct from new.league_level
                       or old.profile_completed is distinct from new.profile_completed)
    execute function athlete_best_scores_follow()`.execute(db);
  await sql`analyze athletes`.execute(db);
  await sql`analyze athlete_best_scores`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger athletes_best_score_follow on athletes`.execute(db);
  await sql`
    create or replace function athlete_best_scores_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into athlete_best_scores (athlete_id, agency, name_key, primary_position)
        select id, agency, name_key, primary_position from new_rows order by id on conflict (athlete_id) do nothing;
      else
        update athlete_best_scores set agency = new.agency, name_key = new.name_key, primary_position = new.primary_position
        where athlete_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athletes_best_score_follow after update of agency, full_name, primary_position on athletes
    for each row when (old.agency is distinct from new.agency or old.name_key is distinct from new.name_key
                       or old.primary_position is distinct from new.primary_position)
    execute function athlete_best_scores_follow()`.execute(db);
  await sql`drop index athlete_best_scores_incomplete_idx`.execute(db);
  await sql`drop index athlete_best_scores_agency_idx`.execute(db);
  await sql`
    create index athlete_best_scores_agency_idx on athlete_best_scores (agency, best_score desc nulls last, name_key, athlete_id)
    include (primary_position)`.execute(db);
  await sql`alter table athlete_best_scores drop column league_level, drop column profile_completed`.execute(db);
  await sql`drop index athletes_agency_incomplete_idx`.execute(db);
  await sql`drop index athletes_agency_league_idx`.execute(db);
  await sql`alter table athletes drop column league_level`.execute(db);
}
