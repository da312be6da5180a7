import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { MIGRATIONS_DIR } from './migration-files.js';
import { MAIN_CONFIG_ID } from './sys-database.schema.js';

const MAIN = MAIN_CONFIG_ID;
const MIGRATIONS = path.resolve(import.meta.dirname, '../../db/migrations');

interface Column {
  dbColumnName: string;
  dataType: string;
  columnType: string | null;
  isNullable: boolean;
  isPrimarykey: boolean;
  defaultValue: string | null;
  columnDescription: string | null;
}

const bookTable = (tableName: string) => ({
  configId: MAIN,
  tableName,
  description: '图书',
  columnList: <Record<string, unknown>[]>[
    {
      dbColumnName: 'title',
      columnType: 'varchar',
      length: 128,
      isNullable: false,
      columnDescription: '书名',
    },
    { dbColumnName: 'price', columnType: 'numeric', length: 10, decimalDigits: 2, isNullable: true },
    { dbColumnName: 'in_stock', columnType: 'boolean', isNullable: false, defaultValue: 'true' },
  ],
});

describe('sysDatabase: reading the schema', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    root = (await t.login('superAdmin')).accessToken;
  });
  afterAll(async () => t?.close());

  it('lists databases, tables, columns, indexes and foreign keys', async () => {
    const dbs = (await t.call('GET', '/api/sysDatabase/list', root)).json().result as { configId: string }[];
    expect(dbs[0]).toMatchObject({
      configId: MAIN,
      name: 'main',
      dbType: t.ctx.db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    });

    const tables = (await t.call('GET', `/api/sysDatabase/tableList/${MAIN}`, root)).json().result as {
      name: string;
      system: boolean;
      columnCount: number;
    }[];
    expect(tables.find((table) => table.name === 'sys_pos')).toMatchObject({ system: true, columnCount: 13 });

    const columns = (await t.call('GET', `/api/sysDatabase/columnList/sys_pos/${MAIN}`, root)).json()
      .result as Column[];
    expect(columns.map((c) => c.dbColumnName).slice(0, 4)).toEqual(['id', 'tenant_id', 'name', 'code']);
    expect(columns[0]).toMatchObject({ isPrimarykey: true, columnType: 'bigint', isNullable: false });
    expect(columns.find((c) => c.dbColumnName === 'name')).toMatchObject({
      dataType: 'character varying(64)',
      columnType: 'varchar',
      length: 64,
    });

    const detail = (await t.call('GET', `/api/sysDatabase/tableDetail/sys_pos/${MAIN}`, root)).json()
      .result as {
      indexes: { name: string; isUnique: boolean }[];
      relations: { targetTableName: string }[];
    };
    expect(detail.indexes.find((i) => i.name === 'sys_pos_code_uq')).toMatchObject({ isUnique: true });
    expect(detail.relations).toContainEqual(
      expect.objectContaining({ sourceColumnName: 'tenant_id', targetTableName: 'sys_tenant' }),
    );

    const visual = (await t.call('GET', '/api/sysDatabase/visualDbTable', root)).json().result as {
      visualTableList: unknown[];
      visualColumnList: unknown[];
      columnRelationList: unknown[];
    };
    expect(visual.visualTableList.length).toBe(tables.length);
    expect(visual.columnRelationList.length).toBeGreaterThan(0);

    expect((await t.call('GET', `/api/sysDatabase/columnList/no_such/${MAIN}`, root)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/sysDatabase/tableList/42', root)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/sysDatabase/columnList/Bad-Name/${MAIN}`, root)).statusCode).toBe(400);
  });

  it('exports a table as seed data', async () => {
    const response = await t.call('POST', '/api/sysDatabase/createSeedData', root, {
      configId: MAIN,
      tableName: 'sys_pos',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('sys_pos.seed.json');
    const rows = JSON.parse(response.body) as { id: string; tenantId: string; name: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveProperty('tenantId');
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => Number(a) - Number(b)));
  });

  it('is for the super admin only, and changes nothing while schema changes are off', async () => {
    const admin = (await t.login('admin')).accessToken;
    expect((await t.call('GET', '/api/sysDatabase/list', admin)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/sysDatabase/addTable', admin, bookTable('biz_nope'))).statusCode).toBe(
      403,
    );
    const off = await t.call('POST', '/api/sysDatabase/addTable', root, bookTable('biz_nope'));
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toContain('LINTEL_SCHEMA_CHANGES');
  });
});

describe('sysDatabase: direct schema changes', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp({ LINTEL_SCHEMA_CHANGES: 'direct' });
    root = (await t.login('superAdmin')).accessToken;
  });
  afterAll(async () => t?.close());

  const columns = async (table: string) =>
    (await t.call('GET', `/api/sysDatabase/columnList/${table}/${MAIN}`, root)).json().result as Column[];

  it('creates a tenant table with the base columns and row-level security, then alters and drops it', async () => {
    const add = await t.call('POST', '/api/sysDatabase/addTable', root, bookTable('biz_book'));
    expect(add.json()).toMatchObject({ code: 200, result: { applied: true, migration: null } });
    const created = await columns('biz_book');
    expect(created.map((c) => c.dbColumnName)).toEqual([
      'id',
      'tenant_id',
      'title',
      'price',
      'in_stock',
      'create_time',
      'update_time',
      'create_user_id',
      'create_user_name',
      'update_user_id',
      'update_user_name',
    ]);
    expect(created.find((c) => c.dbColumnName === 'title')).toMatchObject({
      columnDescription: '书名',
      isNullable: false,
    });
    expect(created.find((c) => c.dbColumnName === 'price')?.dataType).toBe('numeric(10,2)');

    // The tenant wall holds: a tenant sees its own rows only.
    await t.ctx.db.platform((trx) =>
      sql`insert into sys_tenant (id, name) values (1300000000002, 'other')`.execute(trx),
    );
    await t.ctx.db.platform((trx) =>
      sql`insert into biz_book (id, tenant_id, title) values (1, ${SEED_IDS.tenant}, 'a'), (2, 1300000000002, 'b')`.execute(
        trx,
      ),
    );
    const seen = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      sql<{ title: string }>`select title from biz_book`.execute(trx),
    );
    expect(seen.rows.map((r) => r.title)).toEqual(['a']);

    const body = { configId: MAIN, tableName: 'biz_book' };
    const addColumn = await t.call('POST', '/api/sysDatabase/addColumn', root, {
      ...body,
      dbColumnName: 'pages',
      columnType: 'integer',
      isNullable: true,
      columnDescription: '页数',
    });
    expect(addColumn.statusCode).toBe(200);
    const update = await t.call('POST', '/api/sysDatabase/updateColumn', root, {
      ...body,
      oldColumnName: 'pages',
      dbColumnName: 'page_count',
      columnType: 'bigint',
      isNullable: false,
      defaultValue: '0',
      columnDescription: '总页数',
    });
    // The two rows have no page count, which "not null" refuses: a 400 naming the reason, nothing changed.
    expect(update.statusCode).toBe(400);
    expect((await columns('biz_book')).find((c) => c.dbColumnName === 'pages')).toMatchObject({
      columnType: 'integer',
    });
    const nullable = await t.call('POST', '/api/sysDatabase/updateColumn', root, {
      ...body,
      oldColumnName: 'pages',
      dbColumnName: 'page_count',
      columnType: 'bigint',
      isNullable: true,
      defaultValue: '0',
      columnDescription: '总页数',
    });
    expect(nullable.statusCode).toBe(200);
    expect((await columns('biz_book')).find((c) => c.dbColumnName === 'page_count')).toMatchObject({
      columnType: 'bigint',
      isNullable: true,
      defaultValue: "'0'::bigint",
      columnDescription: '总页数',
    });
    expect(
      (await t.call('POST', '/api/sysDatabase/deleteColumn', root, { ...body, dbColumnName: 'page_count' }))
        .statusCode,
    ).toBe(200);
    expect((await columns('biz_book')).some((c) => c.dbColumnName === 'page_count')).toBe(false);

    const rename = await t.call('POST', '/api/sysDatabase/updateTable', root, {
      configId: MAIN,
      oldTableName: 'biz_book',
      tableName: 'biz_volume',
      description: '藏书',
    });
    expect(rename.statusCode).toBe(200);
    const tables = (await t.call('GET', `/api/sysDatabase/tableList/${MAIN}`, root)).json().result as {
      name: string;
      description: string;
    }[];
    expect(tables.find((table) => table.name === 'biz_volume')).toMatchObject({ description: '藏书' });
    expect(
      (
        await t.call('POST', '/api/sysDatabase/deleteTable', root, {
          configId: MAIN,
          tableName: 'biz_volume',
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.call('GET', `/api/sysDatabase/columnList/biz_volume/${MAIN}`, root)).statusCode).toBe(
      404,
    );
  });

  it('refuses product tables, base columns, bad defaults and what PostgreSQL refuses, with reasons', async () => {
    const refuse = async (url: string, body: object, key: RegExp) => {
      const response = await t.call('POST', url, root, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(key);
    };
    await refuse('/api/sysDatabase/deleteTable', { configId: MAIN, tableName: 'sys_user' }, /sys_user/);
    await refuse('/api/sysDatabase/addTable', bookTable('sys_book'), /sys_book/);
    const withBase = bookTable('biz_base');
    withBase.columnList.push({ dbColumnName: 'tenant_id', columnType: 'bigint', isNullable: true });
    await refuse('/api/sysDatabase/addTable', withBase, /tenant_id/);
    const badDefault = bookTable('biz_default');
    badDefault.columnList[2] = { ...badDefault.columnList[2]!, defaultValue: 'yes' };
    await refuse('/api/sysDatabase/addTable', badDefault, /in_stock/);

    expect((await t.call('POST', '/api/sysDatabase/addTable', root, bookTable('biz_twice'))).statusCode).toBe(
      200,
    );
    await refuse('/api/sysDatabase/addTable', bookTable('biz_twice'), /PostgreSQL/);
    await refuse(
      '/api/sysDatabase/addColumn',
      { configId: MAIN, tableName: 'biz_twice', dbColumnName: 'title', columnType: 'text', isNullable: true },
      /PostgreSQL/,
    );
    // A null default is no default (not an empty string), whatever the column's type.
    const noDefault = await t.call('POST', '/api/sysDatabase/addColumn', root, {
      configId: MAIN,
      tableName: 'biz_twice',
      dbColumnName: 'rating',
      columnType: 'numeric',
      length: 4,
      decimalDigits: 1,
      isNullable: true,
      defaultValue: null,
    });
    expect(noDefault.statusCode, noDefault.body).toBe(200);
    expect((await columns('biz_twice')).find((c) => c.dbColumnName === 'rating')?.defaultValue).toBeNull();
    // Injection stays a 400 at the schema: names are lower-case snake_case only.
    const injected = await t.call('POST', '/api/sysDatabase/addColumn', root, {
      configId: MAIN,
      tableName: 'biz_twice',
      dbColumnName: 'x"; drop table sys_user; --',
      columnType: 'text',
      isNullable: true,
    });
    expect(injected.statusCode).toBe(400);
    const quote = await t.call('POST', '/api/sysDatabase/addColumn', root, {
      configId: MAIN,
      tableName: 'biz_twice',
      dbColumnName: 'note',
      columnType: 'text',
      isNullable: true,
      defaultValue: "it's'); drop table sys_user; --",
    });
    expect(quote.statusCode).toBe(200);
    expect((await columns('biz_twice')).find((c) => c.dbColumnName === 'note')?.defaultValue).toContain(
      "it''s",
    );
    expect((await columns('sys_user')).length).toBeGreaterThan(10);
  });
});

describe('sysDatabase: changes recorded as migrations', () => {
  let t: TestApp;
  let root: string;
  let workspace: string;
  beforeAll(async () => {
    workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-ws-'));
    await fs.cp(MIGRATIONS, path.join(workspace, MIGRATIONS_DIR), { recursive: true });
    await fs.copyFile(
      path.resolve(MIGRATIONS, '../../../../../.prettierrc.json'),
      path.join(workspace, '.prettierrc.json'),
    );
    t = await createTestApp({ LINTEL_SCHEMA_CHANGES: 'migration', LINTEL_WORKSPACE: workspace });
    root = (await t.login('superAdmin')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(workspace, { recursive: true, force: true });
  });

  it('writes each change as the next migration, listed in the index and marked as run here', async () => {
    const add = await t.call('POST', '/api/sysDatabase/addTable', root, bookTable('biz_shelf'));
    expect(add.statusCode).toBe(200);
    const { migration } = add.json().result as { migration: string };
    const files = (await fs.readdir(path.join(workspace, MIGRATIONS_DIR)))
      .filter((f) => /^\d{4}_/.test(f))
      .sort();
    const name = files.at(-1)!.replace(/\.ts$/, '');
    expect(migration).toBe(`${MIGRATIONS_DIR}/${name}.ts`);
    expect(name).toMatch(/^\d{4}_add_table_biz_shelf$/);
    expect(Number(name.slice(0, 4))).toBe(files.length);

    const source = await fs.readFile(path.join(workspace, migration), 'utf8');
    expect(source).toContain('`create table "biz_shelf" (\n  id bigint primary key,');
    expect(source).toContain('row level security');
    const index = await fs.readFile(path.join(workspace, MIGRATIONS_DIR, 'index.ts'), 'utf8');
    expect(index).toContain(`import * as m${name.slice(0, 4)} from './${name}.js';`);
    expect(index).toContain(`'${name}': m${name.slice(0, 4)},`);

    const recorded = await t.ctx.db.owner((trx) =>
      sql<{ name: string }>`select name from lintel_migration order by name desc limit 1`.execute(trx),
    );
    expect(recorded.rows[0]?.name).toBe(name);

    // A change PostgreSQL refuses writes no file.
    const twice = await t.call('POST', '/api/sysDatabase/addTable', root, bookTable('biz_shelf'));
    expect(twice.statusCode).toBe(400);
    const after = (await fs.readdir(path.join(workspace, MIGRATIONS_DIR))).filter((f) => /^\d{4}_/.test(f));
    expect(after.length).toBe(files.length);
  });
});
