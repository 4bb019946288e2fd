import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/**
 * A migration module: Kysely's up/down, and the tables it rewrites (`vacuumAfter`). A rewritten
 * table has no visibility map, so reads meant to come from an index alone read every row until
 * autovacuum passes; those tables are vacuumed once the migrations have committed (VACUUM cannot
 * run inside their transaction).
 */
type MigrationModule = Migration & { vacuumAfter?: string[] };

/** Loads the timestamp-prefixed TypeScript files of migrations/ in name order. */
class FolderMigrationProvider implements MigrationProvider {
  readonly modules: Record<string, MigrationModule> = {};

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts')).sort();
    for (const file of files) {
      this.modules[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as MigrationModule;
    }
    return this.modules;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on Kysely<any>, like the migrations themselves
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const provider = new FolderMigrationProvider();
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(inspect(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const rewritten = new Set(applied.flatMap((name) => provider.modules[name]?.vacuumAfter ?? []));
  for (const table of rewritten) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  return applied;
}
