import { foldName, NAME_FOLD_FROM } from '@app/domain';
import { rosterPage, searchCompletedAthletes } from '@app/worker/store/roster';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-12-07T06-00_name-key-folds-accents.ts';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createAthlete } from './matches-fixtures.ts';

/**
 * Names found and sorted without their accents (migration 2026-12-07T06-00): the database's
 * fold_name, which makes athletes.name_key, against the search text's domain foldName; the roster's
 * and the coach's searches, short and long; the name order; and the migration both ways, with the
 * copies of name_key and the short searches' stored counts it recomputes.
 */
describe('name search without accents', () => {
  let t: TestContext;
  const names = ['Álvaro García', 'Ana López', 'Íñigo Núñez', 'Bruno Zapata', 'ŁUKASZ WÓJCIK', 'Siobhán O’Neill'];

  beforeAll(async () => {
    t = await createTestServices();
    await t.services.outbox.stop(); // no index jobs: only names are read here
    for (const name of names) await createAthlete(t.services, name, { agency: 'Mae' });
  });
  afterAll(() => t?.close());

  const roster = async (q?: string) => (await rosterPage(t.services.db, 'Mae', { q, sort: 'name', page: 1 })).rows.map((r) => r.full_name);

  /** agency_name_counts of Mae as stored, and as recounted from the athletes' name_key now. */
  const nameCounts = async () => {
    const { rows } = await sql<{ stored: string; recounted: string }>`
      select (select json_agg(json_build_array(part, athletes) order by part) from agency_name_counts where agency = 'Mae' and athletes <> 0)::text as stored,
             (select json_agg(json_build_array(part, n) order by part) from (
                select p.part, count(*)::int as n from athletes a, unnest(name_parts(a.name_key)) as p(part) where a.agency = 'Mae' group by p.part) c)::text as recounted`.execute(
      t.services.db,
    );
    return rows[0];
  };

  it('folds every accented letter in the database as the search text is folded', async () => {
    const samples = [NAME_FOLD_FROM, ...NAME_FOLD_FROM, 'José María Castañeda Rodríguez', 'O’Brien-Smith Jr.', 'Dana REYES'];
    const { rows } = await sql<{ folded: string }>`
      select fold_name(s.name) as folded from unnest(${samples}::text[]) with ordinality as s(name, i) order by s.i`.execute(t.services.db);
    expect(rows.map((r) => r.folded)).toEqual(samples.map(foldName));
    expect(foldName('José María Castañeda Rodríguez')).toBe('jose maria castaneda rodriguez');
  });

  it('finds a name typed without its accents or in capitals, by short and long searches, and sorts it by its plain letters', async () => {
    expect(await roster('lopez')).toEqual(['Ana López']);
    expect(await roster('LÓPEZ')).toEqual(['Ana López']);
    expect(await roster('nunez')).toEqual(['Íñigo Núñez']);
    expect(await roster('wojcik')).toEqual(['ŁUKASZ WÓJCIK']);
    // A typographic apostrophe, as phones type it, or the plain one: either finds the other.
    expect(await roster("o'neill")).toEqual(['Siobhán O’Neill']);
    expect(await roster('o’neill')).toEqual(['Siobhán O’Neill']);
    // Short searches read the agency's stored counts: folded too.
    expect(await rosterPage(t.services.db, 'Mae', { q: 'ia', sort: 'name', page: 1 })).toMatchObject({ total: 1, totalCapped: false });
    expect(await roster('ñu')).toEqual(['Íñigo Núñez']);
    expect(await roster()).toEqual(['Álvaro García', 'Ana López', 'Bruno Zapata', 'Íñigo Núñez', 'ŁUKASZ WÓJCIK', 'Siobhán O’Neill']);
    // The coach's "Why not?" search, short and long.
    const coachSearch = async (q: string) => (await searchCompletedAthletes(t.services.db, q, 10)).map((r) => r.full_name);
    expect(await coachSearch('garcia')).toEqual(['Álvaro García']);
    expect(await coachSearch('al')).toEqual(['Álvaro García']);
  });

  it('migrates both ways, recomputing the copies and the stored counts, and the triggers keep them after', async () => {
    const { db } = t.services;
    const copies = async () => {
      const { rows } = await sql<{ name_key: string; best: string }>`
        select a.name_key, b.name_key as best from athletes a join athlete_best_scores b on b.athlete_id = a.id
        where a.agency = 'Mae' order by a.full_name`.execute(db);
      return rows.map((r) => [r.name_key, r.best]);
    };
    await down(db);
    // Before the migration: lower-cased only, so "lopez" found nobody.
    expect(await copies()).toContainEqual(['ana lópez', 'ana lópez']);
    expect(await roster('lopez')).toEqual([]);
    let counts = await nameCounts();
    expect(counts.stored).toBe(counts.recounted);

    await up(db);
    expect(await copies()).toContainEqual(['ana lopez', 'ana lopez']);
    expect(await roster('lopez')).toEqual(['Ana López']);
    counts = await nameCounts();
    expect(counts.stored).toBe(counts.recounted);

    // The triggers made again keep the copies and the counts when a name changes.
    await sql`update athletes set full_name = 'Óscar Peña' where full_name = 'Bruno Zapata'`.execute(db);
    expect(await copies()).toContainEqual(['oscar pena', 'oscar pena']);
    counts = await nameCounts();
    expect(counts.stored).toBe(counts.recounted);
    expect(await roster('pena')).toEqual(['Óscar Peña']);
    expect(await roster('zapata')).toEqual([]);
  });
});
