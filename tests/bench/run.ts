// One benchmark run's own resources (bench.ts, scale.ts, scale-out.ts): a database
// bench_<stamp>_<hex>, a queue prefix, the child processes, all removed at the end.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, createBullQueue, loadConfig, migrateToLatest, relayOutboxOnce, type DatabaseHandle, type JobQueue } from '@app/worker';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import { createProgress } from '../seed/progress.ts';
import { resolveSizes, seedDatabase, type SeedSizes } from '../seed/index.ts';
import { scriptNodeFlags, timed } from './common.ts';
import { ROOT, startChild, type Child } from './processes.ts';
import { round, sleep } from './stats.ts';

export const SEED = 2026;

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  postgres: string;
  os: string;
  loadAverageAtStart: number[];
  /** DATABASE_POOL_SIZE of the API, worker and reindex processes (their environment's, else the default). */
  databasePoolSize: number;
}

export class BenchRun {
  readonly dbName = `bench_${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)}_${randomBytes(3).toString('hex')}`;
  readonly url: string;
  readonly queuePrefix = `bench${randomBytes(4).toString('hex')}`;
  readonly env: Record<string, string>;
  readonly children: Child[] = [];
  /** Node flags of the npm scripts each process kind runs with (processes start as deployed), plus the run's own. */
  readonly apiArgs: string[];
  readonly workerArgs: string[];
  readonly reindexArgs: string[];
  handle: DatabaseHandle | null = null;
  queue: JobQueue | null = null;
  /** Whether cleanup drops the database (set once this run has created it). */
  ownsDatabase = false;

  constructor(
    readonly adminUrl: string,
    readonly redisUrl: string,
    readonly log: (line: string) => void,
    extraNodeArgs: string[] = [],
  ) {
    this.apiArgs = [...scriptNodeFlags('start'), ...extraNodeArgs];
    this.workerArgs = [...scriptNodeFlags('worker'), ...extraNodeArgs];
    this.reindexArgs = [...scriptNodeFlags('reindex'), ...extraNodeArgs];
    const url = new URL(adminUrl);
    url.pathname = `/${this.dbName}`;
    this.url = url.toString();
    this.env = {
      DATABASE_URL: this.url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: this.queuePrefix,
      NODE_ENV: 'production',
      // Required in production; bench.ts points it at its own SMTP sink before any process starts.
      SMTP_URL: 'smtp://127.0.0.1:2',
      // The links in the notification emails (never followed).
      PUBLIC_ORIGIN: 'http://127.0.0.1:3000',
      INSIGHTS_USERNAME: 'bench',
      INSIGHTS_PASSWORD: 'bench-only-password',
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '2',
    };
  }

  get db() {
    return this.handle!.db;
  }

  track = (child: Child) => void this.children.push(child);

