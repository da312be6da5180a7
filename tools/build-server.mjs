#!/usr/bin/env node
// `npm run build -w apps/server` (and `npm start` through builds.mjs, when the sources changed): the
// server compiled to plain JavaScript in apps/server/dist, run by `node apps/server/dist/main.js`
// with production dependencies only (no tsx loader: it cost seconds of start-up and memory).
//
// Each file is transpiled on its own (no bundle), so dist/ mirrors src/ at the same depth: the
// server finds its assets, messages, the web app and package.json relative to its own files
// (import.meta.url), and those lookups work from either tree. Files the server reads that are not
// TypeScript (the i18n messages) are copied beside them.
//
// @lintel/contracts is TypeScript source for every other consumer (vite, vitest, tsc, tsx, which
// all resolve with the same conditions as Node), so its package.json cannot send Node elsewhere.
// Its compiled copy goes to dist/node_modules/@lintel/contracts instead: Node looks there first
// for the compiled server's imports, and nothing else ever resolves from inside dist/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the compiled server goes, relative to the repository root. */
export const SERVER_DIST = 'apps/server/dist';
const serverDir = path.join(root, 'apps/server');
const contractsDir = path.join(root, 'packages/contracts');

/** Test files and folders: not part of what is built. */
export const isTestPath = (name) => /\.test\.tsx?$/.test(name) || name === 'test';

/** Every file under `dir` but tests, as paths relative to it. */
function sourceFiles(dir, sub = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    if (isTestPath(entry.name)) continue;
    const relative = path.join(sub, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(dir, relative));
    else out.push(relative);
  }
  return out;
}

/** Transpiles the TypeScript under `from` into `to` file by file and copies every other file. */
async function compileTree(esbuild, from, to) {
  const files = sourceFiles(from);
  const typescript = files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
  await esbuild.build({
    entryPoints: typescript.map((file) => path.join(from, file)),
    outdir: to,
    outbase: from,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Stack traces point into the sources with `node --enable-source-maps`.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const file of files.filter((f) => !f.endsWith('.ts'))) {
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(path.join(from, file), path.join(to, file));
  }
}

/** The contracts package as Node finds it from dist/: its exports pointed at the compiled files. */
function compiledContractsManifest() {
  const manifest = JSON.parse(fs.readFileSync(path.join(contractsDir, 'package.json'), 'utf8'));
  const exports = Object.fromEntries(
    Object.entries(manifest.exports).map(([subpath, file]) => [
      subpath,
      file.replace(/^\.\/src\//, './').replace(/\.ts$/, '.js'),
    ]),
  );
  return { name: manifest.name, version: manifest.version, type: 'module', exports };
}

/** Builds apps/server/dist from scratch (a file removed from src/ must not linger in dist/). */
export async function buildServer() {
  // Loaded here, not at the top: `npm start` imports this file, and needs esbuild (a development
  // dependency) only when a build is due.
  const esbuild = await import('esbuild');
  const dist = path.join(root, SERVER_DIST);
  fs.rmSync(dist, { recursive: true, force: true });
  try {
    await compileTree(esbuild, path.join(serverDir, 'src'), dist);
    const contracts = path.join(dist, 'node_modules/@lintel/contracts');
    await compileTree(esbuild, path.join(contractsDir, 'src'), contracts);
    fs.writeFileSync(
      path.join(contracts, 'package.json'),
      `${JSON.stringify(compiledContractsManifest(), null, 2)}\n`,
    );
  } finally {
    // esbuild's service process would otherwise stay beside the server `npm start` runs next.
    await esbuild.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`server: built ${SERVER_DIST} in ${seconds} s\n`);
}
