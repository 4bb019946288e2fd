import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail.ts';
import { createProcessors } from './processors/index.ts';
import { createBullQueue } from './queue/bullmq-queue.ts';
import { createInlineQueue } from './queue/inline-queue.ts';
import type { JobQueue, Processors } from './queue/queue.ts';
import { startOutboxRelay, type OutboxRelay } from './store/outbox.ts';
import { createInProcessLiveBus, createRedisLiveBus, type LiveBus } from './notifications/live.ts';

/** The back-end services one process needs, built from its configuration. */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  db: Kysely<Database>;
  mailer: Mailer;
  queue: JobQueue;
  processors: Processors;
  outbox: OutboxRelay;
  /** This process's logger (pino, LOG_LEVEL, the shared redaction). */
  log: Logger;
  /** Live events for open streams: Redis pub/sub with REDIS_URL, in process otherwise. */
  live: LiveBus;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  mailer?: Mailer;
  /** Skip running migrations at start (scripts that only read). */
  skipMigrations?: boolean;
  log?: Logger;
}

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const log = overrides.log ?? createLogger(config.LOG_LEVEL);
  const database = await connectDatabase({
    log,
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.NODE_ENV === 'test' && !config.DATABASE_URL ? 'memory://' : config.DATA_DIR,
  });
  if (!overrides.skipMigrations) await migrateToLatest(database.db);
  const mailer = overrides.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
  const live = config.REDIS_URL ? createRedisLiveBus(config.REDIS_URL, config.QUEUE_PREFIX, log) : createInProcessLiveBus();
  const processors = createProcessors({ db: database.db, mailer, config, live });
  const queue = config.REDIS_URL
    ? createBullQueue(config.REDIS_URL, config.QUEUE_PREFIX)
    : createInlineQueue(processors, { concurrency: config.WORKER_CONCURRENCY, log });
  const outbox = startOutboxRelay(database.db, queue, { log });
  return {
    config,
    database,
    db: database.db,
    mailer,
    queue,
    processors,
    outbox,
    log,
    live,
    async close() {
      await outbox.stop();
      await queue.close();
      await live.close();
      mailer.close();
      await database.close();
    },
  };
}
