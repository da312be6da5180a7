#!/usr/bin/env node
// `npm start`: builds the web app only when its sources changed since the last build (a build takes
// a minute on a small machine, a restart should take seconds), then runs the server. Ctrl-C reaches
// the server, which shuts down cleanly (a second signal changes nothing).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.source-stamp');
/** What the built app is made of: its sources, its build set-up, the shared contracts, the lock file. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/version-plugin.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'package-lock.json',
];

function* files(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) {
    yield [entry, stat];
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (/\.test\.tsx?$/.test(name) || name === 'test') continue;
    yield* files(path.join(entry, name));
  }
}

/** Names, sizes and modification times of every input: cheap, and any edit or checkout changes it. */
function fingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS)
    for (const [file, stat] of files(path.join(root, input)))
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  return hash.digest('hex');
}

const wanted = fingerprint();
const readStamp = () => {
  try {
    return fs.readFileSync(stampFile, 'utf8');
  } catch {
    return undefined;
  }
};
const built = fs.existsSync(path.join(dist, 'index.html')) ? readStamp() : undefined;
if (built === wanted) {
  process.stdout.write('web app: up to date (apps/web/dist)\n');
} else {
  process.stdout.write('web app: building (its sources changed since the last build)\n');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(stampFile, wanted);
}

// tsx itself (not through npm and a shell): it passes the signals below on to the server.
const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
