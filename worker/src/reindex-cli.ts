import { parseArgs } from 'node:util';
import { loadConfigOrExit } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { rebuildMatchIndex } from './processors/index-rebuild.ts';

/**
 * `npm run reindex`: recomputes the whole match index beside the live one and swaps it in (after
 * a scoring change, or to repair). Coaches keep seeing the previous lists, and index jobs keep
 * running, meanwhile. With no DATABASE_URL it opens the embedded database in DATA_DIR, so stop
 * the app first in that case (PGlite is one process).
 */
// --threads N: scoring threads (default one per core; 0 scores in the main thread).
const { values: args } = parseArgs({ options: { threads: { type: 'string' } } });
const threads = args.threads === undefined ? undefined : Number(args.threads);
if (threads !== undefined && !(Number.isInteger(threads) && threads >= 0)) {
  console.error('Usage: npm run reindex [-- --threads N] (N: a whole number, 0 for the main thread)');
  process.exit(2);
}
const config = loadConfigOrExit();
const handle = await connectDatabase({ databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(handle.db);
  const result = await rebuildMatchIndex(handle.db, { threads, log: (line) => console.log(line) });
  const perSecond = result.ms > 0 ? Math.round((result.pairs / result.ms) * 1000) : result.pairs;
  console.log(
    `Pairs scored: ${result.pairs} (${perSecond}/s); listed rows: ${result.listed}; replayed: ${result.replayed}; replaced: ${result.previousRows}; ${(result.ms / 1000).toFixed(1)} s.`,
  );
} finally {
  await handle.close();
}
