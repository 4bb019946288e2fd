// `npm run compose:check`: starts the compose stack (local images by default), waits for health,
// registers a coach through the API (the verification code is read from a mail sink: the app
// runs with its production settings and real SMTP), scales to 3 workers, creates requests and
// shows how their jobs spread over the workers, SIGKILLs one worker while jobs flow and shows
// that every request is still scored, then tears down what it started (its own compose project).
//
// Images: POSTGRES_IMAGE, REDIS_IMAGE, APP_IMAGE (default: the local recruiting/* images that
// `npm run images` builds; CHECK_IMAGES=public uses postgres:16-alpine, redis:7-alpine and an
// app image built on node:24-bookworm-slim).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUEST = {
  urgent: false,
  teamCategories: ["Women's Team"],
  positions: ['Winger'],
  ageMin: 17,
  ageMax: 23,
  openToTransfer: true,
  playerLevels: ['Tercera RFEF'],
  targetStartTerms: ['Fall 2026'],
  estimatedBudget: '$15,000 - $30,000',
  playerExtras: ['Team captain'],
  openToJuniorCollege: 'Yes',
  regions: ['Northeast'],
  institutionSize: 'Medium 5-15k',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const timings = [];
let stepStarted = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const log = (line) => console.log(`[compose:check ${seconds(Date.now() - started)}] ${line}`);
function step(name) {
  if (timings.length) timings[timings.length - 1].ms = Date.now() - stepStarted;
  stepStarted = Date.now();
  timings.push({ name, ms: 0 });
  log(`== ${name}`);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr || result.stdout}`);
  }
  return result.stdout?.trim() ?? '';
}

if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) {
  console.error('compose:check: no Docker engine answers (docker info failed); start one (as root: dockerd &) and retry.');
  process.exit(1);
}
const composeCommand = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0 ? ['docker', 'compose'] : ['docker-compose'];
if (composeCommand[0] === 'docker-compose' && spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status !== 0) {
  console.error('compose:check: neither `docker compose` nor `docker-compose` is installed (apt-get install docker-compose).');
  process.exit(1);
}

const publicImages = process.env.CHECK_IMAGES === 'public';
const apiPort = await freePort();
const project = `recruiting-check-${process.pid}`;
const env = {
  ...process.env,
  POSTGRES_IMAGE: process.env.POSTGRES_IMAGE ?? (publicImages ? 'postgres:16-alpine' : 'recruiting/postgres:15'),
  REDIS_IMAGE: process.env.REDIS_IMAGE ?? (publicImages ? 'redis:7-alpine' : 'recruiting/redis:7'),
  APP_IMAGE: process.env.APP_IMAGE ?? 'recruiting/app:latest',
  BASE_IMAGE: process.env.BASE_IMAGE ?? (publicImages ? 'node:24-bookworm-slim' : 'recruiting/node:24'),
  INSIGHTS_USERNAME: 'compose-check',
  INSIGHTS_PASSWORD: randomBytes(18).toString('base64url'),
  SMTP_URL: 'smtp://mailsink:2525',
  // A killed worker's jobs go back to the queue after this long (BullMQ lock).
  WORKER_LOCK_MS: '5000',
  API_PORT: String(apiPort),
  COMPOSE_PROFILES: 'check',
};
const compose = (...args) => run(composeCommand[0], [...composeCommand.slice(1), '-p', project, '-f', 'docker-compose.yml', ...args], { env });
const api = `http://127.0.0.1:${apiPort}/api`;

if (!publicImages) {
  const missing = [env.POSTGRES_IMAGE, env.REDIS_IMAGE, env.APP_IMAGE].filter(
    (image) => spawnSync('docker', ['image', 'inspect', image], { stdio: 'ignore' }).status !== 0,
  );
  if (missing.length) {
    console.error(`compose:check: image(s) ${missing.join(', ')} not found; build them with \`npm run images\`.`);
    process.exit(1);
  }
}

let tornDown = false;
function tearDown() {
  if (tornDown) return;
  tornDown = true;
  step("tear down (this check's compose project only)");
  compose('down', '--volumes', '--remove-orphans', '--timeout', '5');
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    tearDown();
    process.exit(130);
  });
}

