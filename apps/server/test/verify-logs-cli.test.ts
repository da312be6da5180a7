import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import type { DatabaseTarget } from '../src/platform/db/database.js';
import { openDrillApp } from './backup-drill-kit.js';
import { adminQuery } from './processes/clients.js';
import { serverDir } from './processes/server-process.js';

/**
 * `npm run logs:verify` (src/cli/verify-logs.ts) as a process of its own, as an operator runs it:
 * on a database an app wrote operation logs into, it says "intact" and exits 0; after one row of
 * the operation log is changed with SQL behind the application's back, it names that row and exits
 * 1. On the embedded database under DATA_DIR in the PGlite project, on a database of its own on the
 * PostgreSQL server (DATABASE_URL) in the PostgreSQL one.
 */
const onPostgres = process.env.LINTEL_TEST_DB === 'postgres';
/** The CLI opens (and on PGlite, loads) the whole database: seconds, more on a busy machine. */
const RUN_MS = 90_000;

let work: string;
let target: DatabaseTarget;
/** The CLI's environment: only where the database is (nothing of the test's own leaks in). */
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-verify-logs-'));
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn' };
  if (onPostgres) {
    const server = process.env.TEST_DATABASE_URL!;
    // Per process: CI and a developer's run may share the server.
    const name = `lintel_verify_logs_${process.pid}`;
    await adminQuery(server, `drop database if exists ${name} with (force)`);
    await adminQuery(server, `create database ${name} template ${inject('pgTemplate')}`);
    dropDatabase = () => adminQuery(server, `drop database if exists ${name} with (force)`);
    const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
    target = { kind: 'postgres', url, poolSize: 2 };
    env = { ...base, DATA_DIR: work, DATABASE_URL: url };
  } else {
    const template = await fs.readFile(inject('pgliteTemplate'));
    const dataDir = path.join(work, 'db');
    // The first open loads the seeded template into the folder; later ones open it as it is.
    const first = await openDrillApp({ kind: 'pglite', dataDir, loadDataDir: new Blob([template]) }, work);
    await first.close();
    target = { kind: 'pglite', dataDir };
    env = { ...base, DATA_DIR: work };
  }
}, RUN_MS);
afterAll(async () => {
  await dropDatabase?.();
  await fs.rm(work, { recursive: true, force: true });
});

/** Runs the CLI as `npm run logs:verify` does (tsx on the source); its exit code and output. */
async function verifyLogs(): Promise<{ code: number; stdout: string }> {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/verify-logs.ts'], {
    cwd: serverDir,
    env,
  });
  try {
    const { stdout } = await run;
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** An app on the CLI's database for `use`, closed before the CLI opens it (PGlite: one process). */
async function withApp<T>(use: (t: Awaited<ReturnType<typeof openDrillApp>>) => Promise<T>): Promise<T> {
  const t = await openDrillApp(target, work);
  try {
    return await use(t);
  } finally {
    await t.close();
  }
}

const opLine = `tenant ${DEFAULT_TENANT_ID} sysLogOp:`;

describe('npm run logs:verify', () => {
  let opIds: string[] = [];

  it(
    'says intact with the row count and exits 0 on an untouched chain',
    async () => {
      opIds = await withApp(async (t) => {
        const admin = (await t.login('admin')).accessToken;
        for (const code of ['v1', 'v2', 'v3']) {
          const res = await t.call('POST', '/api/sysPos/add', admin, { name: code, code });
          expect(res.statusCode, res.body).toBe(200);
        }
        await t.ctx.audit.flush();
        const rows = await t.ctx.db.tenant(DEFAULT_TENANT_ID, (trx) =>
          trx.selectFrom('sysLogOp').select('id').orderBy('seq').execute(),
        );
        return rows.map((r) => r.id);
      });
      expect(opIds.length).toBeGreaterThanOrEqual(3);
      const { code, stdout } = await verifyLogs();
      expect(code, stdout).toBe(0);
      expect(stdout).toContain(`${opLine} intact, ${opIds.length} rows`);
      expect(stdout).toMatch(new RegExp(`tenant ${DEFAULT_TENANT_ID} sysLogDiff: intact, \\d+ rows`));
      expect(stdout).not.toContain('BROKEN');
    },
    RUN_MS,
  );

  it(
    'names the first broken link and exits 1 after an operation-log row is changed with SQL',
    async () => {
      const victim = opIds[1]!;
      const time = await withApp(async (t) => {
        await t.ctx.db.owner((trx) =>
          sql`update sys_log_op set url = '/api/forged' where id = ${victim}`.execute(trx),
        );
        const row = await t.ctx.db.tenant(DEFAULT_TENANT_ID, (trx) =>
          trx.selectFrom('sysLogOp').select('createTime').where('id', '=', victim).executeTakeFirstOrThrow(),
        );
        return row.createTime.toISOString();
      });
      const { code, stdout } = await verifyLogs();
      expect(code, stdout).toBe(1);
      // Rows before the changed one still check out: it is the first broken link, not a later one.
      expect(stdout).toContain(
        `${opLine} BROKEN at row ${victim} (${time}): content does not match its hash; 2 rows checked`,
      );
      // The other chain is told apart: still intact.
      expect(stdout).toMatch(new RegExp(`tenant ${DEFAULT_TENANT_ID} sysLogDiff: intact`));
    },
    RUN_MS,
  );
});
