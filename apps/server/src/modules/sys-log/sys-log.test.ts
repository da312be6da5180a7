import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { diffRows } from '../../platform/audit/diff.js';
import { isOperation } from '../../platform/audit/op-log-hook.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

describe('difference log', () => {
  it('records old and new values per changed field, and nothing for an unchanged update', async () => {
    const id = (await t.call('POST', '/api/sysPos/add', admin, { name: '质检员', code: 'qc' })).json().result;
    await t.call('POST', '/api/sysPos/update', admin, { id, name: '质检主管', code: 'qc', remark: '现场' });
    await t.call('POST', '/api/sysPos/update', admin, { id, name: '质检主管', code: 'qc', remark: '现场' });
    await t.call('POST', '/api/sysPos/delete', admin, { id });
    await t.ctx.audit.flush();

    const page = (
      await t.call('POST', '/api/sysLogDiff/page', admin, { tableName: 'sysPos', rowId: id })
    ).json().result;
    expect(page.items.map((e: { operation: string }) => e.operation)).toEqual(['delete', 'update', 'insert']);
    const update = page.items[1];
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: '质检员', after: '质检主管' },
        { field: 'remark', before: null, after: '现场' },
      ]),
    );
    expect(update.changes.map((c: { field: string }) => c.field)).not.toContain('updateTime');
    expect(update).toMatchObject({ account: 'admin', tableName: 'sysPos' });
  });

  it('records role grants as the granted sets before and after', async () => {
    const role = '1300000000404';
    const orgs = ['1300000000202'];
    await t.call('POST', '/api/sysRole/grantDataScope', admin, { id: role, dataScope: 5, orgIdList: orgs });
    await t.ctx.audit.flush();
    const entry = (
      await t.call('POST', '/api/sysLogDiff/page', admin, { tableName: 'sysRole', rowId: role })
    ).json().result.items[0];
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'dataScope', before: 4, after: 5 },
        { field: 'orgs', before: [], after: orgs },
      ]),
    );
  });

  it('compares dates and missing values sensibly', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(
      diffRows({ a: at, b: undefined, password: 'x' }, { a: new Date(at), b: null, password: 'y' }),
    ).toEqual([]);
    expect(diffRows({}, { name: 'n' })).toEqual([{ field: 'name', before: null, after: 'n' }]);
  });
});

describe('operation log', () => {
  it('logs changing calls with outcome and message, not reads, and only for the caller’s tenant', async () => {
    await t.call('POST', '/api/sysOrg/add', admin, {
      pid: SEED_IDS.rootOrg,
      name: '审计部',
      code: 'audit-1',
    });
    await t.call('POST', '/api/sysOrg/delete', admin, { id: '1300000000206' }, { 'accept-language': 'en' });
    await t.call('GET', '/api/sysOrg/list', admin);
    await t.ctx.audit.flush();
    const items = (await t.call('POST', '/api/sysLogOp/page', admin, { url: 'sysOrg' })).json().result.items;
    expect(items.map((e: { url: string; success: boolean }) => [e.url, e.success])).toEqual([
      ['/api/sysOrg/delete', false],
      ['/api/sysOrg/add', true],
    ]);
    expect(items[0]).toMatchObject({
      account: 'admin',
      statusCode: 400,
      permission: 'sysOrg:delete',
      message: 'Accounts still belong to this organisation; move them to another organisation first.',
    });
    expect(items[0].elapsedMs).toBeGreaterThanOrEqual(0);
    const failures = (await t.call('POST', '/api/sysLogOp/page', admin, { success: false })).json().result
      .items;
    expect(failures.every((e: { success: boolean }) => !e.success)).toBe(true);
  });

  it('treats page, list and other reads as reads', () => {
    expect(isOperation('POST', 'sysRole:page')).toBe(false);
    expect(isOperation('GET', 'sysOrg:add')).toBe(false);
    expect(isOperation('POST', 'sysRole:grantMenu')).toBe(true);
    expect(isOperation('POST', 'user')).toBe(false);
  });

  it('is refused to accounts without the log permission', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await t.call('POST', '/api/sysLogOp/page', member, {})).statusCode).toBe(403);
    expect((await t.call('POST', '/api/sysLogDiff/page', member, {})).statusCode).toBe(403);
  });
});
