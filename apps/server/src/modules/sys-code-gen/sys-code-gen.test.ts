import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { MAIN_CONFIG_ID } from '../sys-database/sys-database.schema.js';

const MAIN = MAIN_CONFIG_ID;

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp({ LINTEL_SCHEMA_CHANGES: 'direct' });
  root = (await t.login('superAdmin')).accessToken;
  const table = await t.call('POST', '/api/sysDatabase/addTable', root, {
    configId: MAIN,
    tableName: 'biz_book',
    description: '图书',
    columnList: [
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
  expect(table.statusCode).toBe(200);
});
afterAll(async () => t?.close());

const record = {
  configId: MAIN,
  tableName: 'biz_book',
  className: 'BizBook',
  busName: '图书',
  nameSpace: 'business',
  generateType: '100',
  menuPid: 'system',
};

interface Config {
  id: string;
  columnName: string;
  propertyName: string;
  columnComment: string;
  effectType: string;
  whetherCommon: string;
  whetherAddUpdate: string;
  queryWhether: string;
  queryType: string;
}

async function addRecord(over: Partial<typeof record> = {}) {
  const add = await t.call('POST', '/api/sysCodeGen/add', root, { ...record, ...over });
  expect(add.statusCode, add.body).toBe(200);
  return add.json().result as string;
}

const configs = async (id: string) =>
  (await t.call('GET', `/api/sysCodeGenConfig/list?codeGenId=${id}`, root)).json().result as Config[];

describe('sysCodeGen', () => {
  it("starts a record's column configuration from the table and keeps it in step with syncField", async () => {
    const id = await addRecord();
    const page = (await t.call('POST', '/api/sysCodeGen/page', root, { tableName: 'book' })).json()
      .result as {
      items: { id: string; className: string }[];
    };
    expect(page.items.map((r) => r.className)).toEqual(['BizBook']);

    const columns = await configs(id);
    expect(columns.find((c) => c.columnName === 'title')).toMatchObject({
      propertyName: 'title',
      columnComment: '书名',
      effectType: 'Input',
      whetherCommon: 'N',
      queryWhether: 'Y',
      queryType: 'like',
    });
    expect(columns.find((c) => c.columnName === 'in_stock')).toMatchObject({
      propertyName: 'inStock',
      effectType: 'Switch',
    });
    expect(columns.find((c) => c.columnName === 'tenant_id')).toMatchObject({ whetherCommon: 'Y' });

    const title = columns.find((c) => c.columnName === 'title')!;
    const saved = await t.call('POST', '/api/sysCodeGenConfig/update', root, [
      {
        id: title.id,
        columnComment: '书籍名称',
        effectType: 'InputTextArea',
        whetherRequired: 'Y',
        queryWhether: 'Y',
        queryType: '==',
        whetherTable: 'Y',
        whetherAddUpdate: 'Y',
        orderNo: 5,
      },
    ]);
    expect(saved.statusCode).toBe(200);

    await t.call('POST', '/api/sysDatabase/addColumn', root, {
      configId: MAIN,
      tableName: 'biz_book',
      dbColumnName: 'pages',
      columnType: 'integer',
      isNullable: true,
    });
    await t.call('POST', '/api/sysDatabase/deleteColumn', root, {
      configId: MAIN,
      tableName: 'biz_book',
      dbColumnName: 'price',
    });
    expect((await t.call('POST', '/api/sysCodeGen/syncField', root, { id })).statusCode).toBe(200);
    const synced = await configs(id);
    expect(synced.map((c) => c.columnName)).toContain('pages');
    expect(synced.map((c) => c.columnName)).not.toContain('price');
    // What the user chose is kept.
    expect(synced.find((c) => c.columnName === 'title')).toMatchObject({
      columnComment: '书籍名称',
      effectType: 'InputTextArea',
      queryType: '==',
    });

    expect((await t.call('POST', '/api/sysCodeGen/delete', root, [{ id }])).statusCode).toBe(200);
    expect((await t.call('GET', `/api/sysCodeGen/detail?id=${id}`, root)).statusCode).toBe(404);
  });

  it('previews and zips a module in the kit form, with its registry entries', async () => {
    const id = await addRecord({ className: 'BizVolume' });
    const files = (await t.call('POST', '/api/sysCodeGen/preview', root, { id })).json().result as {
      path: string;
      content: string;
    }[];
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'packages/contracts/src/modules/biz-volume.ts',
        'packages/contracts/src/wire/biz-volume.ts',
        'apps/server/src/modules/biz-volume/biz-volume.routes.ts',
        'apps/server/src/modules/biz-volume/biz-volume.service.ts',
        'apps/server/src/modules/biz-volume/biz-volume.repo.ts',
        'apps/server/src/modules/biz-volume/biz-volume.table.ts',
        'apps/server/src/modules/biz-volume/biz-volume.test.ts',
        'apps/web/src/features/business/biz-volume/biz-volume-page.tsx',
        'apps/web/src/features/business/biz-volume/biz-volume-api.ts',
        'apps/web/src/locales/bizVolume/en.json',
        'apps/web/src/locales/bizVolume/zh-CN.json',
      ]),
    );
    expect(paths.filter((p) => p.startsWith('apps/web/src/locales/'))).toHaveLength(19);
    const contracts = files.find((f) => f.path.endsWith('modules/biz-volume.ts'))!.content;
    expect(contracts).toContain("bizVolume: {\n    page: 'read',");
    expect(contracts).toContain("parent: 'system'");
    const wire = files.find((f) => f.path.endsWith('wire/biz-volume.ts'))!.content;
    expect(wire).toContain('title: Type.String({ minLength: 1, maxLength: 128 })');
    expect(contracts).not.toContain('typebox');
    const zh = JSON.parse(files.find((f) => f.path.endsWith('bizVolume/zh-CN.json'))!.content);
    expect(zh).toMatchObject({ title: '图书', field: { title: '书名' } });
    const en = JSON.parse(files.find((f) => f.path.endsWith('bizVolume/en.json'))!.content);
    expect(en).toMatchObject({ title: 'Biz Volume', field: { title: 'Title', inStock: 'In stock' } });

    const zip = await t.call('POST', '/api/sysCodeGen/download', root, { id });
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(paths.map((p) => `biz-volume/${p}`).sort());
    expect(strFromU8(entries['biz-volume/packages/contracts/src/modules/biz-volume.ts']!)).toBe(contracts);
  });

  it('refuses product tables, unknown menu directories, taken class names and runLocal without a workspace', async () => {
    const refuse = async (body: object, status: number, text: RegExp) => {
      const response = await t.call('POST', '/api/sysCodeGen/add', root, { ...record, ...body });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(text);
    };
    await refuse({ tableName: 'sys_user', className: 'BizUserCopy' }, 400, /sys_user/);
    await refuse({ menuPid: 'nowhere', className: 'BizElse' }, 400, /nowhere/);
    await refuse({ className: 'bizlower' }, 400, /className|pattern/i);
    // The product's own modules keep their names: their files and permissions would be overwritten.
    await refuse({ className: 'SysPos' }, 409, /SysPos/);
    await refuse({ className: 'SysLedger' }, 409, /SysLedger/);
    await addRecord({ className: 'BizTaken' });
    await refuse({ className: 'BizTaken' }, 409, /BizTaken/);

    const id = await addRecord({ className: 'BizLocal' });
    const local = await t.call('POST', '/api/sysCodeGen/runLocal', root, { id });
    expect(local.statusCode).toBe(400);
    expect(local.json().message).toContain('LINTEL_WORKSPACE');

    const admin = (await t.login('admin')).accessToken;
    expect((await t.call('POST', '/api/sysCodeGen/page', admin, {})).statusCode).toBe(403);
  });
});
