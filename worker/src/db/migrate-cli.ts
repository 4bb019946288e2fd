import { loadConfigOrExit } from '../config.ts';
import { connectDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

const config = loadConfigOrExit();
const handle = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await handle.close();
}
