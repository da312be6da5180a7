#!/usr/bin/env node
// What `npm start` runs is built: the web app (apps/web/dist, a minute on a small machine) and the
// compiled server (apps/server/dist, seconds). Each build leaves a stamp of its inputs beside its
// output, so that a restart skips a build whose sources have not changed.
// `node tools/builds.mjs` (`npm run build`) builds both unconditionally.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, isTestPath, SERVER_DIST } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The web app: its sources, its build set-up, the shared contracts, the lock file. */
export const WEB_APP = {
  name: 'web app',
  output: 'apps/web/dist',
  marker: 'index.html',
  inputs: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/version-plugin.ts',
    'apps/web/package.json',
    'packages/contracts/src',
    'package-lock.json',
  ],
  build() {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`the web app's build failed (exit ${build.status})`);
  },
};

/** The compiled server (tools/build-server.mjs): its sources and the contracts, its build set-up. */
export const SERVER = {
  name: 'server',
  output: SERVER_DIST,
  marker: 'main.js',
  inputs: [
    'apps/server/src',
    'apps/server/package.json',
    'apps/server/tsconfig.json',
    'packages/contracts/src',
    'packages/contracts/package.json',
    'tsconfig.base.json',
    'tools/build-server.mjs',
    'package-lock.json',
  ],
  build: buildServer,
};

function* files(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) {
    yield [entry, stat];
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (isTestPath(name)) continue;
    yield* files(path.join(entry, name));
  }
}

/** Names, sizes and modification times of every input: cheap, and any edit or checkout changes it. */
export function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs)
    for (const [file, stat] of files(path.join(root, input)))
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  return hash.digest('hex');
}

const stampOf = (target) => path.join(root, target.output, '.source-stamp');

/** The fingerprint the output was built from; undefined when there is no (complete) build. */
function builtFrom(target) {
  if (!fs.existsSync(path.join(root, target.output, target.marker))) return undefined;
  try {
    return fs.readFileSync(stampOf(target), 'utf8');
  } catch {
    return undefined;
  }
}

/** Builds `target` and stamps its output with the fingerprint of the inputs it was built from. */
export async function build(target, wanted = fingerprint(target.inputs)) {
  await target.build();
  fs.writeFileSync(stampOf(target), wanted);
}

/** Builds `target` unless its output is stamped with its inputs' current fingerprint. */
export async function buildIfChanged(target) {
  const wanted = fingerprint(target.inputs);
  if (builtFrom(target) === wanted) {
    process.stdout.write(`${target.name}: up to date (${target.output})\n`);
    return;
  }
  process.stdout.write(`${target.name}: building (its sources changed since the last build)\n`);
  await build(target, wanted);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const target of [WEB_APP, SERVER]) {
    process.stdout.write(`${target.name}: building ${target.output}\n`);
    await build(target);
  }
}
