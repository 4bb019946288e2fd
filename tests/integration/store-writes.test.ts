import { randomUUID } from 'node:crypto';
import { coachRequestSchema } from '@app/domain';
import type { Services } from '@app/worker';
import { createRequest, deleteRequest, editRequest, saveAthleteProfile } from '@app/worker/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestContext } from '../support/harness.ts';
import { completeProfile, createAthlete, createCoach } from './matches-fixtures.ts';

/**
 * The scoring invariant of the data layer (docs/decisions/007-store.md): every store function
 * that changes what is scored moves the row's version and records exactly one outbox row of that
 * version in the same transaction; a refused or failing write changes neither.
 */

let ctx: TestContext;
let services: Services;

beforeAll(async () => {
  ctx = await createTestServices();
  services = ctx.services;
});
afterAll(async () => {
  await ctx?.close();
});

type Kind = 'athlete' | 'request';

async function version(kind: Kind, id: string): Promise<bigint> {
  const table = kind === 'athlete' ? 'athletes' : 'coach_requests';
  const row = await services.db.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow();
  return BigInt(row.version);
}

async function outboxRows(id: string) {
  return services.db.selectFrom('outbox').select(['kind', 'entity_id', 'version']).where('entity_id', '=', id).orderBy('id').execute();
}

/** Runs `write` and checks the version moved by one and exactly one outbox row of it was recorded. */
async function expectScoredWrite(kind: Kind, id: string, write: () => Promise<unknown>) {
  const before = await version(kind, id);
  const rowsBefore = (await outboxRows(id)).length;
  await write();
  const after = await version(kind, id);
  expect(after).toBe(before + 1n);
  const rows = await outboxRows(id);
  expect(rows.length - rowsBefore).toBe(1);
  expect(rows.at(-1)).toEqual({ kind, entity_id: id, version: String(after) });
}

/** Runs `write` and checks neither the version nor the outbox moved. */
async function expectNothingWritten(kind: Kind, id: string, write: () => Promise<unknown>) {
  const before = await version(kind, id);
  const rowsBefore = await outboxRows(id);
  await write();
  expect(await version(kind, id)).toBe(before);
  expect(await outboxRows(id)).toEqual(rowsBefore);
}

/** A request as the create route stores it (the schema's output, defaults filled). */
const requestData = coachRequestSchema.parse({
  positions: ['Forward'],
  teamCategories: ["Men's Team"],
  targetStartTerms: ['Fall 2026'],
  notes: 'Needs a striker.',
  urgent: false,
});

describe('store writes that change what is scored: version and outbox move together', () => {
  it('saveAthleteProfile', async () => {
    const athlete = await createAthlete(services, 'Lucía Martín');
    await expectScoredWrite('athlete', athlete.id, async () => {
      const saved = await saveAthleteProfile(services.db, athlete.id, { ...completeProfile('Lucía Martín', athlete.email), gpa: 3.2 });
      expect(saved.ok).toBe(true);
    });
  });

  it('createRequest records version 1 and its one outbox row', async () => {
    const coach = await createCoach(services);
    const row = await createRequest(services.db, coach.id, requestData);
    expect(await version('request', row.id)).toBe(1n);
    expect(await outboxRows(row.id)).toEqual([{ kind: 'request', entity_id: row.id, version: '1' }]);
  });

  it('editRequest', async () => {
    const coach = await createCoach(services);
    const { id } = await createRequest(services.db, coach.id, requestData);
    await expectScoredWrite('request', id, async () => {
      const edited = await editRequest(services.db, coach.id, id, { notes: 'Needs a striker who presses high.' });
      expect(edited).toMatchObject({ ok: true, value: { changed: true } });
    });
  });

  it('deleteRequest', async () => {
    const coach = await createCoach(services);
    const { id } = await createRequest(services.db, coach.id, requestData);
    await expectScoredWrite('request', id, async () => {
      expect((await deleteRequest(services.db, coach.id, id)).ok).toBe(true);
    });
  });
});

describe('refused or failing store writes change nothing', () => {
  it('saveAthleteProfile of an unknown athlete is not-found', async () => {
    const athlete = await createAthlete(services, 'Marta Ruiz');
    const outboxBefore = await services.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await saveAthleteProfile(services.db, randomUUID(), completeProfile('Nobody', 'nobody@example.com'))).toEqual({ ok: false, reason: 'not-found' });
    const outboxAfter = await services.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(outboxAfter.n).toBe(outboxBefore.n);
    expect(await version('athlete', athlete.id)).toBe(1n);
  });

  it('editRequest: another coach’s request, a malformed id, an invalid result and a no-op edit', async () => {
    const coach = await createCoach(services);
    const other = await createCoach(services, 'Sam', 'Lee');
    const { id } = await createRequest(services.db, coach.id, requestData);
    await expectNothingWritten('request', id, async () => {
      expect(await editRequest(services.db, other.id, id, { notes: 'Mine now' })).toEqual({ ok: false, reason: 'not-found' });
      expect(await editRequest(services.db, coach.id, 'not-a-uuid', { notes: 'x' })).toEqual({ ok: false, reason: 'not-found' });
      const invalid = await editRequest(services.db, coach.id, id, { positions: [] });
      expect(invalid).toMatchObject({ ok: false, reason: 'invalid' });
      expect(invalid.ok === false && invalid.reason === 'invalid' && invalid.issues.length).toBeGreaterThan(0);
      expect(await editRequest(services.db, coach.id, id, { notes: requestData.notes })).toMatchObject({ ok: true, value: { changed: false } });
    });
  });

  it('deleteRequest: another coach’s, or a request already deleted', async () => {
    const coach = await createCoach(services);
    const other = await createCoach(services, 'Sam', 'Lee');
    const { id } = await createRequest(services.db, coach.id, requestData);
    await expectNothingWritten('request', id, async () => {
      expect(await deleteRequest(services.db, other.id, id)).toEqual({ ok: false, reason: 'not-found' });
    });
    expect((await deleteRequest(services.db, coach.id, id)).ok).toBe(true);
    await expectNothingWritten('request', id, async () => {
      expect(await deleteRequest(services.db, coach.id, id)).toEqual({ ok: false, reason: 'not-found' });
    });
  });

  it('createRequest for a coach that does not exist fails as a whole: no request, no outbox row', async () => {
    const outboxBefore = await services.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const ghost = randomUUID();
    await expect(createRequest(services.db, ghost, requestData)).rejects.toThrow();
    expect(await services.db.selectFrom('coach_requests').select('id').where('coach_id', '=', ghost).execute()).toEqual([]);
    const outboxAfter = await services.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(outboxAfter.n).toBe(outboxBefore.n);
  });
});
