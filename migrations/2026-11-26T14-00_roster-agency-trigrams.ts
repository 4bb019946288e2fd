import { sql, type Kysely } from 'kysely';

/**
 * A roster search of four characters or more (issue 18) through the agency's own trigrams.
 *
 * `agency_name_trigrams(agency, name)`: the name's distinct substrings of three characters, each
 * prefixed with the agency ("Eture mar"; empty without an agency). A GIN index on it for every
 * athlete finds the names of one agency that hold every trigram of a search: "mart" at 100,000
 * athletes matches 612 of the agency's names, where the trigram index on name_key (pg_trgm,
 * migration 2026-11-23T18-00) matched 1,394 across all agencies and the page then visited a heap
 * page for each (1.6 -> 0.65 ms for the count alone). Any three characters count, spaces and
 * apostrophes too, so a name holding the search holds all of its trigrams and the index never
 * misses one; `like` still checks each name found. Core Postgres, so the embedded database has
 * it too. The key cannot be read wrongly: a trigram is three characters, so the text before its
 * space is the agency.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function agency_name_trigrams(agency text, name text) returns text[] language sql immutable parallel safe
    return array(select distinct agency || ' ' || substr(name, i, 3) from generate_series(1, length(name) - 2) as i where agency is not null)`.execute(db);
  await sql`create index athletes_agency_trigrams_idx on athletes using gin (agency_name_trigrams(agency, name_key))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists athletes_agency_trigrams_idx`.execute(db);
  await sql`drop function if exists agency_name_trigrams(text, text)`.execute(db);
}
