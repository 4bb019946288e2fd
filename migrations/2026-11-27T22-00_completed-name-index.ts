import { sql, type Kysely } from 'kysely';

/**
 * The completed athletes' names in order (the coach's "Why not?" search, issue 18). A search of
 * one or two characters has no trigram for athletes_name_key_trgm_idx to look up, so Postgres
 * read the whole table and sorted what matched ("ma" at 100,000 athletes: 65-90 ms). With the
 * names in order, the search walks these entries alone, testing each name, and stops at the
 * answer's last row ("ma": 0.4 ms; two letters no name has: every entry, 10-17 ms).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index athletes_completed_name_idx on athletes (name_key, id) where profile_completed`.execute(db);
  await sql`analyze athletes`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists athletes_completed_name_idx`.execute(db);
}
