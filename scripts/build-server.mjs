// Builds the API and the worker to JavaScript once, for production (the container image and
// `npm run start:prod`): entry points bundled with esbuild into dist/, so nothing runs through
// tsx at run time. esbuild is already installed (tsx and vite depend on it).
//
// - The workspace packages (@app/*) export TypeScript sources: they are bundled in.
// - Production dependencies of any workspace stay external (installed with `npm ci --omit=dev`).
// - Anything else reached at run time (a dev dependency, such as Faker for the embedded demo
//   data) is bundled in, so the image's demo path works without dev dependencies.
// - Code that locates files next to its source (web/dist, migrations/) keeps doing so: in each
//   bundled project file, import.meta.url is rewritten to that file's own location.
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { runtimeLayoutProblems, workspaceProductionDependencies } from './runtime-layout.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `node scripts/build-server.mjs [outdir]`; dist/ by default.
const outdir = path.resolve(root, process.argv[2] ?? 'dist');

// The bundle imports production dependencies from the root node_modules only, as the image ships it.
const layoutProblems = runtimeLayoutProblems(root);
if (layoutProblems.length > 0) {
  console.error(`build-server: the image would not find these dependencies:\n- ${layoutProblems.join('\n- ')}`);
  process.exit(1);
}

const productionDependencies = new Set(workspaceProductionDependencies(root).map((dependency) => dependency.name));

/** The package name of a bare specifier ('@scope/name/sub' -> '@scope/name'). */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const runtimeLayout = {
  name: 'runtime-layout',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (name.startsWith('@app/')) return undefined;
      if (productionDependencies.has(name)) return { path: args.path, external: true };
      return undefined;
    });
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      // Every output file sits directly in dist/, so this relative URL is right in any chunk.
      const fromOutput = path.relative(outdir, args.path).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'api/src/server.ts',
    worker: 'worker/src/main.ts',
    migrate: 'worker/src/db/migrate-cli.ts',
    reindex: 'worker/src/reindex-cli.ts',
    // The rebuild's scoring threads load this file (worker/src/processors/index-rebuild-pool.ts).
    'rebuild-thread': 'worker/src/processors/index-rebuild-thread.ts',
  },
  define: { __BUNDLED_REBUILD_THREAD__: '"rebuild-thread.js"' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  // Bundled CommonJS code may call require(); give ESM output one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [runtimeLayout],
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `build-server: ${path.relative(root, outdir) || '.'}/ (server, worker, migrate, reindex, rebuild-thread) ${(bytes / 1e6).toFixed(1)} MB in ${Date.now() - started} ms`,
);