try {
  step(`start postgres, redis, mail sink, api and one worker (project ${project}, API on 127.0.0.1:${apiPort})`);
  log(`images: ${env.POSTGRES_IMAGE}, ${env.REDIS_IMAGE}, ${env.APP_IMAGE}`);
  compose('config', '--quiet');
  compose('up', '--detach', ...(publicImages ? ['--build'] : ['--no-build']), 'postgres', 'redis', 'mailsink', 'api', 'worker');
  await waitHealthy(['api', 'worker'], 1, 240_000);
  // The stack's Postgres settings (docker-compose.yml): shared buffers sized for the match index.
  const settings = psql("select current_setting('shared_buffers')");
  log(`postgres shared_buffers: ${settings}`);
  if (settings !== (env.POSTGRES_SHARED_BUFFERS ?? '1GB')) throw new Error(`postgres runs with shared_buffers ${settings}, not the compose file's`);

  step('register a coach through the API (verification code from the mail sink)');
  const email = `coach-${randomBytes(4).toString('hex')}@example.com`;
  await callApi('POST', '/coach/send-verification-code', { email }, undefined, 200);
  const code = await codeFromMailSink(email);
  const registered = await callApi('POST', '/coach/register', coachRegistration(email, code), undefined, 201);
  const cookie = registered.cookie;
  log(`registered ${email} (user ${registered.body.user.id})`);

  step('scale to 3 workers');
  compose('up', '--detach', '--no-build', '--scale', 'worker=3', 'worker');
  await waitHealthy(['worker'], 3, 180_000);

  step('create 30 requests; their scoring jobs spread over the workers');
  await createRequests(cookie, 30);
  await waitCaughtUp(30, 120_000);
  const spread = await workerJobCounts();
  for (const w of spread) log(`  worker ${w.container} (${w.worker}): ${w.jobs.completed} jobs completed, ${w.jobs.failed} failed`);
  const busy = spread.filter((w) => w.jobs.completed > 0).length;
  if (busy < 2) throw new Error(`jobs did not spread: only ${busy} of ${spread.length} workers completed any`);
  log(`jobs ran on ${busy} of ${spread.length} workers`);

  step('SIGKILL one worker while 30 more requests are created; nothing is lost');
  const victim = spread[0].id;
  const creating = createRequests(cookie, 30);
  await sleep(300);
  run('docker', ['kill', '--signal', 'KILL', victim]);
  log(`killed ${spread[0].container} (exit code ${run('docker', ['inspect', '-f', '{{.State.ExitCode}}', victim])})`);
  await creating;
  const health = await waitCaughtUp(60, 180_000);
  const counts = psql("select count(*) || ' ' || count(*) filter (where indexed_version >= version) from coach_requests where deleted_at is null")
    .split(' ')
    .map(Number);
  log(`requests in the database: ${counts[0]}, scored (indexed at their current version): ${counts[1]}`);
  log(`queue: ${health.queue.completed} jobs completed, ${health.queue.failed} failed; outbox unpublished: ${health.outbox.unpublished}`);
  if (counts[0] !== 60 || counts[1] !== 60) throw new Error('not every request was scored');
  if (health.queue.failed !== 0) throw new Error(`${health.queue.failed} jobs failed`);
  const listed = await callApi('GET', '/coach/requests', undefined, cookie, 200);
  if (listed.body.length !== 60) throw new Error(`the coach sees ${listed.body.length} requests, not 60`);
  for (const w of await workerJobCounts()) log(`  surviving worker ${w.container}: ${w.jobs.completed} jobs completed, ${w.jobs.failed} failed`);
  tearDown();
} catch (error) {
  console.error(`compose:check FAILED: ${error.message}`);
  try {
    console.error(compose('logs', '--no-color', '--tail', '40'));
  } catch {
    /* the logs are a courtesy */
  }
  tearDown();
  printTimings();
  process.exit(1);
}
printTimings();
log('compose check passed');

function printTimings() {
  if (timings.length) timings[timings.length - 1].ms = Date.now() - stepStarted;
  console.log('compose:check timings:');
  for (const t of timings) console.log(`  ${seconds(t.ms).padStart(7)}  ${t.name}`);
  console.log(`  ${seconds(Date.now() - started).padStart(7)}  total`);
}

