import { REQUEST_POSITIONS } from '@app/domain';
import { rebuildMatchIndex } from '@app/worker';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/2026-12-02T09-00_highlight-facts.ts';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { expectedHighlights, insertAthletes, randomProfile, randomRequestBody, seededRandom } from './match-index-fixtures.ts';

/**
 * Migration 2026-12-02T09-00: the stored highlight sentences become their facts. Rows as the
 * earlier code stored them (the domain's sentences as JSON text) must give exactly the facts the
 * scoring computes, for every kind of sentence: a minimum GPA written with two decimals, extras
 * with quotes, backslashes and commas, a requested level.
 */
describe('migration 2026-12-02T09-00 (highlight facts)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestServices();
  });
  afterAll(() => ctx?.close());

  it('reads the facts back from the stored sentences', async () => {
    const db = ctx.services.db;
    const rng = seededRandom(20261202);
    const odd = 'Left-footed, "quoted" \\ back\\slash';
    const profiles = Array.from({ length: 60 }, (_, i) => {
      const profile = randomProfile(rng, i);
      return i % 3 === 0 ? { ...profile, gpa: 4, playerExtras: [odd, 'Team captain'] } : profile;
    });
    await insertAthletes(db, profiles, { outbox: false });
    const coach = await createSignedInUser(ctx.services, 'coach');
    const bodies = [
      ...REQUEST_POSITIONS.map((position) => randomRequestBody(rng, position)),
      {
        ...randomRequestBody(rng, 'Forward', false),
        teamCategories: [],
        ageMin: 14,
        ageMax: 40,
        openToTransfer: true,
        notes: 'GPA 3.25 at least',
        playerExtras: [odd, 'Team captain'],
      },
      // A minimum no GPA exceeds by 0.3: listed pairs without "Exceeds".
      { ...randomRequestBody(rng, 'Forward', false), teamCategories: [], ageMin: 14, ageMax: 40, openToTransfer: true, minGpa: 3.9 },
    ];
    for (const body of bodies)
      await db
        .insertInto('coach_requests')
        .values({ coach_id: coach.id, data: JSON.stringify(body) })
        .execute();
    await rebuildMatchIndex(db);
    const facts = async () =>
      (
        await db
          .selectFrom('match_scores')
          .select(['request_id', 'athlete_id', 'highlight_min_gpa', 'highlight_level', 'highlight_extras'])
          .orderBy('request_id')
          .orderBy('athlete_id')
          .execute()
      ).map((r) => ({ ...r }));
    const before = await facts();
    // Every kind of fact is present, the odd extras and a two-decimal minimum among them.
    expect(before.some((r) => r.highlight_min_gpa === 3.25)).toBe(true);
    expect(before.some((r) => r.highlight_level)).toBe(true);
    expect(before.some((r) => r.highlight_extras?.includes(odd))).toBe(true);
    expect(before.some((r) => r.highlight_min_gpa === null)).toBe(true);

    // The rows as the earlier code stored them: the domain's sentences as JSON text.
    await down(db);
    for (const r of before) {
      const words = await expectedHighlights(db, r.request_id, r.athlete_id);
      await sql`update match_scores set highlights = ${JSON.stringify(words)} where request_id = ${r.request_id} and athlete_id = ${r.athlete_id}`.execute(db);
    }
    await up(db);
    expect(await facts()).toEqual(before);
  });
});
