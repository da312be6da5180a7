import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { csvLines } from '../../../test/export-kit.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { changesText } from './sys-log.service.js';

let t: TestApp;
let admin: string;
let posId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  // Three operations on one position: insert, update, then a refused duplicate.
  posId = (await t.call('POST', '/api/sysPos/add', admin, { name: '质检员', code: 'qc' })).json().result;
  await t.call('POST', '/api/sysPos/update', admin, {
    id: posId,
    name: '质检主管',
    code: 'qc',
    remark: '现场',
  });
  await t.call('POST', '/api/sysPos/add', admin, { name: '质检员', code: 'qc' });
  await t.ctx.audit.flush();
});
afterAll(async () => t?.close());

const exportAs = (log: 'sysLogOp' | 'sysLogDiff', token: string | undefined, body: Record<string, unknown>) =>
  t.call('POST', `/api/${log}/export`, token, body, { 'accept-language': 'en' });

describe('sysLogOp/export', () => {
  const columns = [
    { key: 'url', title: '地址' },
    { key: 'statusCode', title: 'Status' },
    { key: 'success', title: 'OK' },
  ];

  it('streams the filtered operation log newest first with the chosen columns', async () => {
    const res = await exportAs('sysLogOp', admin, { format: 'csv', columns, url: 'sysPos' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="operation-log-.*\.csv"/);
    expect(csvLines(res.body)).toEqual([
      '地址,Status,OK',
      '/api/sysPos/add,409,No',
      '/api/sysPos/update,200,Yes',
      '/api/sysPos/add,200,Yes',
    ]);
  });

  it('exports only the page the user sees when asked', async () => {
    const res = await exportAs('sysLogOp', admin, {
      format: 'csv',
      columns,
      url: 'sysPos',
      success: true,
      range: 'page',
      page: 2,
      pageSize: 1,
    });
    expect(csvLines(res.body)).toEqual(['地址,Status,OK', '/api/sysPos/add,200,Yes']);
  });

  it('refuses without the permission and shows a tenant only its own entries', async () => {
    expect((await exportAs('sysLogOp', undefined, { format: 'csv' })).statusCode).toBe(401);
    const member = (await t.login('member')).accessToken;
    const refused = await exportAs('sysLogOp', member, { format: 'csv' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('sysLogOp:export');

    const other = await createOtherTenant(t);
    await t.ctx.db.platform(async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', '=', 'sysLogOp:export')
        .execute();
      await trx
        .insertInto('sysTenantMenu')
        .values(buttons.map((b) => ({ tenantId: other.tenantId, menuId: b.id })))
        .execute();
    });
    const theirs = (await t.login('admin', other.password, other.tenantId)).accessToken;
    const res = await exportAs('sysLogOp', theirs, { format: 'csv', columns, url: 'sysPos' });
    expect(res.statusCode, res.body).toBe(200);
    expect(csvLines(res.body)).toEqual(['地址,Status,OK']);
  });
});

describe('sysLogDiff/export', () => {
  const columns = [
    { key: 'operation', title: 'Operation' },
    { key: 'changes', title: 'Changes' },
  ];

  it('writes each entry’s changes as "field: before -> after; ..."', async () => {
    const res = await exportAs('sysLogDiff', admin, {
      format: 'txt',
      columns,
      tableName: 'sysPos',
      rowId: posId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="difference-log-.*\.txt"/);
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Operation\tChanges');
    const [operation, changes] = lines[1]!.split('\t');
    expect(operation).toBe('Modified');
    expect(changes!.split('; ').sort()).toEqual(['name: 质检员 -> 质检主管', 'remark: null -> 现场']);
    expect(lines[2]).toMatch(/^Added\t.*name: null -> 质检员/);
  });

  it('exports only the page the user sees when asked, and refuses without the permission', async () => {
    const res = await exportAs('sysLogDiff', admin, {
      format: 'csv',
      columns: [{ key: 'operation', title: 'Operation' }],
      tableName: 'sysPos',
      rowId: posId,
      range: 'page',
      page: 2,
      pageSize: 1,
    });
    expect(csvLines(res.body)).toEqual(['Operation', 'Added']);
    const member = (await t.login('member')).accessToken;
    expect((await exportAs('sysLogDiff', member, { format: 'csv' })).statusCode).toBe(403);
    expect((await exportAs('sysLogDiff', admin, { format: 'csv', columns: [] })).statusCode).toBe(400);
  });

  it('writes values as text and lists as JSON', () => {
    expect(
      changesText([
        { field: 'orgs', before: [], after: ['1', '2'] },
        { field: 'isHide', before: false, after: true },
      ]),
    ).toBe('orgs: [] -> ["1","2"]; isHide: false -> true');
  });
});
