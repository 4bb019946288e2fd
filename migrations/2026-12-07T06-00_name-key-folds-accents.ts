import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Name search and name order without accents: `athletes.name_key` becomes `fold_name(full_name)`,
 * the lower-cased name with its accented letters plain. A coach or agent typing "lopez",
 * "garcia" or "nunez" found nobody named López, García or Núñez, and in name order "Álvaro" came
 * after "Zoe" (the database sorts by bytes). The search text is folded alike before it is sent
 * (domain foldName, whose NAME_FOLD_FROM / NAME_FOLD_TO are the two strings below; a test checks
 * the two agree). The upper-case letters are listed too: in a database whose ctype is C, lower()
 * leaves them as they are. The typographic apostrophes (‘ ’ ʼ) read as the plain one, as a phone's
 * keyboard types "O’Neill".
 *
 * A generated column's expression cannot be changed in place (Postgres 15), so the column is made
 * again, and its indexes and the triggers whose WHEN tests it with it. The copies of name_key kept
 * beside the roster (athlete_best_scores, athlete_match_counts, athlete_news) and the stored counts
 * of short searches (agency_name_counts) are then recomputed from the new column; the triggers keep
 * them from there.
 */
const FOLD_FROM =
  'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżžÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮĴĶĹĻĽĿŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠŢŤŦÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽ‘’ʼ';
const FOLD_TO =
  'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzzaaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz\'\'\'';

/** Tables this rewrites or updates throughout: vacuumed after the migrations commit (migrate.ts). */
export const vacuumAfter = ['athletes', 'athlete_best_scores', 'athlete_match_counts', 'athlete_news'];

export async function up(db: Kysely<any>): Promise<void> {
  // translate() walks the letters' list for each character (about 20 us for a name with an
  // accent); a name of one-byte characters (ASCII) has nothing to fold, so it is only lower-cased
  // (under 1 us). The conversation search folds every coach's and agent's name on each search.
  await sql`
    create function fold_name(name text) returns text language sql immutable parallel safe
    return case when octet_length(name) = char_length(name) then lower(name)
                else translate(lower(name), ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)}) end`.execute(db);
  await remakeNameKey(db, sql`fold_name(full_name)`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await remakeNameKey(db, sql`lower(full_name)`);
  await sql`drop function if exists fold_name(text)`.execute(db);
}

/**
 * athletes.name_key made again as `expression`, with the indexes and triggers that read it: their
 * definitions are read, they are dropped, and made again on the new column. Anything else that
 * depended on the column would stop the drop (no cascade).
 */
async function remakeNameKey(db: Kysely<any>, expression: RawBuilder<unknown>): Promise<void> {
  const { rows: dependents } = await sql<{ kind: 'index' | 'trigger'; name: string; definition: string }>`
    select 'index' as kind, indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = 'athletes' and indexdef ~ '\\mname_key\\M'
    union all
    select 'trigger', t.tgname, pg_get_triggerdef(t.oid) from pg_trigger t
    where t.tgrelid = 'athletes'::regclass and not t.tgisinternal and pg_get_triggerdef(t.oid) ~ '\\mname_key\\M'`.execute(db);
  for (const { kind, name } of dependents)
    await (kind === 'index' ? sql`drop index ${sql.id(name)}` : sql`drop trigger ${sql.id(name)} on athletes`).execute(db);
  await sql`alter table athletes drop column name_key`.execute(db);
  await sql`alter table athletes add column name_key text generated always as (${expression}) stored`.execute(db);
  for (const { definition } of dependents) await sql.raw(definition).execute(db);

  for (const table of ['athlete_best_scores', 'athlete_match_counts', 'athlete_news'] as const)
    await sql`
      update ${sql.table(table)} x set name_key = a.name_key
      from athletes a where a.id = x.athlete_id and x.name_key is distinct from a.name_key`.execute(db);
  await sql`delete from agency_name_counts`.execute(db);
  await sql`
    insert into agency_name_counts (agency, part, athletes)
    select a.agency, p.part, count(*) from athletes a, unnest(name_parts(a.name_key)) as p(part)
    where a.agency is not null group by a.agency, p.part`.execute(db);
}
