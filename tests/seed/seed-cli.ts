import { parseArgs } from 'node:util';
import { ConfigError, connectDatabase, loadConfig, migrateToLatest } from '@app/worker';
import { hashPassword } from '../../api/src/auth/passwords.ts';
import { databaseIsEmpty, resolveSizes, seedAndIndex } from './index.ts';

/**
 * npm run seed -- --athletes N --coaches M --requests R [--seed S] [--incomplete K] [--password P]
 *
 * Fills an empty database (DATABASE_URL, or the embedded one in DATA_DIR) with deterministic
 * synthetic data and builds the match index. With --password, the demo logins (one athlete, the
 * first coach, one agent per agency) get that password.
 */
const USAGE = 'Usage: npm run seed -- --athletes N --coaches M --requests R [--seed S] [--incomplete K] [--password P]';

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
try {
  config = loadConfig();
  sizes = resolveSizes({
    athletes: number('athletes', parsed.athletes),
    incompleteAthletes: number('incomplete', parsed.incomplete),
    coaches: number('coaches', parsed.coaches),
    requests: number('requests', parsed.requests),
    seed: number('seed', parsed.seed),
  });
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
    const result = await seedAndIndex(handle.db, { ...sizes, loginPassword: parsed.password, hashPassword, log: (line) => console.log(line) });
    const s = result.sizes;
    console.log(
      `Seeded (seed ${s.seed}): ${s.athletes} complete + ${s.incompleteAthletes} incomplete athletes, ${s.coaches} coaches, ${s.requests} requests, 3 agents ` +
        `in ${(result.millis / 1000).toFixed(1)} s; index: ${result.index.listed} listed pairs in ${(result.index.ms / 1000).toFixed(1)} s.`,
    );
    for (const login of result.logins) console.log(`  ${login.label}: ${login.email}`);
  }
} finally {
  await handle.close();
}
