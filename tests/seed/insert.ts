import type { Database } from '@app/worker';
import { serverPoolOf } from '@app/worker/db/connect';
import type { Kysely } from 'kysely';
import { athleteChunkText, copyAthleteChunk } from './copy.ts';
import { CHUNK_SIZE, DEMO_EMAILS, generateAgents, generateAthleteChunk, generateCoachChunk, generateRequestChunk, type SeedSizes } from './generate.ts';
import { ChunkThread } from './threads.ts';

export interface SeedOptions extends Partial<SeedSizes> {
  /**
   * Password of the demo logins (one complete athlete, the first coach, the agent of each
   * agency). Without it no seeded account can log in.
   */
  loginPassword?: string;
  /** The accounts' hashing function (api/src/auth/passwords.ts `hashPassword`). Required with loginPassword. */
  hashPassword?: (password: string) => Promise<string>;
  log?: (message: string) => void;
  /**
   * On a Postgres server: threads that generate the athletes (node:worker_threads), each
   * writing its chunks over a connection of its own; 0 (the default) generates them in this
   * thread. Any number gives the same rows (each chunk depends only on the seed and its number).
   */
  threads?: number;
  /**
   * How athletes are written: 'copy' (the default on a Postgres server: COPY, one transaction per
   * chunk) or 'insert' (batched INSERTs, always used on the embedded database, whose socket does
   * not speak COPY).
   */
  load?: 'copy' | 'insert';
  /** After each chunk of athletes is written: athletes (complete and incomplete) written so far, of all. */
  onProgress?: (done: number, total: number) => void;
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
  /** How the athletes went in, and the part of `millis` they took. */
  athletes: { load: 'copy' | 'insert'; threads: number; millis: number };
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
  await inChunks(
    sizes.coaches,
    (chunk, count) => generateCoachChunk(sizes, chunk, count),
    async (coaches) => {
      coachProfiles.push(...coaches.map((c) => c.profile));
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values(coaches.map((c) => c.user))
          .execute();
        await trx
          .insertInto('coaches')
          .values(coaches.map((c) => c.coach))
          .execute();
      });
    },
  );
  await inChunks(
    sizes.requests,
    (chunk, count) => generateRequestChunk(sizes, chunk, count, (i) => coachProfiles[i]),
    async (requests) => {
      await db.insertInto('coach_requests').values(requests).execute();
    },
  );
  log(`seed: ${sizes.coaches} coaches, ${sizes.requests} requests`);

  const agents = generateAgents(sizes);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(agents.map((a) => a.user))
      .execute();
    await trx
      .insertInto('agents')
      .values(agents.map((a) => a.agent))
      .execute();
  });

  const athletesStarted = performance.now();
  const jobs = athleteJobs(sizes);
  const total = sizes.athletes + sizes.incompleteAthletes;
  let done = 0;
  const wrote = (count: number) => {
    done += count;
    options.onProgress?.(done, total);
  };
  const pool = options.load === 'insert' ? undefined : serverPoolOf(db);
  const threads = pool ? Math.max(0, Math.floor(options.threads ?? 0)) : 0;
  if (!pool) {
    await inLanes(jobs, 1, () => ({
      generate: async (job) => generateAthleteChunk(sizes, job.chunk, job.count, job.incomplete),
      write: async (athletes) => {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values(athletes.map((a) => a.user))
            .execute();
          await trx
            .insertInto('athletes')
            .values(athletes.map((a) => a.athlete))
            .execute();
        });
        wrote(athletes.length);
      },
    }));
  } else if (threads === 0) {
    await inLanes(jobs, 1, () => ({
      generate: async (job) => athleteChunkText(generateAthleteChunk(sizes, job.chunk, job.count, job.incomplete)),
      write: async (text) => {
        await copyAthleteChunk(pool, text);
        wrote(text.count);
      },
    }));
  } else {
    // One lane per thread: the thread generates chunk n+1 while its chunk n is written.
    const workers = Array.from({ length: threads }, () => new ChunkThread());
    try {
      await inLanes(jobs, threads, (lane) => ({
        generate: (job) => workers[lane].generate({ seed: sizes.seed, ...job }),
        write: async (text) => {
          await copyAthleteChunk(pool, text);
          wrote(text.count);
        },
      }));
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
  }
  const athleteMillis = performance.now() - athletesStarted;
  const how = pool ? `COPY, ${threads === 0 ? 'generated in this thread' : `${threads} generating threads`}` : 'INSERT';
  log(
    `seed: ${sizes.athletes} complete + ${sizes.incompleteAthletes} incomplete athletes in ${(athleteMillis / 1000).toFixed(1)} s (${how}; ${Math.round(total / Math.max(athleteMillis / 1000, 0.001))}/s)`,
  );

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
  return { sizes, logins, millis: performance.now() - started, athletes: { load: pool ? 'copy' : 'insert', threads, millis: athleteMillis } };
}

/** Generates chunk n+1 while chunk n is being written. */
async function inChunks<T>(total: number, generate: (chunk: number, count: number) => T, write: (items: T) => Promise<void>): Promise<void> {
  const jobs = Array.from({ length: Math.ceil(total / CHUNK_SIZE) }, (_, chunk) => chunk);
  await inLanes(jobs, 1, () => ({ generate: async (chunk) => generate(chunk, Math.min(CHUNK_SIZE, total - chunk * CHUNK_SIZE)), write }));
}

export interface AthleteJob {
  incomplete: boolean;
  chunk: number;
  count: number;
}

/** Every chunk of athletes to write: the complete ones, then the incomplete ones. */
export function athleteJobs(sizes: Pick<SeedSizes, 'athletes' | 'incompleteAthletes'>): AthleteJob[] {
  const jobs: AthleteJob[] = [];
  for (const incomplete of [false, true]) {
    const total = incomplete ? sizes.incompleteAthletes : sizes.athletes;
    for (let chunk = 0; chunk * CHUNK_SIZE < total; chunk++) jobs.push({ incomplete, chunk, count: Math.min(CHUNK_SIZE, total - chunk * CHUNK_SIZE) });
  }
  return jobs;
}

/**
 * Runs `jobs` over `lanes` lanes taking the next job in turn; in each lane the next job is
 * generated while the previous one is written. The first failure stops every lane from taking
 * more (the writes under way finish or fail on their own) and is thrown.
 */
async function inLanes<J, T>(
  jobs: readonly J[],
  lanes: number,
  laneOf: (lane: number) => { generate: (job: J) => Promise<T>; write: (items: T) => Promise<void> },
): Promise<void> {
  let next = 0;
  let failed = false;
  const run = async (lane: number) => {
    const { generate, write } = laneOf(lane);
    let writing: Promise<void> | null = null;
    try {
      while (!failed && next < jobs.length) {
        const items = await generate(jobs[next++]);
        if (writing) await writing;
        writing = write(items);
        // Observed here so a failure while the next job is generated is not an unhandled rejection.
        writing.catch(() => {});
      }
      if (writing) await writing;
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, (_, lane) => run(lane)));
}
