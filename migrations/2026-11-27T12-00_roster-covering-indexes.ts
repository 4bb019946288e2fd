import { sql, type Kysely } from 'kysely';

/**
 * The agent roster's filters answered from index entries in every sort (issue 18). The roster's
 * pages now run as prepared statements with generic plans, which cannot know how many athletes a
 * filter value or a short search matches; each sort's index therefore holds the columns the other
 * filters test, so a page walks the index it is sorted by and tests its entries alone, whatever
 * the values match:
 *
 * - by last update (agency, updated_at desc, id), with the name, position, league and profile
 *   state: a filter or a short search read an athlete row per entry walked (12,198 rows for
 *   incomplete profiles named "an" at Eture: 17 ms), or read a filter's athletes and sorted them
 *   (a position and a league: 3,515 rows, 14 ms); now 2-3 ms;
 * - by name, within a position (agency, primary_position, name_key, id) or a league (agency,
 *   league_level, name_key, id), with the other filters' columns: two filters together and their
 *   count are read from one index alone.
 *
 * Building an index does not rewrite the table (its visibility map stays): no vacuum needed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index athletes_agency_updated_idx`.execute(db);
  await sql`
    create index athletes_agency_updated_idx on athletes (agency, updated_at desc, id)
    include (name_key, primary_position, league_level, profile_completed)`.execute(db);
  await sql`drop index athletes_agency_position_idx`.execute(db);
  await sql`
    create index athletes_agency_position_idx on athletes (agency, primary_position, name_key, id)
    include (league_level, profile_completed)`.execute(db);
  await sql`drop index athletes_agency_league_idx`.execute(db);
  await sql`
    create index athletes_agency_league_idx on athletes (agency, league_level, name_key, id)
    include (primary_position, profile_completed)`.execute(db);
  await sql`analyze athletes`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index athletes_agency_league_idx`.execute(db);
  await sql`create index athletes_agency_league_idx on athletes (agency, league_level, name_key, id)`.execute(db);
  await sql`drop index athletes_agency_position_idx`.execute(db);
  await sql`create index athletes_agency_position_idx on athletes (agency, primary_position, name_key, id)`.execute(db);
  await sql`drop index athletes_agency_updated_idx`.execute(db);
  await sql`create index athletes_agency_updated_idx on athletes (agency, updated_at desc, id)`.execute(db);
}
