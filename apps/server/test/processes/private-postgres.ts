import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

/**
 * A throwaway PostgreSQL cluster of the test's own (Debian's binaries, `initdb` in a temp folder,
 * trust auth, no fsync, a free port, its socket in the folder), for faults the shared server must
 * not suffer: restarts, stops, terminated backends. PostgreSQL refuses to run as root, so as root
 * the binaries run as the `postgres` system user (the package creates it).
 */
const run = promisify(execFile);
const ci = process.env.CI === 'true';

/** The newest installed server's bin folder (/usr/lib/postgresql/<major>/bin), or undefined. */
function binFolder(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : undefined;
}

const BIN = binFolder();

/**
 * Whether a private cluster can be started; under CI a missing PostgreSQL server package fails
 * (`.ci/run` installs it), elsewhere the suite is skipped with a notice.
 */
export function privatePostgresAvailable(suite: string): boolean {
  if (BIN) return true;
  if (ci) throw new Error('CI=true but no PostgreSQL server binaries under /usr/lib/postgresql');
  console.warn(`[lintel] ${suite} skipped: no PostgreSQL server binaries under /usr/lib/postgresql`);
  return false;
}

export interface PrivatePostgres {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (the superuser, trust). */
  url(database?: string): string;
  /** One statement as the superuser on a connection of its own (works across restarts). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** A superuser connection the caller holds (a transaction keeping a lock) and ends. */
  connect(database?: string): Promise<pg.Client>;
  start(): Promise<void>;
  /** `pg_ctl stop -m <mode>`: smart waits for clients, fast ends them, immediate aborts. */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  restart(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Stops it at once and removes its folder (afterAll). */
  cleanup(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!BIN) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-pg-'));
  const data = path.join(root, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await fs.chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgBin = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, name), ...args])
      : run(path.join(BIN, name), args);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=32MB',
    '-c max_connections=60',
  ].join(' ');
  const ctl = (...args: string[]) =>
    pgBin('pg_ctl', ['-D', data, '-l', path.join(root, 'log'), '-w', '-t', '60', ...args]);

  await pgBin('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: PrivatePostgres = {
    port,
    url,
    async query(text, values) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async connect(database) {
      const client = new pg.Client({ connectionString: url(database) });
      // Ended by a restart the test causes itself: not an uncaught error.
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    async start() {
      await ctl('-o', options, 'start');
    },
    async stop(mode = 'fast') {
      await ctl('-m', mode, 'stop');
    },
    async restart(mode = 'fast') {
      await ctl('-m', mode, '-o', options, 'restart');
    },
    async cleanup() {
      await ctl('-m', 'immediate', 'stop').catch(() => undefined);
      await fs.rm(root, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