function containerIds(service) {
  return compose('ps', '-q', service).split('\n').filter(Boolean);
}

/** One value of a query run by psql in the stack's Postgres container. */
function psql(query) {
  return run('docker', ['exec', containerIds('postgres')[0], 'psql', '-U', 'postgres', '-d', 'recruiting', '-At', '-c', query]);
}

async function waitHealthy(services, count, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = services.flatMap((service) =>
      containerIds(service).map((id) => ({
        service,
        id,
        health: run('docker', ['inspect', '-f', '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}', id]),
      })),
    );
    const ready = services.every((s) => states.filter((x) => x.service === s && x.health === 'healthy').length >= count);
    if (ready) {
      log(`healthy: ${states.map((s) => `${s.service}(${s.id.slice(0, 12)})`).join(', ')}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`not healthy in time: ${states.map((s) => `${s.service} ${s.health}`).join(', ')}`);
    await sleep(1000);
  }
}

async function callApi(method, route, body, cookie, expected) {
  const response = await fetch(`${api}${route}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${route} answered ${response.status}, expected ${expected}: ${text.slice(0, 300)}`);
  const setCookie = response.headers.getSetCookie()[0];
  return { body: text ? JSON.parse(text) : null, cookie: setCookie?.split(';')[0] };
}

async function codeFromMailSink(email) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const logs = compose('logs', '--no-color', 'mailsink');
    const message = logs.split('----- message -----').find((m) => m.includes(email) && m.includes('verification code'));
    const code = message?.match(/verification code is (\d{6})/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no verification code for ${email} in the mail sink's log`);
    await sleep(500);
  }
}

async function createRequests(cookie, n) {
  // Ten at a time, so jobs reach the queue in bursts the workers compete for.
  for (let i = 0; i < n; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, (_, j) =>
        callApi('POST', '/coach/requests', { ...REQUEST, notes: `compose check request ${i + j + 1}` }, cookie, 201),
      ),
    );
  }
}

/** Waits until the API's health says every request is indexed, the outbox is empty and the queue idle. */
async function waitCaughtUp(expectedRequests, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    const response = await fetch(`${api}/health`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    last = response?.ok ? await response.json() : last;
    const caughtUp =
      last &&
      last.index?.unindexedRequests === 0 &&
      last.outbox?.unpublished === 0 &&
      last.queue?.waiting === 0 &&
      last.queue?.active === 0 &&
      last.queue?.delayed === 0;
    if (caughtUp) {
      log(`caught up: ${expectedRequests} requests created, index lag ${last.index.lagSeconds}s, queue idle`);
      return last;
    }
    if (Date.now() > deadline) throw new Error(`the index did not catch up in time: ${JSON.stringify(last)}`);
    await sleep(500);
  }
}

async function workerJobCounts() {
  return containerIds('worker')
    .filter((id) => run('docker', ['inspect', '-f', '{{.State.Running}}', id]) === 'true')
    .map((id) => {
      const body = JSON.parse(run('docker', ['exec', id, 'node', 'docker/healthcheck.mjs', 'worker', '--print']));
      return { id, container: run('docker', ['inspect', '-f', '{{.Name}}', id]).replace(/^\//, ''), ...body };
    });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function coachRegistration(email, verificationCode) {
  return {
    email,
    password: 'compose-check-1',
    verificationCode,
    programName: 'Compose Check University',
    division: 'NCAA Division II',
    programRegion: 'Northeast',
    schoolSize: 'Medium 5-15k',
    minimumGpa: 2.8,
    sports: ['Soccer'],
    coachFirstName: 'Dana',
    coachLastName: 'Whitfield',
    jobTitle: 'Head Coach',
    phoneNumber: '+1 555 0100',
    preferredContactMethod: 'Email',
    additionalStaff: [],
    yearsInRole: 6,
    englishToefl: 80,
    jucoOpenDefault: true,
    targetStartTerms: ['Fall 2026'],
    complianceAcknowledged: true,
    consentToContact: true,
    termsAccepted: true,
  };
}
