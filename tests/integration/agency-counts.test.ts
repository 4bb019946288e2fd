import { AGENCIES, foldName } from '@app/domain';
import type { Database } from '@app/worker';
import { saveAthleteProfile } from '@app/worker/store/athletes';
import { rosterPage } from '@app/worker/store/roster';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { insertAthletes, randomProfile, seededRandom } from './match-index-fixtures.ts';

/**
 * agency_athlete_counts (the unsearched roster's total) against a count(*) of athletes per agency,
 * and agency_name_counts (a short search's total) against the names' substrings counted here,
 * after batches of inserts (some at once), agency and name changes through the profile save, and
 * deleted accounts.
 */
async function storedCounts(db: Kysely<Database>) {
  const rows = await db.selectFrom('agency_athlete_counts').select(['agency', 'athletes']).where('athletes', '<>', 0).orderBy('agency').execute();
  return Object.fromEntries(rows.map((r) => [r.agency, Number(r.athletes)]));
}

/** agency_name_counts as "agency|part" -> athletes, zeros left out. */
async function storedNameCounts(db: Kysely<Database>) {
  const rows = await db.selectFrom('agency_name_counts').select(['agency', 'part', 'athletes']).where('athletes', '<>', 0).execute();
  return new Map(rows.map((r) => [`${r.agency}|${r.part}`, Number(r.athletes)]));
}

/** The same, recounted here from every athlete's name: each distinct substring of one to three characters. */
async function countedNameParts(db: Kysely<Database>) {
  const athletes = await db.selectFrom('athletes').select(['agency', 'name_key']).where('agency', 'is not', null).execute();
  const counts = new Map<string, number>();
  for (const { agency, name_key } of athletes) {
    const chars = [...(name_key ?? '')];
    const parts = new Set<string>();
    for (let n = 1; n <= 3; n++) for (let i = 0; i + n <= chars.length; i++) parts.add(chars.slice(i, i + n).join(''));
    for (const part of parts) counts.set(`${agency}|${part}`, (counts.get(`${agency}|${part}`) ?? 0) + 1);
  }
  return counts;
}

async function countedAthletes(db: Kysely<Database>) {
  const { rows } = await sql<{ agency: string; n: string }>`
    select agency, count(*) as n from athletes where agency is not null group by agency order by agency`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.agency, Number(r.n)]));
}

describe('athletes per agency (agency_athlete_counts)', () => {
  let t: TestContext;
  const rng = seededRandom(3107);
  let ids: string[] = [];

  beforeAll(async () => {
    t = await createTestServices();
    await t.services.outbox.stop();
  });
  afterAll(() => t?.close());

  it('follows inserts, several at once, and answers the unsearched roster total', async () => {
    const { db } = t.services;
    ids = await insertAthletes(
      db,
      Array.from({ length: 60 }, (_, i) => randomProfile(rng, i)),
      { outbox: false },
    );
    const batches = await Promise.all(
      [0, 1, 2].map((b) =>
        insertAthletes(
          db,
          Array.from({ length: 20 }, (_, i) => randomProfile(rng, 100 + b * 20 + i)),
          { outbox: false },
        ),
      ),
    );
    ids.push(...batches.flat());
    const counted = await countedAthletes(db);
    expect(Object.keys(counted).length).toBeGreaterThan(1);
    expect(await storedCounts(db)).toEqual(counted);
    for (const agency of AGENCIES) {
      const page = await rosterPage(db, agency, { sort: 'name', page: 1 });
      expect(page).toMatchObject({ total: counted[agency] ?? 0, totalCapped: false });
    }
    expect(await storedNameCounts(db)).toEqual(await countedNameParts(db));
  });

  it('answers a short search with its stored count, exact past the cap, and a longer or filtered one counted up to the cap', async () => {
    const { db } = t.services;
    const parts = await countedNameParts(db);
    const agency = AGENCIES.find((a) => (parts.get(`${a}|a`) ?? 0) > 3)!;
    for (const q of ['a', 'A', 'ar', 'an', 'ez', 'ía', 'zzq']) {
      const expected = parts.get(`${agency}|${foldName(q)}`) ?? 0;
      // A cap of 3 would cut a walked count; the stored one is exact.
      const page = await rosterPage(db, agency, { q, sort: 'name', page: 1 }, 3);
      expect({ q, total: page.total, totalCapped: page.totalCapped }).toEqual({ q, total: expected, totalCapped: false });
      const names = await db.selectFrom('athletes').select('name_key').where('agency', '=', agency).execute();
      expect(names.filter((r) => r.name_key?.includes(foldName(q))).length).toBe(expected);
    }
    // Four characters, or a filter beside the search: counted by reading, up to the cap.
    expect(await rosterPage(db, agency, { q: 'a', profile: 'complete', sort: 'name', page: 1 }, 3)).toMatchObject({ total: 3, totalCapped: true });
  });

  it('moves an athlete between agencies when the profile changes its agency, and not otherwise', async () => {
    const { db } = t.services;
    for (const [i, id] of ids.slice(0, 12).entries()) {
      const row = await db.selectFrom('athletes').select(['profile', 'agency']).where('id', '=', id).executeTakeFirstOrThrow();
      const profile = typeof row.profile === 'string' ? JSON.parse(row.profile) : row.profile;
      const others = AGENCIES.filter((a) => a !== row.agency);
      // Every other save keeps the agency and changes something else.
      const agency = i % 2 === 0 ? others[i % others.length] : row.agency;
      // Every third save renames the athlete (the name counts move with it).
      const fullName = i % 3 === 0 ? `Zoë Ibáñez ${i}` : profile.fullName;
      const saved = await saveAthleteProfile(db, id, { ...profile, agency, fullName, gpa: 3.1 });
      expect(saved.ok).toBe(true);
    }
    expect(await storedCounts(db)).toEqual(await countedAthletes(db));
    expect(await storedNameCounts(db)).toEqual(await countedNameParts(db));
    // The renames reached the counts (so the comparison above covered them), folded: "Zoë" counts as "zoe".
    const parts = [...(await storedNameCounts(db)).keys()];
    expect(parts.some((key) => key.endsWith('|zoe'))).toBe(true);
    expect(parts.filter((key) => /[ëáñí]/.test(key))).toEqual([]);
  });

  it('follows deleted accounts (the athlete row goes by cascade)', async () => {
    const { db } = t.services;
    const before = await countedAthletes(db);
    await db.deleteFrom('users').where('id', 'in', ids.slice(20, 45)).execute();
    const after = await countedAthletes(db);
    expect(after).not.toEqual(before);
    expect(await storedCounts(db)).toEqual(after);
    expect(await storedNameCounts(db)).toEqual(await countedNameParts(db));
  });
});
