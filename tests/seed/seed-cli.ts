import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, connectDatabase, loadConfig, migrateToLatest, rebuildMatchIndex } from '@app/worker';
import { hashPassword } from '../../api/src/auth/passwords.ts';
import { databaseIsEmpty, resolveSizes, seedDatabase } from './index.ts';
import { createProgress } from './progress.ts';

/**
 * npm run seed -- --athletes N --coaches M --requests R [--seed S] [--incomplete K] [--password P] [--threads T] [--no-index]
 *
 * Fills an empty database (DATABASE_URL, or the embedded one in DATA_DIR) with deterministic
 * synthetic data and builds the match index (not with --no-index). With --password, the demo
 * logins (one athlete, the first coach, one agent per agency) get that password. On a Postgres
 * server the athletes go in by COPY from T generating threads (default: one per core; 0 generates
 * in the main thread; the data is the same for any T). Progress goes to stderr: an updating line
 * in a terminal, a line every 10 % otherwise (or with CI=true).
 */
const USAGE = 'Usage: npm run seed -- --athletes N --coaches M --requests R [--seed S] [--incomplete K] [--password P] [--threads T] [--no-index]';

let parsed;
try {
  parsed = parseArgs({
    options: {
      athletes: { type: 'string' },
      incomplete: { type: 'string' },
      coaches: { type: 'string' },
      requests: { type: 'string' },
      seed: { type: 'string' },
      password: { type: 'string' },
      threads: { type: 'string' },
      'no-index': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (parsed.help) {
  console.log(USAGE);
  process.exit(0);
}

const number = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number >= 0 (got "${value}")\n${USAGE}`);
    process.exit(2);
  }
  return n;
};

let config;
let sizes;
let threads = availableParallelism();
try {
  config = loadConfig();
  sizes = resolveSizes({
    athletes: number('athletes', parsed.athletes),
    incompleteAthletes: number('incomplete', parsed.incomplete),
    coaches: number('coaches', parsed.coaches),
    requests: number('requests', parsed.requests),
    seed: number('seed', parsed.seed),
  });
  threads = number('threads', parsed.threads) ?? threads;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `${(error as Error).message}\n${USAGE}`);
  process.exit(error instanceof ConfigError ? 1 : 2);
}
if (parsed.password !== undefined && parsed.password.length < 6) {
  console.error('--password must be at least 6 characters');
  process.exit(2);
}

const handle = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(handle.db);
  if (!(await databaseIsEmpty(handle.db))) {
    console.error('The database already has accounts. The seed fills an empty database only (create a fresh one, or drop this one).');
    process.exitCode = 1;
  } else {
    const progress = createProgress('athletes', sizes.athletes + sizes.incompleteAthletes);
    const result = await seedDatabase(handle.db, {
      ...sizes,
      threads,
      loginPassword: parsed.password,
      hashPassword,
      onProgress: (done) => progress.update(done),
      log: (line) => progress.note(line),
    });
    progress.finish();
    const s = result.sizes;
    const athletesPerSecond = Math.round((s.athletes + s.incompleteAthletes) / (result.athletes.millis / 1000));
    console.log(
      `Seeded (seed ${s.seed}): ${s.athletes} complete + ${s.incompleteAthletes} incomplete athletes, ${s.coaches} coaches, ${s.requests} requests, 3 agents ` +
        `in ${(result.millis / 1000).toFixed(1)} s (athletes: ${athletesPerSecond}/s by ${result.athletes.load.toUpperCase()}${result.athletes.load === 'copy' ? `, ${result.athletes.threads} threads` : ''}).`,
    );
    if (!parsed['no-index']) {
      const index = await rebuildMatchIndex(handle.db, { log: (line) => console.log(line) });
      console.log(`Index: ${index.listed} listed pairs in ${(index.ms / 1000).toFixed(1)} s.`);
    }
    for (const login of result.logins) console.log(`  ${login.label}: ${login.email}`);
  }
} finally {
  await handle.close();
}
