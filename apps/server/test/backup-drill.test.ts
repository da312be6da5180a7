import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ArchiveWriter } from '../src/platform/backup/backup-archive.js';
import { backup } from '../src/platform/backup/backup.js';
import { restore } from '../src/platform/backup/restore.js';
import { tenantDatabaseName } from '../src/platform/db/tenant-databases.js';
import { addDrillData, expectRestored, openDrillApp, snapshot, type DrillData } from './backup-drill-kit.js';
import type { TestApp } from './harness.js';

/**
 * The restore drill (issue 15): a migrated and seeded database with more data added through the API
 * (an account with a known password, a dictionary, an uploaded file, a tenant with its own
 * database), backed up, wiped, restored, then signed in to and compared. On PGlite in the PGlite
 * project, on PostgreSQL in the PostgreSQL one. The tools run in-process (the CLI files only parse
 * arguments); the real `npm run backup` runs once, to its refusal (a full run repeats the first
 * step's seconds of dumping for nothing more).
 */
const onPostgres = process.env.LINTEL_TEST_DB === 'postgres';
/** A step writes, dumps or loads database folders of ~60 MB: seconds, more on a busy machine. */
const DRILL_STEP_MS = 120_000;
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const lines: string[] = [];
const say = (line: string) => lines.push(line);

let work: string;
let dataDir: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-backup-drill-'));
  dataDir = path.join(work, 'data');
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

interface Drill {
  setting: () => Record<string, string>;
  open: () => Promise<TestApp>;
  /** Leaves a fresh, empty target. */
  wipe: () => Promise<void>;
  /**
   * Whether to restore over the restored data with --force too. PostgreSQL empties the database
   * first (its own code); on PGlite the folders are set aside as the uploads are, which the
   * PostgreSQL run covers, and each restore rebuilds ~60 MB folders: seconds the CI does not have.
   */
  overwrite: boolean;
}

/** The drill's steps on either engine. */
function drill({ setting, open, wipe, overwrite }: Drill) {
  let data: DrillData;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let archive: string;
  const config = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...setting() });

  it(
    'backs up a database with data added, tenant databases and uploaded files included',
    async () => {
      const t = await open();
      try {
        data = await addDrillData(t);
        before = await snapshot(t, data.tenantId);
      } finally {
        await t.close();
      }
      archive = path.join(work, 'backups', 'drill.tar.gz');
      const { manifest } = await backup(config(), archive, say);
      expect(manifest.engine).toBe(onPostgres ? 'postgres' : 'pglite');
      expect(manifest.databases.map((d) => d.tenantId)).toEqual([null, data.tenantId]);
      expect(manifest.files).toMatchObject({ storage: 'local', count: 1, bytes: data.fileBytes.length });
      expect(Object.keys(manifest.members)).toContain(`files${data.fileUrl.replace(/^\/upload/, '')}`);
      expect((await fs.stat(archive)).mode & 0o777).toBe(0o600);
      await expect(backup(config(), archive, say)).rejects.toThrow(/already exists/);
    },
    DRILL_STEP_MS,
  );

  it(
    'restores into a wiped target: sign-in works and the data is equal',
    async () => {
      await wipe();
      await restore(config(), archive, {}, say);
      expect(lines.join('\n')).toMatch(/checksums verified[\s\S]*uploaded files: 1 restored into/);
      const t = await open();
      try {
        await expectRestored(t, dataDir, data, before);
      } finally {
        await t.close();
      }
    },
    DRILL_STEP_MS,
  );

  it(
    `refuses a target that holds data without --force${overwrite ? ', and replaces it with --force' : ''}`,
    async () => {
      await expect(restore(config(), archive, {}, say)).rejects.toThrow(
        /The target is not empty: .*run again with --force/,
      );
      if (!overwrite) return;
      await restore(config(), archive, { force: true }, say);
      const t = await open();
      try {
        // Back to the backup's rows: the sign-ins of the step before are gone again.
        expect(await snapshot(t, data.tenantId)).toEqual(before);
      } finally {
        await t.close();
      }
    },
    DRILL_STEP_MS,
  );

  it('refuses a backup whose checksums do not match, and one of the other engine', async () => {
    const bad = path.join(work, 'bad.tar.gz');
    const other = path.join(work, 'other.txt');
    await fs.writeFile(other, 'not the uploaded file');
    const writer = new ArchiveWriter(bad);
    await writer.addFile('files/1/file/x.png', other);
    await writer.finish((sums) => ({
      format: 'lintel-backup',
      formatVersion: 1,
      engine: 'pglite',
      databases: [],
      files: { storage: 'local', count: 1, bytes: 1 },
      notIncluded: [],
      members: { 'files/1/file/x.png': { ...sums['files/1/file/x.png'], sha256: '0'.repeat(64) } },
    }));
    await expect(restore(config(), bad, { force: true }, say)).rejects.toThrow(
      'The backup is damaged: the checksum of files/1/file/x.png does not match its manifest',
    );
    const otherEngine = onPostgres
      ? loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir })
      : loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        });
    await expect(restore(otherEngine, archive, { force: true }, say)).rejects.toThrow(
      onPostgres
        ? /This backup is of PostgreSQL .*DATABASE_URL set/
        : /This backup is of the embedded PGlite .*DATABASE_URL unset/,
    );
  });
}

