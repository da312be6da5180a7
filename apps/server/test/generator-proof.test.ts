import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_CONFIG_ID } from '../src/modules/sys-database/sys-database.schema.js';
import { copyRepository } from '../../../tools/repo-copy.mjs';
import { createTestApp, type TestApp } from './harness.js';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../../..');
const MAIN = MAIN_CONFIG_ID;

/** Runs a command in the copy; a failure shows its output. */
async function inCopy(copy: string, command: string, args: string[], env: Record<string, string> = {}) {
  const clean = { ...process.env };
  // The copy runs its own suites on PGlite only: no PostgreSQL, Redis or browser settings of this run.
  for (const key of Object.keys(clean))
    if (/^(CI|VITEST|TEST_|LINTEL_TEST_|LINTEL_SUITES)/.test(key)) delete clean[key];
  try {
    return await run(command, args, {
      cwd: copy,
      env: { ...clean, NODE_ENV: 'test', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`.slice(0, 20_000), {
      cause: error,
    });
  }
}

/**
 * The generator's proof (issue 10): a table made with the database tools becomes a module through
 * the code generator, written into a copy of the repository, where the type check, the lint and the
 * module's own tests (server and web) pass.
 */
describe('code generator proof', () => {
  let copy: string;
  let t: TestApp;
  let root: string;
  let written: string[] = [];

  beforeAll(async () => {
    copy = await copyRepository(REPO, 'lintel-proof-');
    t = await createTestApp({ LINTEL_SCHEMA_CHANGES: 'migration', LINTEL_WORKSPACE: copy });
    root = (await t.login('superAdmin')).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    // LINTEL_KEEP_PROOF=1 keeps the copy to look into a failure.
    if (copy && !process.env.LINTEL_KEEP_PROOF) await fs.rm(copy, { recursive: true, force: true });
  });

  it('writes a module from a new table into the repository copy', async () => {
    const table = await t.call('POST', '/api/sysDatabase/addTable', root, {
      configId: MAIN,
      tableName: 'biz_proof_item',
      description: '验证条目',
      columnList: [
        {
          dbColumnName: 'title',
          columnType: 'varchar',
          length: 64,
          isNullable: false,
          columnDescription: '标题',
        },
        { dbColumnName: 'quantity', columnType: 'integer', isNullable: true, columnDescription: '数量' },
        { dbColumnName: 'price', columnType: 'numeric', length: 10, decimalDigits: 2, isNullable: true },
        { dbColumnName: 'active', columnType: 'boolean', isNullable: false, defaultValue: 'true' },
        { dbColumnName: 'due_on', columnType: 'date', isNullable: true },
        { dbColumnName: 'starts_at', columnType: 'timestamptz', isNullable: true },
        { dbColumnName: 'note', columnType: 'text', isNullable: true },
      ],
    });
    expect(table.statusCode, table.body).toBe(200);

    const add = await t.call('POST', '/api/sysCodeGen/add', root, {
      configId: MAIN,
      tableName: 'biz_proof_item',
      className: 'BizProofItem',
      busName: '验证条目',
      nameSpace: 'business',
      generateType: '200',
      menuPid: 'system',
    });
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().result as string;
    // Search by quantity as well, and by a range of days.
    const configs = (await t.call('GET', `/api/sysCodeGenConfig/list?codeGenId=${id}`, root)).json()
      .result as { id: string; columnName: string; columnComment: string; orderNo: number }[];
    const choose = (column: string, queryType: string) => {
      const c = configs.find((x) => x.columnName === column)!;
      return {
        id: c.id,
        columnComment: c.columnComment,
        effectType: column === 'due_on' ? 'DatePicker' : 'InputNumber',
        whetherRequired: 'N',
        queryWhether: 'Y',
        queryType,
        whetherTable: 'Y',
        whetherAddUpdate: 'Y',
        orderNo: c.orderNo,
      };
    };
    const update = await t.call('POST', '/api/sysCodeGenConfig/update', root, [
      choose('quantity', '>='),
      choose('due_on', 'between'),
    ]);
    expect(update.statusCode, update.body).toBe(200);

    const local = await t.call('POST', '/api/sysCodeGen/runLocal', root, { id });
    expect(local.statusCode, local.body).toBe(200);
    const result = local.json().result as { written: string[]; registries: string[] };
    written = [...result.written, ...result.registries];
    expect(result.registries).toEqual([
      'packages/contracts/src/modules/index.ts',
      'packages/contracts/src/wire/index.ts',
      'apps/server/src/modules/index.ts',
      'apps/web/src/app/routing/views.ts',
    ]);
    const migrations = await fs.readdir(path.join(copy, 'apps/server/src/db/migrations'));
    expect(migrations.some((f) => f.endsWith('_add_table_biz_proof_item.ts'))).toBe(true);
  });

  it('passes the type check, the lint and its own server and web tests there', async () => {
    expect(written.length).toBeGreaterThan(0);
    const bin = (name: string) => path.join(copy, 'node_modules/.bin', name);
    await inCopy(copy, bin('tsc'), ['-b', 'packages/contracts', 'apps/server', 'apps/web']);
    const sources = written.filter((f) => /\.(ts|tsx)$/.test(f));
    await inCopy(copy, bin('eslint'), ['--max-warnings=0', ...sources]);
    await inCopy(copy, bin('prettier'), ['--check', ...written]);
    const tests = await inCopy(copy, bin('vitest'), [
      'run',
      '--project',
      'server:pglite',
      '--project',
      'web',
      '--project',
      'contracts',
      'apps/server/src/modules/biz-proof-item',
      'apps/web/src/features/business/biz-proof-item',
      'apps/web/src/locales',
      'packages/contracts',
    ]);
    // eslint-disable-next-line no-control-regex -- the colour codes of the reporter
    const summary = tests.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(summary).toMatch(/Test Files\s+\d+ passed/);
    expect(summary).not.toMatch(/failed/);
  }, 600_000);
});
