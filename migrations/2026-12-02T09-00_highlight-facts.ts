import { sql, type Kysely } from 'kysely';

/**
 * match_scores keeps what a pair's highlights say beyond its position match instead of their
 * sentences (HighlightFacts in domain/src/scoring.ts): the request's minimum GPA when the athlete
 * exceeds it, whether the athlete plays at a requested level, and the matched extras as the request
 * wrote them. The list reads word them with the athlete's positions, GPA and league. The sentences
 * were a third of a row's bytes (119 of 329 in the heap at 100,000 athletes x 1,000 requests).
 *
 * The facts are read back from the stored sentences (the domain wrote them from those very values;
 * the minimum GPA's text is its shortest round-trip form), so no rebuild is needed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table match_scores
      add column highlight_min_gpa float8,
      add column highlight_level boolean not null default false,
      add column highlight_extras text`.execute(db);
  await sql`
    update match_scores set
      highlight_min_gpa = substring(highlights from '"Exceeds the minimum GPA of ([0-9.]+) \\(GPA ')::float8,
      highlight_level = highlights like '%"Plays at a requested level: %',
      highlight_extras = (select substr(h, 9) from jsonb_array_elements_text(highlights::jsonb) h where h like 'Extras: %' limit 1)
    where highlights <> '[]'`.execute(db);
  await sql`alter table match_scores drop column highlights`.execute(db);
}

/** The sentences need the athletes' details: down leaves them empty until `npm run reindex`. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table match_scores add column highlights text not null default '[]'`.execute(db);
  await sql`alter table match_scores drop column highlight_min_gpa, drop column highlight_level, drop column highlight_extras`.execute(db);
}
