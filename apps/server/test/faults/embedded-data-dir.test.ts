import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, inject, it, type ExpectStatic } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createContext } from '../../src/platform/context.js';
import { startServer } from '../processes/server-process.js';

/**
 * A data folder the embedded database cannot use (issue 15, faults): the process stops with one
 * line naming DATA_DIR and the cause, and leaves the folder exactly as it was: PGlite would
 * otherwise run initdb into a folder without PG_VERSION, or fail with no more than "failed to
 * initialize properly".
 */
const run = promisify(execFile);
const root = process.getuid?.() === 0;
let base: string;

/** One hash over every file's path and content below `dir` (or of `dir` itself when a file). */
async function checksum(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (at: string): Promise<void> => {
    const stat = await fs.stat(at);
    if (!stat.isDirectory()) {
      hash.update(`${path.relative(dir, at)}\0`).update(await fs.readFile(at));
      return;
    }
    for (const name of (await fs.readdir(at)).sort()) await walk(path.join(at, name));
  };
  await walk(dir);
  return hash.digest('hex');
}

/** A DATA_DIR whose `db` folder holds `files` (path → content). */
async function dataDir(name: string, files: Record<string, string>): Promise<string> {
  const dir = path.join(base, name);
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, 'db', file)), { recursive: true });
    await fs.writeFile(path.join(dir, 'db', file), content);
  }
  return dir;
}
/** The look of a database folder, for the checks made before PGlite opens it. */
const DATABASE_LIKE = { PG_VERSION: '18\n', 'base/1/1259': 'rows', 'global/pg_control': 'control' };

/** Makes `dir` refuse new files, also to root: immutable (chattr) as root, mode 0555 otherwise. */
async function readOnly(dir: string): Promise<boolean> {
  if (!root) return fs.chmod(dir, 0o555).then(() => true);
  return run('chattr', ['+i', dir]).then(
    () => true,
    (error: unknown) => {
      console.warn(`[lintel] read-only data folder case skipped: chattr +i failed (${String(error)})`);
      return false;
    },
  );
}
const immutable: string[] = [];

/** Starts the server on `dir`: it must exit 1 with one line matching `line`, the folder unchanged. */
async function refused(expect: ExpectStatic, dir: string, line: RegExp): Promise<void> {
  const before = await checksum(dir);
  const server = startServer({ DATA_DIR: dir, PORT: '0' });
  expect(await server.exit, server.output()).toBe(1);
  const lines = server.output().trim().split('\n');
  expect(lines, server.output()).toHaveLength(1);
  expect(lines[0]).toMatch(/^Invalid setting DATA_DIR: /);
  expect(lines[0]).toMatch(line);
  expect(await checksum(dir)).toBe(before);
}

/** The same start-up in this process (the exit and its one line are the cases above): the refusal. */
async function refusedHere(expect: ExpectStatic, dir: string, line: RegExp): Promise<void> {
  const before = await checksum(dir);
  const opening = createContext(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
  await expect(opening).rejects.toThrow(ConfigError);
  await expect(opening).rejects.toThrow(line);
  expect(await checksum(dir)).toBe(before);
}

// The cases run side by side: each waits mostly on a process loading the server's modules.
describe.skipIf(process.env.LINTEL_TEST_DB === 'postgres')(
  'a bad embedded data folder',
  { concurrent: true, timeout: 90_000 },
  () => {
    beforeAll(async () => {
      base = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-datadir-'));
    });
    afterAll(async () => {
      for (const dir of immutable) await run('chattr', ['-i', dir]).catch(() => undefined);
      await fs.rm(base, { recursive: true, force: true });
    });

    it('is refused when DATA_DIR is a file', async ({ expect }) => {
      const file = path.join(base, 'a-file');
      await fs.writeFile(file, 'not a folder');
      await refused(expect, file, new RegExp(`${file} is not a directory$`));
    });

    it('is refused when the database folder takes no writes', async ({ expect, skip }) => {
      const dir = await dataDir('read-only', DATABASE_LIKE);
      if (!(await readOnly(path.join(dir, 'db')))) return skip();
      immutable.push(path.join(dir, 'db'));
      await refused(
        expect,
        dir,
        new RegExp(`${dir}/db is not writable \\((not permitted, EPERM|no permission, EACCES)\\)$`),
      );
    });

    it('is refused when a file of the database is garbage', async ({ expect }) => {
      // A real database (the suite's seeded template), its control file then overwritten.
      const dir = path.join(base, 'garbage');
      await fs.mkdir(dir);
      const template = new Blob([await fs.readFile(inject('pgliteTemplate'))]);
      await (await PGlite.create({ dataDir: path.join(dir, 'db'), loadDataDir: template })).close();
      await fs.writeFile(path.join(dir, 'db/global/pg_control'), Buffer.alloc(8192, 0x5a));
      await refused(
        expect,
        dir,
        /\/db cannot be opened as the embedded database \(PGlite failed to initialize properly\)/,
      );
    });

    it('is refused when PG_VERSION is truncated', async ({ expect }) => {
      const dir = await dataDir('truncated', { ...DATABASE_LIKE, PG_VERSION: '' });
      await refusedHere(expect, dir, /\/db\/PG_VERSION is damaged \(""\)$/);
    });

    it('is refused, not initialised over, when the folder holds files but no database', async ({
      expect,
    }) => {
      const dir = await dataDir('foreign', { 'notes.txt': 'mine', 'photos/a.jpg': 'jpeg' });
      await refusedHere(
        expect,
        dir,
        /\/db is not empty and holds no database \(no PG_VERSION\); it was left as it is$/,
      );
    });
  },
);