  async admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.adminUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  async machine(): Promise<Machine> {
    const version = await this.admin(async (c) => (await c.query('select version() as v')).rows[0].v as string);
    return {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: round(os.totalmem() / 1024 ** 3, 1),
      node: process.version,
      postgres: version.split(' on ')[0],
      os: `${os.type()} ${os.release()}`,
      loadAverageAtStart: os.loadavg().map((x) => round(x, 2)),
      databasePoolSize: loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).DATABASE_POOL_SIZE,
    };
  }

  async createDatabase(): Promise<void> {
    await this.admin((c) => c.query(`create database ${this.dbName}`));
    this.ownsDatabase = true;
    this.handle = await connectDatabase({ databaseUrl: this.url, poolSize: Math.max(6, os.availableParallelism() + 2) });
    await migrateToLatest(this.handle.db);
    this.queue = createBullQueue(this.redisUrl, this.queuePrefix);
  }

  /** Seeds with one generating thread per core, with a progress bar in a terminal (plain lines otherwise). */
  async seed(sizes: Partial<SeedSizes>): Promise<{ sizes: SeedSizes; seconds: number; athletesPerSecond: number }> {
    const resolved = resolveSizes({ seed: SEED, ...sizes });
    const total = resolved.athletes + resolved.incompleteAthletes;
    const progress = createProgress('seed: athletes', total);
    const run = await timed(() =>
      seedDatabase(this.db, {
        ...resolved,
        threads: os.availableParallelism(),
        onProgress: (done) => progress.update(done),
        log: (line) => progress.note(`[bench] ${line}`),
      }),
    );
    progress.finish();
    const vacuum = await timed(() => sql`vacuum analyze`.execute(this.db));
    const seconds = round((run.ms + vacuum.ms) / 1000, 1);
    this.log(
      `seeded in ${seconds} s (vacuum analyze ${round(vacuum.ms / 1000, 1)} s of it): ${Math.round(total / (run.value.athletes.millis / 1000))} athletes/s`,
    );
    return { sizes: resolved, seconds, athletesPerSecond: Math.round(total / (run.value.athletes.millis / 1000)) };
  }

  startApi(name = 'api', extraArgs: string[] = [], nodeArgs = this.apiArgs): Child {
    const api = startChild(name, 'tests/bench/server.ts', this.env, [...nodeArgs, ...extraArgs]);
    this.track(api);
    return api;
  }

  /** The API's Node flags less the start script's heap cap (--max-old-space-size). */
  get uncappedApiArgs(): string[] {
    return this.apiArgs.filter((flag) => !flag.startsWith('--max-old-space-size'));
  }

  async apiPort(api: Child): Promise<number> {
    return JSON.parse(await api.waitFor(/^\{"port":/)).port as number;
  }

  async startWorkers(count: number, concurrency = Number(this.env.WORKER_CONCURRENCY)): Promise<Child[]> {
    // 'Worker started' is an info line; a worker logs little else below warn (no request logs).
    const env = { ...this.env, LOG_LEVEL: 'info', WORKER_CONCURRENCY: String(concurrency) };
    const started = Array.from({ length: count }, (_, i) => startChild(`worker-${concurrency}x${count}-${i}`, 'worker/src/main.ts', env, this.workerArgs));
    started.forEach(this.track);
    await Promise.all(started.map((w) => w.waitFor(/Worker started/)));
    return started;
  }

  /** Bumps these athletes' versions through the outbox, as a save would, and waits until all are indexed. */
  async rescoreAthletes(ids: string[]): Promise<void> {
    const db = this.db;
    await db.transaction().execute(async (trx) => {
      const bumped = await sql<{
        id: string;
        version: string;
      }>`update athletes set version = version + 1 where id = any(${ids}::uuid[]) returning id, version`.execute(trx);
      await trx
        .insertInto('outbox')
        .values(bumped.rows.map((r) => ({ kind: 'athlete' as const, entity_id: r.id, version: r.version })))
        .execute();
    });
    while ((await relayOutboxOnce(db, this.queue!)) > 0);
    for (let polls = 0; ; polls++) {
      const left = await sql<{
        n: string;
      }>`select count(*) as n from athlete_index_state where athlete_id = any(${ids}::uuid[]) and indexed_version < version`.execute(db);
      if (Number(left.rows[0].n) === 0) return;
      if (polls > 6000) throw new Error('athlete jobs not done after 5 minutes');
      await sleep(50);
    }
  }

  /**
   * Ctrl-C or SIGTERM stops the run and still removes what it created (a stopped scale run would
   * otherwise leave tens of GB behind), after `beforeCleanup` (what the caller holds besides).
   * Cleanup may then run twice; each step tolerates that. A repeated signal is ignored: a
   * terminal's Ctrl-C can reach this process twice, and a second signal without a handler ended
   * the process before its cleanup, leaving the API and worker processes and the run's database
   * behind. `npm run bench` starts this process with `node --import tsx`, not the tsx command: the
   * command relays a signal to its child and, when it misses the child's acknowledgement (the
   * child got the terminal's signal first; 30 ms), kills the child outright (SIGKILL), which left
   * a 3.9 GB run database behind once.
   */
  cleanupOnSignal(beforeCleanup: () => Promise<void> = async () => {}): void {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      this.log(`${signal}: stopping; dropping ${this.dbName} and the queue's keys…`);
      void beforeCleanup()
        .catch(() => {})
        .then(() => this.cleanup())
        .finally(() => process.exit(130));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }

  /**
   * Runs a benchmark's body with cleanup on Ctrl-C (cleanupOnSignal) and at the end: 0 when it
   * finished, 1 (the error printed) when it threw.
   */
  async guarded(body: () => Promise<void>): Promise<number> {
    this.cleanupOnSignal();
    try {
      await body();
      return 0;
    } catch (error) {
      console.error(error);
      return 1;
    } finally {
      await this.cleanup();
    }
  }

  /** Writes a run's report under bench/results as `name`.json and `name`.md. */
  saveReport(name: string, report: object, markdown: string): void {
    const outDir = path.join(ROOT, 'bench/results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(outDir, `${name}.md`), markdown);
    this.log(`report: bench/results/${name}.md (+ .json)`);
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.children.map((c) => c.stop().catch(() => {})));
    await this.queue?.close().catch(() => {});
    await this.handle?.close().catch(() => {});
    if (this.ownsDatabase) {
      await this.admin((c) => c.query(`drop database if exists ${this.dbName} with (force)`)).catch((e) =>
        this.log(`could not drop ${this.dbName}: ${(e as Error).message}`),
      );
    }
    const redis = new Redis(this.redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${this.queuePrefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  }
}
