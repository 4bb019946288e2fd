// The seed library: deterministic synthetic demo data (npm run seed, the embedded default's
// first start, the benchmark).
import type { Database } from '@app/worker';
import { rebuildMatchIndex, type RebuildResult } from '@app/worker/processors/index-rebuild';
import type { Kysely } from 'kysely';
import { seedDatabase, type SeedOptions, type SeedSummary } from './insert.ts';

export * from './generate.ts';
export * from './insert.ts';

/** Seeds, then builds the match index so every ranked list is ready. */
export async function seedAndIndex(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedSummary & { index: RebuildResult }> {
  const summary = await seedDatabase(db, options);
  const index = await rebuildMatchIndex(db, { log: options.log });
  return { ...summary, index };
}

/** True when the database holds no account yet (the seed only fills an empty database). */
export async function databaseIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
