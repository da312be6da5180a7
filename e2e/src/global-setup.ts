import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { copyRepository } from '../../tools/repo-copy.mjs';
import { GENERATED_MODULE } from './generated-module.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the product started by the global setup listens, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
const DEFAULT_TENANT_ID = '1300000000001';
const READY_TIMEOUT_MS = 90_000;
const EXIT_TIMEOUT_MS = 20_000;

/** A port that was free a moment ago: bind an ephemeral one, read it, release it. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends SIGINT (the server closes PGlite cleanly), then SIGKILLs the process group if it hangs. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), EXIT_TIMEOUT_MS);
  });
  const outcome = await Promise.race([exited(child).then(() => 'exited' as const), timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    console.warn(`[e2e] server did not exit within ${EXIT_TIMEOUT_MS / 1000} s of SIGINT; killing it`);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    await exited(child);
  }
}

/**
 * The product the suite runs: a scratch copy of this repository with one module generated into it
 * by `npm run new:module`, so the browser suite proves the generator's output works in the product
 * (list, add, edit, delete, export), and the repository itself is left untouched.
 */
async function withGeneratedModule(): Promise<string> {
  const root = await copyRepository(repoRoot, 'lintel-e2e-product-');
  const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
  const args = [
    'apps/server/src/cli/new-module.ts',
    GENERATED_MODULE.table,
    '--workspace',
    root,
    '--title',
    '笔记',
  ];
  for (const column of GENERATED_MODULE.columns) args.push('--column', column);
  const child = spawn(tsx, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`npm run new:module failed (exit ${code}):\n${output.slice(-4000)}`);
  return root;
}

/**
 * Builds what `npm start` builds first (the web app, in production mode), so the suite tests the
 * current sources. It builds into a folder of its own, handed to the server as WEB_DIST, so that a
 * test run never serves, or overwrites, a build another run is making at the same time.
 */
async function buildLikeNpmStart(root: string, outDir: string): Promise<void> {
  // Without the test runner's NODE_ENV=test, which would make Vite bundle React's development build.
  const { NODE_ENV: _testEnv, ...env } = process.env;
  const args = ['run', 'build', '-w', 'apps/web', '--', '--outDir', outDir, '--emptyOutDir'];
  const child = spawn('npm', args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${output.slice(-4000)}`);
}

/**
 * Starts the real product the way `npm start` does (build, then `tsx apps/server/src/main.ts`) on a
 * fresh embedded database in a temporary data folder, waits until it answers, and hands its URL to
 * the tests. The server's output goes to e2e/artifacts/server.log.
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-e2e-'));
  const webDist = path.join(dataDir, 'web');
  const root = await withGeneratedModule();
  await buildLikeNpmStart(root, webDist);
  await fs.mkdir(artifacts, { recursive: true });
  const logFile = path.join(artifacts, 'server.log');
  const log = createWriteStream(logFile);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LINTEL_CAPTCHA: 'off',
    MQTT_BROKER: 'on', // the embedded MQTT broker the MQTT tool's browser test connects to
    WEB_DIST: webDist,
    // The suite's OAuth provider listens on loopback, which only an operator's allow list opens.
    ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    // The developer tools change the suite's own database only, and write nothing into this
    // repository: no migration files, no generated modules (they would land in the temporary folder).
    LINTEL_SCHEMA_CHANGES: 'direct',
    LINTEL_WORKSPACE: path.join(dataDir, 'workspace'),
  };
  // The product under test runs on its embedded database, whatever the test run was given.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'LINTEL_ALLOW_PLAIN_PASSWORD', 'LOG_LEVEL'])
    delete env[name];

  const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so a hung server can be killed with its children
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const cleanup = async () => {
    await stop(child);
    await new Promise((resolve) => log.end(resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(root, { recursive: true, force: true });
  };

  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the server exited early (${child.exitCode ?? child.signalCode}):\n${tail}`);
      }
      if (Date.now() - started > READY_TIMEOUT_MS) {
        throw new Error(`the server did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${tail}`);
      }
      const res = await fetch(`${baseUrl}/api/sysTenant/sysInfo/${DEFAULT_TENANT_ID}`).catch(() => null);
      if (res?.status === 200) break;
      await sleep(250);
    }
  } catch (error) {
    await cleanup();
    throw error;
  }

  console.log(`[e2e] Lintel answered at ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('baseUrl', baseUrl);
  return cleanup;
}
