// What the container image ships of node_modules, checked before the server is bundled.
//
// The bundle (dist/*.js) imports the workspaces' production dependencies by bare name, and Node
// resolves them from the root node_modules alone; the image copies nothing else (Dockerfile). npm
// puts a workspace's dependency under <workspace>/node_modules when another package claims the root
// place with an incompatible version (in December 2026 @babel/core's lru-cache 5 took it from the
// API's lru-cache 11): the tests, run from the sources, still pass, and the API container fails
// at start. This check makes that a build error that says what to do.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function installedVersion(dir) {
  const manifest = path.join(dir, 'package.json');
  return existsSync(manifest) ? readJson(manifest).version : null;
}

/**
 * Every workspace's production dependencies other than the workspaces themselves (@app/*), as
 * `{ workspace, name, range }`: what the server bundle leaves external and the image installs.
 */
export function workspaceProductionDependencies(root) {
  const { workspaces = [] } = readJson(path.join(root, 'package.json'));
  return workspaces.flatMap((workspace) =>
    Object.entries(readJson(path.join(root, workspace, 'package.json')).dependencies ?? {})
      .filter(([name]) => !name.startsWith('@app/'))
      .map(([name, range]) => ({ workspace, name, range })),
  );
}

/**
 * The production dependencies (of any workspace under `root`) that the bundle would not find as
 * the workspace uses them, each as a sentence saying why and how to fix it; empty when the layout
 * is right.
 */
export function runtimeLayoutProblems(root) {
  const problems = [];
  for (const { workspace, name, range } of workspaceProductionDependencies(root)) {
    const atRoot = installedVersion(path.join(root, 'node_modules', name));
    const nested = installedVersion(path.join(root, workspace, 'node_modules', name));
    if (nested !== null) {
      problems.push(
        `${name}: ${workspace} uses its own copy (${workspace}/node_modules/${name} ${nested}), which the image does not ship; ` +
          `node_modules/${name} is ${atRoot ?? 'not installed'}. Add "${name}": "${range}" to the root package.json's dependencies ` +
          `(npm then puts that version at the root) and run npm install.`,
      );
    } else if (atRoot === null) {
      problems.push(`${name}: ${workspace} depends on it, and node_modules/${name} is not installed (run npm ci).`);
    }
  }
  return problems;
}
