import type { GenericContainer } from 'testcontainers';

/**
 * Resolves the services the tests use, once per run, in this order (DESIGN.md):
 * DATABASE_URL / REDIS_URL from the environment; else testcontainers when a container runtime
 * answers; else PGlite and the inline queue (Redis-only tests then report as skipped).
 * The resolved URLs reach the test workers through the environment they inherit.
 *
 * Containers use the public postgres:16-alpine and redis:7-alpine images (a laptop with Docker
 * and internet). TEST_SERVICES=containers asks for containers explicitly: it uses the local
 * images `npm run images` builds from Debian packages (recruiting/postgres:15,
 * recruiting/redis:7), replaces DATABASE_URL / REDIS_URL, and fails instead of falling back.
 * TEST_POSTGRES_IMAGE / TEST_REDIS_IMAGE choose other images.
 */
export default async function setup() {
  const stops: Array<() => Promise<unknown>> = [];
  const explicit = process.env.TEST_SERVICES === 'containers';
  if (explicit) {
    for (const key of ['DATABASE_URL', 'REDIS_URL'] as const) {
      if (process.env[key]) console.log(`[tests] TEST_SERVICES=containers: ${key} from the environment is replaced by a container`);
      delete process.env[key];
    }
  }
  const needDb = !process.env.DATABASE_URL;
  const needRedis = !process.env.REDIS_URL;
  if (needDb || needRedis) {
    // Ports are published on 127.0.0.1 only (loopbackOnly below), so that is where testcontainers
    // must reach them. Left to itself, inside a container (this CI machine is one) it picks the
    // bridge gateway (172.17.0.1), where nothing is published, and its port wait never succeeds.
    if (!process.env.DOCKER_HOST?.startsWith('tcp://')) process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
    const runtime = await containerRuntime();
    if (!runtime.available && explicit) throw new Error(`TEST_SERVICES=containers, but no container runtime answers: ${runtime.reason}`);
    if (runtime.available) {
      const images = {
        postgres: process.env.TEST_POSTGRES_IMAGE || (explicit ? 'recruiting/postgres:15' : 'postgres:16-alpine'),
        redis: process.env.TEST_REDIS_IMAGE || (explicit ? 'recruiting/redis:7' : 'redis:7-alpine'),
      };
      if (explicit) {
        // Local images only: nothing may be pulled, and that includes Ryuk, testcontainers'
        // clean-up container. Without it this setup's teardown stops what it started.
        process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
        await requireLocalImages([...(needDb ? [images.postgres] : []), ...(needRedis ? [images.redis] : [])]);
        await removeOrphanedContainers();
      }
      try {
        const started = Date.now();
        // Both start at once; allSettled so a failure still leaves each started one to stop.
        const results = await Promise.allSettled([
          needDb &&
            (async () => {
              const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
              // The data directory on tmpfs and no fsync: a throwaway database, as fast as it goes.
              const pg = await loopbackOnly(new PostgreSqlContainer(images.postgres))
                .withLabels(OWNER_LABEL)
                .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
                // Docker's default /dev/shm is 64 MB; parallel queries and index builds put their
                // shared memory there.
                .withSharedMemorySize(512 * 1024 * 1024)
                .withCommand(['postgres', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'])
                .start();
              const crashes = await watchForCrashes(pg);
              stops.push(async () => {
                await pg.stop();
                if (crashes.length) console.error(`[tests] the Postgres container reported:\n${crashes.join('\n')}`);
              });
              process.env.DATABASE_URL = `postgres://${pg.getUsername()}:${pg.getPassword()}@127.0.0.1:${pg.getPort()}/${pg.getDatabase()}`;
            })(),
          needRedis &&
            (async () => {
              const { RedisContainer } = await import('@testcontainers/redis');
              const redis = await loopbackOnly(new RedisContainer(images.redis)).withLabels(OWNER_LABEL).start();
              stops.push(() => redis.stop());
              process.env.REDIS_URL = `redis://127.0.0.1:${redis.getMappedPort(6379)}`;
            })(),
        ]);
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
        console.log(
          `[tests] containers started in ${((Date.now() - started) / 1000).toFixed(1)}s (${runtime.name}): ${[needDb && images.postgres, needRedis && images.redis].filter(Boolean).join(', ')}`,
        );
      } catch (error) {
        await stopAll(stops);
        if (explicit) throw error;
        if (needDb) delete process.env.DATABASE_URL;
        if (needRedis) delete process.env.REDIS_URL;
        console.warn(`[tests] a container runtime answered but containers could not start (${(error as Error).message}); falling back to embedded services.`);
      }
    }
  }
  const db = process.env.DATABASE_URL ? 'Postgres (DATABASE_URL)' : 'embedded PGlite';
  const redis = process.env.REDIS_URL ? 'Redis (REDIS_URL)' : 'none: Redis-only tests are skipped';
  console.log(`[tests] database: ${db}; queue: ${redis}`);
  return () => stopAll(stops);
}

/** Containers this run starts carry the runner's process id. */
const OWNER_LABEL = { 'recruiting.tests.owner-pid': String(process.pid) };

/**
 * Containers left running by an earlier run that was killed before its teardown (without Ryuk
 * nothing else stops them) still hold their memory, the database's tmpfs included: removed when
 * the process that started them is gone.
 */
async function removeOrphanedContainers() {
  const { getContainerRuntimeClient } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  for (const info of await client.container.list()) {
    const owner = Number(info.Labels?.['recruiting.tests.owner-pid']);
    if (!owner || processAlive(owner)) continue;
    console.log(`[tests] removing container ${info.Id.slice(0, 12)} (${info.Image}) left by an earlier run (process ${owner} is gone)`);
    await client.container.dockerode.getContainer(info.Id).remove({ force: true, v: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Collects the server's log lines that tell of a crash (a backend killed, a panic, memory
 * refused), each with the lines that follow it (Postgres names the statement the killed process
 * was running in the next line, "DETAIL:  Failed process was running: …"), to be printed when the
 * run ends: tests that fail because Postgres restarted under them only see "the database system
 * is not yet accepting connections".
 */
export function crashLineCollector(limit = 50, following = 2) {
  const lines: string[] = [];
  const crash =
    /terminated by signal|was terminated|PANIC|out of memory|could not resize shared memory|all server processes terminated|database system was interrupted/;
  let partial = '';
  let keep = 0;
  const add = (chunk: string | Buffer) => {
    const parts = (partial + String(chunk)).split('\n');
    partial = parts.pop()!; // a line the next chunk ends
    for (const line of parts) {
      const matched = crash.test(line);
      if ((matched || keep > 0) && lines.length < limit) lines.push(line.trim());
      keep = matched ? following : Math.max(0, keep - 1);
    }
  };
  return { lines, add };
}

async function watchForCrashes(container: { logs(): Promise<NodeJS.ReadableStream> }): Promise<string[]> {
  const collector = crashLineCollector();
  (await container.logs()).on('data', collector.add);
  return collector.lines;
}

async function stopAll(stops: Array<() => Promise<unknown>>) {
  for (const stop of stops.splice(0).reverse()) await stop();
}

/**
 * Whether a container runtime answers, found the way testcontainers finds it (TESTCONTAINERS_HOST
 * or DOCKER_HOST, ~/.testcontainers.properties, the Docker socket, rootless Docker, Docker Desktop,
 * colima, contexts), so the tests use containers exactly where testcontainers can start them.
 */
async function containerRuntime(): Promise<{ available: true; name: string } | { available: false; reason: string }> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const client = await getContainerRuntimeClient();
    const { containerRuntime: info } = client.info;
    return { available: true, name: `${info.operatingSystem}, server ${info.serverVersion} at ${info.host}` };
  } catch (error) {
    return { available: false, reason: (error as Error).message };
  }
}

async function requireLocalImages(images: string[]) {
  const { getContainerRuntimeClient, ImageName } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  const missing: string[] = [];
  for (const image of images) if (!(await client.image.exists(ImageName.fromString(image)))) missing.push(image);
  if (missing.length) throw new Error(`TEST_SERVICES=containers needs the local image(s) ${missing.join(', ')}: build them with \`npm run images\``);
}

/**
 * testcontainers publishes ports on every interface and has no option for the address; the
 * project's rule is loopback only, so the bindings it prepared get 127.0.0.1 before start.
 */
function loopbackOnly<T extends GenericContainer>(container: T): T {
  const { hostConfig } = container as unknown as { hostConfig: { PortBindings?: Record<string, Array<{ HostIp?: string }>> } };
  for (const bindings of Object.values(hostConfig.PortBindings ?? {})) for (const binding of bindings) binding.HostIp = '127.0.0.1';
  return container;
}
