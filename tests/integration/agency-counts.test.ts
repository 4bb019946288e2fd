import { AGENCIES } from '@app/domain';
import type { Database } from '@app/worker';
import { saveAthleteProfile } from '@app/worker/store/athletes';
import { rosterPage } from '@app/worker/store/roster';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { insertAthletes, randomProfile, seededRandom } from './match-index-fixtures.ts';

/**
 * agency_athlete_counts (the unsearched roster's total) against a count(*) of athletes per agency,
 * after batches of inserts (some at once), agency changes through the profile save, and deleted
 * accounts.
 */
async function storedCounts(db: Kysely<Database>) {
  const rows = await db.selectFrom('agency_athlete_counts').select(['agency', 'athletes']).where('athletes', '<>', 0).orderBy('agency').execute();
  return Object.fromEntries(rows.map((r) => [r.agency, Number(r.athletes)]));
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
  });

  it('moves an athlete between agencies when the profile changes its agency, and not otherwise', async () => {
    const { db } = t.services;
    for (const [i, id] of ids.slice(0, 12).entries()) {
      const row = await db.selectFrom('athletes').select(['profile', 'agency']).where('id', '=', id).executeTakeFirstOrThrow();
      const profile = typeof row.profile === 'string' ? JSON.parse(row.profile) : row.profile;
      const others = AGENCIES.filter((a) => a !== row.agency);
      // Every other save keeps the agency and changes something else.
      const agency = i % 2 === 0 ? others[i % others.length] : row.agency;
      const saved = await saveAthleteProfile(db, id, { ...profile, agency, gpa: 3.1 });
      expect(saved.ok).toBe(true);
    }
    expect(await storedCounts(db)).toEqual(await countedAthletes(db));
  });

  it('follows deleted accounts (the athlete row goes by cascade)', async () => {
    const { db } = t.services;
    const before = await countedAthletes(db);
    await db.deleteFrom('users').where('id', 'in', ids.slice(20, 45)).execute();
    const after = await countedAthletes(db);
    expect(after).not.toEqual(before);
    expect(await storedCounts(db)).toEqual(after);
  });
});
