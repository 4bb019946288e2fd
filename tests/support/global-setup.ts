import { existsSync } from 'node:fs';

/**
 * Resolves the services the tests use, once per run, in this order (DESIGN.md):
 * DATABASE_URL / REDIS_URL from the environment; else testcontainers when a Docker engine
 * answers; else PGlite and the inline queue (Redis-only tests then report as skipped).
 * The resolved URLs reach the test workers through the environment they inherit.
 */
export default async function setup() {
  const stops: Array<() => Promise<unknown>> = [];
  const needDb = !process.env.DATABASE_URL;
  const needRedis = !process.env.REDIS_URL;
  if ((needDb || needRedis) && dockerEngineLikely()) {
    try {
      if (needDb) {
        const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
        const pg = await new PostgreSqlContainer('postgres:16-alpine').start();
        process.env.DATABASE_URL = pg.getConnectionUri();
        stops.push(() => pg.stop());
      }
      if (needRedis) {
        const { RedisContainer } = await import('@testcontainers/redis');
        const redis = await new RedisContainer('redis:7-alpine').start();
        process.env.REDIS_URL = redis.getConnectionUrl();
        stops.push(() => redis.stop());
      }
    } catch (error) {
      console.warn(`[tests] Docker answered but containers could not start (${(error as Error).message}); falling back to embedded services.`);
    }
  }
  const db = process.env.DATABASE_URL ? 'Postgres (DATABASE_URL)' : 'embedded PGlite';
  const redis = process.env.REDIS_URL ? 'Redis (REDIS_URL)' : 'none: Redis-only tests are skipped';
  console.log(`[tests] database: ${db}; queue: ${redis}`);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

function dockerEngineLikely(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}
