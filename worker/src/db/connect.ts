import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { defaultDatabasePoolSize } from '../config.ts';
import { fallbackLogger, type Logger } from '../logger.ts';
import { boundPreparedStatements, PREPARED_SESSION_OPTIONS, PREPARED_STATEMENTS_PER_CONNECTION, usePreparedStatements } from './prepared.ts';
import type { Database } from './schema.ts';

// bigint (outbox ids, versions) stays a string; counts are cast explicitly where needed.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** The URL the pool connects to (the embedded server's loopback address by default). */
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Statements at once (each of the two pools' size); DATABASE_POOL_SIZE's default when unset. */
  poolSize?: number;
  log?: Logger;
}

const serverPools = new WeakMap<Kysely<Database>, pg.Pool>();

/**
 * The `pg` pool behind a database that `connectDatabase` opened on a Postgres server, for the one
 * thing Kysely cannot do: COPY (the index rebuild's bulk load). Undefined for the embedded
 * database, whose socket server does not speak COPY, and for transactions.
 */
export function serverPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return serverPools.get(db);
}

/**
 * One code path for every environment: Kysely's PostgresDialect over a `pg` pool. With no
 * DATABASE_URL, PGlite (Postgres compiled to WebAssembly) is started behind pglite-socket on
 * loopback and the same pool connects to it (one connection: PGlite is single-session).
 */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? defaultDatabasePoolSize();
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
    // The named prepared statements' own pool (prepared.ts): its sessions use generic plans.
    const preparedPool = new pg.Pool({ connectionString: options.databaseUrl, max, options: PREPARED_SESSION_OPTIONS });
    // An idle connection the server closed (restart, failover, a dropped test database) is
    // discarded by the pool; without a listener its 'error' event would crash the process.
    const log = options.log ?? fallbackLogger;
    for (const each of [pool, preparedPool]) {
      each.on('error', (error) => log.warn(`[db] idle connection closed: ${error.message}`));
      // A connection lost while checked out (e.g. between two statements of a transaction) emits
      // 'error' on its client too; the statement in flight fails on its own, the process must not.
      each.on('connect', (client) => client.on('error', () => {}));
    }
    pool.on('connect', (client) => usePreparedStatements(client, preparedPool));
    preparedPool.on('connect', (client) => boundPreparedStatements(client, PREPARED_STATEMENTS_PER_CONNECTION));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    serverPools.set(db, pool);
    return {
      db,
      url: options.databaseUrl,
      embedded: false,
      async close() {
        await db.destroy();
        await preparedPool.end();
      },
    };
  }
  const embedded = await startEmbeddedPostgres(options.dataDir ?? '.data');
  // No prepared statements here: the embedded server keeps one session across reconnects, where
  // a fresh client would try to prepare a name the session already holds.
  const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    url: embedded.url,
    embedded: true,
    async close() {
      await db.destroy();
      await embedded.stop();
    },
  };
}

export async function startEmbeddedPostgres(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  let location = 'memory://';
  if (dataDir !== 'memory://') {
    location = path.resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const pglite = await PGlite.create(location);
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0 });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres@${address}/postgres`,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
