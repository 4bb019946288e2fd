import { sql, type Kysely } from 'kysely';

/**
 * The working tools on lists (issue 18): the agent roster's sorts and the news of the last days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // GET /api/agent/players: an agency's athletes by name and by last update, read in index order.
  await sql`create index athletes_agency_name_idx on athletes (agency, lower(full_name), id)`.execute(db);
  await sql`create index athletes_agency_updated_idx on athletes (agency, updated_at desc, id)`.execute(db);
  // The roster's news (shares and answers of the last days) read from the audit trail's recent end.
  await sql`create index match_events_created_idx on match_events (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists match_events_created_idx`.execute(db);
  await sql`drop index if exists athletes_agency_updated_idx`.execute(db);
  await sql`drop index if exists athletes_agency_name_idx`.execute(db);
}
