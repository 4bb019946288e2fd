import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { rebuildMatchIndex } from './processors/index-rebuild.ts';

/**
 * `npm run reindex`: recomputes the whole match index in place (after a scoring change, or to
 * repair). Coaches keep seeing the previous lists while it runs. With no DATABASE_URL it opens
 * the embedded database in DATA_DIR, so stop the app first in that case (PGlite is one process).
 */
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const handle = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(handle.db);
  const result = await rebuildMatchIndex(handle.db, { log: (line) => console.log(line) });
  const perSecond = result.ms > 0 ? Math.round((result.pairs / result.ms) * 1000) : result.pairs;
  console.log(`Pairs scored: ${result.pairs} (${perSecond}/s); listed rows: ${result.listed}; removed: ${result.removed}; ${(result.ms / 1000).toFixed(1)} s.`);
} finally {
  await handle.close();
}
