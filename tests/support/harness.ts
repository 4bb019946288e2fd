import { randomBytes } from 'node:crypto';
import { buildApp } from '@app/api';
import { createServices, loadConfig, type Services } from '@app/worker';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/**
 * A fresh, migrated database for one test file: a new database on the Postgres server the run
 * resolved (DATABASE_URL), or an in-memory PGlite where there is none.
 */
export async function createFreshDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { url: undefined, drop: async () => {} };
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServicesOptions {
  /** Use BullMQ over REDIS_URL (the test must skip when there is none). Default: inline queue. */
  redis?: boolean;
  env?: Record<string, string>;
}

export interface TestContext {
  services: Services;
  smtp: SmtpSink;
  close(): Promise<void>;
}

/**
 * Relays the outbox and waits until every job has run, including jobs that jobs wrote (an index
 * job's top-15 notification): what a test waits for before asserting on what the jobs write, or
 * on a read a running job would change (a kept page, kept counts).
 */
export async function settleJobs(services: Services): Promise<void> {
  for (;;) {
    await services.outbox.drain();
    await services.queue.whenIdle();
    const left = await services.db.selectFrom('outbox').select('id').where('published_at', 'is', null).limit(1).executeTakeFirst();
    if (!left) return;
  }
}

/** Services wired as in production, on a fresh database, with mail going to an SMTP sink. */
export async function createTestServices(options: TestServicesOptions = {}): Promise<TestContext> {
  const database = await createFreshDatabase();
  const smtp = await startSmtpSink();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    // Without a Postgres server, a PGlite in memory whatever NODE_ENV a test sets: a production-mode
    // test app once opened the developer's embedded database (.data) and registered an agent
    // there, and the next `npm start` found the folder not empty (no demo data) or stopped on that
    // agent's agency while loading it.
    DATA_DIR: 'memory://',
    REDIS_URL: options.redis ? process.env.REDIS_URL : undefined,
    SMTP_URL: smtp.url,
    QUEUE_PREFIX: `t${randomBytes(5).toString('hex')}`,
    INSIGHTS_USERNAME: 'staff',
    INSIGHTS_PASSWORD: 'insights-test-password',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const services = await createServices(config);
  return {
    services,
    smtp,
    async close() {
      await services.close();
      await smtp.close();
      await database.drop();
    },
  };
}

export interface TestApp extends TestContext {
  app: FastifyInstance;
}

/** The HTTP app on test services, for `app.inject`. */
export async function createTestApp(options: TestServicesOptions = {}): Promise<TestApp> {
  const ctx = await createTestServices(options);
  const app = await buildApp({ services: ctx.services, serveWeb: false });
  await app.ready();
  return {
    ...ctx,
    app,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

/**
 * A new client address at each call, under `prefix` ('10.1'): rate limits are per address, so each
 * test's requests stay out of the others' counts. One prefix per test file.
 */
export function clientAddresses(prefix: string): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}.${Math.floor(counter / 250)}.${counter % 250}`;
  };
}

/** A listening server with the built SPA (browser tests). */
export async function startTestServer(options: TestServicesOptions = {}): Promise<TestApp & { baseUrl: string }> {
  const ctx = await createTestServices(options);
  const app = await buildApp({ services: ctx.services, serveWeb: true });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  return {
    ...ctx,
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}