describe.skipIf(onPostgres)('restore drill on the embedded database', () => {
  const db = () => path.join(dataDir, 'db');
  let template: Buffer;
  beforeAll(async () => {
    template = await fs.readFile(inject('pgliteTemplate'));
  });
  let opened = 0;
  const open = () =>
    // The first app starts from the seeded template; later ones open the folder as it is.
    openDrillApp(
      opened++ === 0
        ? { kind: 'pglite', dataDir: db(), loadDataDir: new Blob([template]) }
        : { kind: 'pglite', dataDir: db() },
      dataDir,
    );
  drill({
    setting: () => ({}),
    open,
    wipe: async () => {
      for (const folder of ['db', 'tenants', 'upload'])
        await fs.rm(path.join(dataDir, folder), { recursive: true });
    },
    overwrite: false,
  });

  it('refuses while a server has the database open, also as `npm run backup` typed elsewhere', async () => {
    // PGlite writes postmaster.pid into the folder it opens and removes it at close: a server
    // running on the folder shows it (this test writes it rather than start a server).
    const lock = path.join(db(), 'postmaster.pid');
    await fs.writeFile(lock, '-42\n');
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      const refusal = `The embedded database at ${db()} is in use (${lock} exists): stop the Lintel server first`;
      await expect(backup(config, path.join(work, 'open.tar.gz'), say)).rejects.toThrow(refusal);
      const archive = path.join(work, 'backups', 'drill.tar.gz');
      await expect(restore(config, archive, { force: true }, say)).rejects.toThrow(refusal);
      // Typed in `work`, outside the repository: npm runs the script in the root and tells where
      // it was typed in INIT_CWD, which DATA_DIR is relative to. One line, exit code 1.
      const args = ['--prefix', repositoryRoot, 'run', '--silent', 'backup'];
      const run = promisify(execFile)('npm', args, {
        cwd: work,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: 'data' },
      });
      await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(refusal) });
      expect(await fs.readdir(path.join(work, 'backups'))).toEqual(['drill.tar.gz']); // nothing written
    } finally {
      await fs.rm(lock);
    }
  }, 60_000);
});

describe.skipIf(!onPostgres)('restore drill on PostgreSQL', () => {
  const name = 'lintel_backup_drill';
  const server = process.env.TEST_DATABASE_URL!;
  const url = () => Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const admin = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  /** Drops the drill's database and the tenant databases it names (as a fresh cluster would lack them). */
  const dropAll = async () => {
    const client = new pg.Client({ connectionString: url() });
    const own = await client
      .connect()
      .then(() => client.query<{ id: string }>('select id from sys_tenant where tenant_type = 1'))
      .then((r) => r.rows.map((row) => tenantDatabaseName(row.id)))
      .catch(() => [] as string[])
      .finally(() => client.end().catch(() => undefined));
    await admin([name, ...own].map((db) => `drop database if exists ${db} with (force)`));
  };
  beforeAll(async () => {
    await admin([
      `drop database if exists ${name} with (force)`,
      `create database ${name} template ${inject('pgTemplate')}`,
    ]);
  });
  afterAll(dropAll);

  drill({
    setting: () => ({ DATABASE_URL: url() }),
    open: () => openDrillApp({ kind: 'postgres', url: url(), poolSize: 2 }, dataDir),
    wipe: async () => {
      await dropAll();
      await admin([`create database ${name}`]);
      await fs.rm(path.join(dataDir, 'upload'), { recursive: true });
    },
    overwrite: true,
  });
});
