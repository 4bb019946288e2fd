import type { Database } from '@app/worker';
import type { Kysely } from 'kysely';
import {
  CHUNK_SIZE,
  DEMO_EMAILS,
  generateAgents,
  generateAthleteChunk,
  generateCoachChunk,
  generateRequestChunk,
  type SeedSizes,
} from './generate.ts';

export interface SeedOptions extends Partial<SeedSizes> {
  /**
   * Password of the demo logins (one complete athlete, the first coach, the agent of each
   * agency). Without it no seeded account can log in.
   */
  loginPassword?: string;
  /** The accounts' hashing function (api/src/auth/passwords.ts `hashPassword`). Required with loginPassword. */
  hashPassword?: (password: string) => Promise<string>;
  log?: (message: string) => void;
}

export interface DemoLogin {
  role: 'athlete' | 'coach' | 'agent';
  email: string;
  label: string;
}

export interface SeedSummary {
  sizes: SeedSizes;
  /** Accounts that got a real password hash. */
  logins: DemoLogin[];
  millis: number;
}

export const DEFAULT_SIZES: SeedSizes = { seed: 1, athletes: 300, incompleteAthletes: 15, coaches: 12, requests: 30 };

/** Fills in the defaults: incomplete athletes are 5% of the complete ones unless given. */
export function resolveSizes(options: Partial<SeedSizes>): SeedSizes {
  const athletes = options.athletes ?? DEFAULT_SIZES.athletes;
  const sizes = {
    seed: options.seed ?? DEFAULT_SIZES.seed,
    athletes,
    incompleteAthletes: options.incompleteAthletes ?? Math.round(athletes * 0.05),
    coaches: options.coaches ?? DEFAULT_SIZES.coaches,
    requests: options.requests ?? DEFAULT_SIZES.requests,
  };
  for (const [key, value] of Object.entries(sizes)) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`seed: ${key} must be a whole number >= 0 (got ${value})`);
  }
  if (sizes.requests > 0 && sizes.coaches === 0) throw new Error('seed: requests need at least one coach');
  return sizes;
}

/**
 * Inserts deterministic synthetic data into an empty, migrated database: athletes (complete and
 * incomplete), coaches with programs, their open requests, and one agent per agency. Rows go in
 * batches of CHUNK_SIZE, each in its own transaction, while the next chunk is generated.
 * The match index is not built here: callers run the rebuild afterwards (see seedAndIndex).
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const sizes = resolveSizes(options);
  const log = options.log ?? (() => {});
  if (options.loginPassword && !options.hashPassword) throw new Error('seed: loginPassword needs hashPassword');

  // Coaches first: requests are prefilled from their profiles.
  const coachProfiles: Record<string, unknown>[] = [];
  await inChunks(sizes.coaches, (chunk, count) => generateCoachChunk(sizes, chunk, count), async (coaches) => {
    coachProfiles.push(...coaches.map((c) => c.profile));
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(coaches.map((c) => c.user)).execute();
      await trx.insertInto('coaches').values(coaches.map((c) => c.coach)).execute();
    });
  });
  await inChunks(sizes.requests, (chunk, count) => generateRequestChunk(sizes, chunk, count, (i) => coachProfiles[i]), async (requests) => {
    await db.insertInto('coach_requests').values(requests).execute();
  });
  log(`seed: ${sizes.coaches} coaches, ${sizes.requests} requests`);

  const agents = generateAgents(sizes);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(agents.map((a) => a.user)).execute();
    await trx.insertInto('agents').values(agents.map((a) => a.agent)).execute();
  });

  for (const incomplete of [false, true]) {
    const total = incomplete ? sizes.incompleteAthletes : sizes.athletes;
    let done = 0;
    await inChunks(total, (chunk, count) => generateAthleteChunk(sizes, chunk, count, incomplete), async (athletes) => {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(athletes.map((a) => a.user)).execute();
        await trx.insertInto('athletes').values(athletes.map((a) => a.athlete)).execute();
      });
      done += athletes.length;
      if (done % 20_000 === 0 || done === total) log(`seed: ${done}/${total} ${incomplete ? 'incomplete' : 'complete'} athletes`);
    });
  }

  const logins: DemoLogin[] = [];
  if (options.loginPassword && options.hashPassword) {
    const wanted: DemoLogin[] = [
      ...(sizes.athletes > 0 ? [{ role: 'athlete' as const, email: DEMO_EMAILS.athlete, label: 'Athlete (complete profile)' }] : []),
      ...(sizes.coaches > 0 ? [{ role: 'coach' as const, email: DEMO_EMAILS.coach, label: 'Coach (with requests)' }] : []),
      ...agents.map((a) => ({ role: 'agent' as const, email: a.agent.email, label: `Agent of ${a.agent.agency}` })),
    ];
    for (const login of wanted) {
      // A fresh salt per account: each gets its own hash.
      const hash = await options.hashPassword(options.loginPassword);
      await db.updateTable('users').set({ password_hash: hash }).where('role', '=', login.role).where('email', '=', login.email).execute();
      logins.push(login);
    }
  }
  return { sizes, logins, millis: performance.now() - started };
}

/** Generates chunk n+1 while chunk n is being written. */
async function inChunks<T>(total: number, generate: (chunk: number, count: number) => T, write: (items: T) => Promise<void>): Promise<void> {
  const chunks = Math.ceil(total / CHUNK_SIZE);
  let pending: Promise<void> | null = null;
  for (let chunk = 0; chunk < chunks; chunk++) {
    const items = generate(chunk, Math.min(CHUNK_SIZE, total - chunk * CHUNK_SIZE));
    if (pending) await pending;
    pending = write(items);
  }
  if (pending) await pending;
}
