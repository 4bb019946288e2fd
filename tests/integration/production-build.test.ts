import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { connectDatabase, migrateToLatest } from '@app/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeLayoutProblems, workspaceProductionDependencies } from '../../scripts/runtime-layout.mjs';
import { seedDatabase } from '../seed/index.ts';
import { createFreshDatabase } from '../support/harness.ts';
import { noPostgresServer } from '../support/requirements.ts';

/**
 * The production build the container image runs (scripts/build-server.mjs): plain JavaScript
 * whose imports the image's production-only node_modules satisfy, and migrations that plain
 * Node loads (no tsx in the image).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

describe('production build', () => {
  let outdir: string;
  beforeAll(async () => {
    // Inside the project, as dist/ is: the bundle finds its dependencies in the project's node_modules.
    const cache = path.join(ROOT, 'node_modules', '.cache');
    await mkdir(cache, { recursive: true });
    outdir = await mkdtemp(path.join(cache, 'build-server-'));
    await run(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), outdir], { cwd: ROOT });
  });
  afterAll(async () => {
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it('bundles the entry points, importing only Node built-ins and production dependencies', async () => {
    const files = (await readdir(outdir)).filter((f) => f.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['server.js', 'worker.js', 'migrate.js', 'reindex.js', 'rebuild-thread.js']));
    const allowed = new Set(workspaceProductionDependencies(ROOT).map((dependency) => dependency.name));
    const imported = new Set<string>();
    for (const file of files) {
      const code = await readFile(path.join(outdir, file), 'utf8');
      // Bare specifiers only (a package name, optionally scoped, then a subpath): text such as
      // `from ", "` in the bundled code is not an import.
      for (const match of code.matchAll(/(?:from|import)\s*\(?\s*"((?:node:)?(?:@[a-z0-9._-]+\/)?[a-z0-9][a-z0-9._-]*(?:\/[^"]*)?)"/g)) imported.add(match[1]);
    }
    expect(imported).toContain('fastify');
    const packageOf = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]);
    const unexpected = [...imported].filter((s) => !s.startsWith('node:') && !builtinModules.includes(s) && !allowed.has(packageOf(s)));
    expect(unexpected).toEqual([]);
    // The workspace packages (TypeScript sources) are bundled in, not imported.
    expect([...imported].filter((s) => s.startsWith('@app/'))).toEqual([]);
  });

  it('locates web/dist and migrations/ from the bundle as from the sources', async () => {
    const code = (await Promise.all((await readdir(outdir)).filter((f) => f.endsWith('.js')).map((f) => readFile(path.join(outdir, f), 'utf8')))).join('\n');
    const relative = (p: string) => JSON.stringify(path.relative(outdir, path.join(ROOT, p)));
    expect(code).toContain(`new URL(${relative('api/src/app.ts')}, import.meta.url)`);
    expect(code).toContain(`new URL(${relative('worker/src/db/migrate.ts')}, import.meta.url)`);
  });

  it('loads every migration with plain Node, as the image does (no tsx)', async () => {
    const migrations = (await readdir(path.join(ROOT, 'migrations'))).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(migrations.length).toBeGreaterThan(0);
    const script = `for (const f of ${JSON.stringify(migrations)}) { const m = await import('./migrations/' + f); if (typeof m.up !== 'function') throw new Error(f + ' has no up()'); } console.log('ok');`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' } });
    expect(stdout.trim()).toBe('ok');
  });

  // The rebuild's scoring threads load their own file from the bundle (no TypeScript, no tsx).
  it.skipIf(noPostgresServer)('rebuilds the index with scoring threads from the bundle', async () => {
    const fresh = await createFreshDatabase();
    try {
      const handle = await connectDatabase({ databaseUrl: fresh.url, dataDir: 'memory://' });
      await migrateToLatest(handle.db);
      await seedDatabase(handle.db, { seed: 3, athletes: 60, incompleteAthletes: 0, coaches: 2, requests: 4 });
      await handle.close();
      const { stdout } = await run(process.execPath, [path.join(outdir, 'reindex.js'), '--threads', '2'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: fresh.url, LOG_LEVEL: 'silent' },
      });
      expect(stdout).toMatch(/Pairs scored: 240 /);
    } finally {
      await fresh.drop();
    }
  });
});

// The image ships the root node_modules alone (Dockerfile); a workspace's nested copy is left behind.
describe('runtime layout check (scripts/runtime-layout.mjs, run by the production build)', () => {
  let fixture: string;
  const writeManifest = async (dir: string, manifest: object) => {
    await mkdir(path.join(fixture, dir), { recursive: true });
    await writeFile(path.join(fixture, dir, 'package.json'), JSON.stringify(manifest));
  };
  beforeAll(async () => {
    fixture = await mkdtemp(path.join(tmpdir(), 'runtime-layout-'));
    await writeManifest('.', { workspaces: ['api', 'domain'] });
    await writeManifest('api', { dependencies: { '@app/domain': '*', 'lru-cache': '^11.5.4', pino: '^10.4.0' } });
    await writeManifest('domain', { dependencies: { zod: '^4.6.7' } });
    await writeManifest('node_modules/zod', { version: '4.6.7' });
    await writeManifest('node_modules/pino', { version: '10.4.0' });
  });
  afterAll(async () => {
    if (fixture) await rm(fixture, { recursive: true, force: true });
  });

  it('finds nothing wrong in the project as installed', () => {
    expect(runtimeLayoutProblems(ROOT)).toEqual([]);
  });

  it('names a dependency only a workspace has, with its root version and the fix', async () => {
    await writeManifest('node_modules/lru-cache', { version: '5.1.1' });
    await writeManifest('api/node_modules/lru-cache', { version: '11.5.4' });
    const problems = runtimeLayoutProblems(fixture);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('lru-cache: api uses its own copy (api/node_modules/lru-cache 11.5.4)');
    expect(problems[0]).toContain('node_modules/lru-cache is 5.1.1');
    expect(problems[0]).toContain('Add "lru-cache": "^11.5.4" to the root package.json\'s dependencies');

    await rm(path.join(fixture, 'api/node_modules'), { recursive: true });
    await rm(path.join(fixture, 'node_modules/lru-cache'), { recursive: true });
    expect(runtimeLayoutProblems(fixture)).toEqual(['lru-cache: api depends on it, and node_modules/lru-cache is not installed (run npm ci).']);

    await writeManifest('node_modules/lru-cache', { version: '11.5.4' });
    expect(runtimeLayoutProblems(fixture)).toEqual([]);
  });
});
