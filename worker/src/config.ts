import { isIP } from 'node:net';
import os from 'node:os';
import { BRAND_NAME, parseAgencyEmailDomains } from '@app/domain';
import { z } from 'zod';

/**
 * Environment of every process (api, worker, scripts). Validated once at start; a bad key is
 * named in the error so an operator knows what to fix.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** One trusted proxy address or CIDR range (`10.0.0.0/8`, `::1`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Decision A7: whose `X-Forwarded-For` is believed. Unset: nobody's (the socket's address is the
 * client's). A number: that many proxy hops in front of the app. Otherwise a comma list of
 * proxy addresses or CIDR ranges. The result is passed to Fastify's `trustProxy` as is.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    if (!v) return false;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (bad.length || !entries.length) {
      ctx.addIssue({ code: 'custom', message: `a hop count or a comma list of proxy addresses/CIDRs (not: ${bad.join(', ') || v})` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Twice this machine's cores, at most 10 (the former fixed size). More statements at once than
 * Postgres has cores only queue inside Postgres, where they also take turns with the API's own
 * thread: on a 2-core VM a pool of 10 gave the reads a p99 a third higher than 2 to 4 did, at
 * the same throughput (docs/decisions/005-match-index.md). Postgres on a machine of its own:
 * set DATABASE_POOL_SIZE to about twice its cores, shared among the processes.
 */
export function defaultDatabasePoolSize(cores = os.availableParallelism()): number {
  return Math.min(10, 2 * cores);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrl,
  /** Statements each process runs on Postgres at once (see defaultDatabasePoolSize). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(defaultDatabasePoolSize()),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default(`${BRAND_NAME} <no-reply@recruiting.local>`),
  CONTACT_INBOX: z.email().default('hello@recruiting.local'),
  DATA_DIR: z.string().default('.data'),
  PUBLIC_ORIGIN: optionalUrl,
  TRUST_PROXY: trustProxy,
  INSIGHTS_USERNAME: z.string().optional(),
  INSIGHTS_PASSWORD: z.string().optional(),
  /** Redis key prefix of the job queue (lets several deployments or test runs share a Redis). */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/)
    .default('rp'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** How soon (ms) the jobs of a worker that died are handed to another worker (BullMQ lock). */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** A standalone worker answers GET /health on this port when set (container health checks). */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ATHLETES: z.coerce.number().int().min(0).default(300),
  /** Email domains per agency for agent sign-up (decision A10), e.g. "Eture=eture.com;Mae=mae.com". */
  AGENCY_EMAIL_DOMAINS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseAgencyEmailDomains(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production') {
    // Decision A5: the insights console must not run with missing credentials in production.
    // Without SMTP_URL mail (verification codes included) would only be printed to the log.
    const missing = (['SMTP_URL', 'INSIGHTS_USERNAME', 'INSIGHTS_PASSWORD'] as const).filter((k) => !config[k]);
    if (missing.length) {
      throw new ConfigError(`Invalid environment:\n${missing.map((k) => `  ${k}: required in production`).join('\n')}`);
    }
  }
  return config;
}

/** For a process's entry point: the config, or the invalid settings printed and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
