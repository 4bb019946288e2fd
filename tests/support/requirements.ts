import { existsSync } from 'node:fs';

/**
 * Service-dependent tests skip (and say so) where a service is missing, except when
 * REQUIRE_SERVICES=1 (CI), where a missing service fails the run instead.
 */
const REQUIRED = process.env.REQUIRE_SERVICES === '1';

function requireOrSkip(available: boolean, what: string): boolean {
  if (!available && REQUIRED) throw new Error(`${what} is required (REQUIRE_SERVICES=1) but was not found`);
  return !available;
}

export const redisUrl = process.env.REDIS_URL || undefined;
/** True when Redis-only tests must be skipped. */
export const noRedis = requireOrSkip(Boolean(redisUrl), 'Redis (REDIS_URL)');

export const chromiumPath = process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
/** True when browser tests must be skipped. */
export const noBrowser = requireOrSkip(Boolean(chromiumPath), 'Chromium');

/** True when tests that need a Postgres server (not the embedded PGlite) must be skipped. */
export const noPostgresServer = requireOrSkip(Boolean(process.env.DATABASE_URL), 'a Postgres server (DATABASE_URL)');
