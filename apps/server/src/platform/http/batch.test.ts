import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';

const DEV = '1300000000203'; // 开发部
const SALES = '1300000000202'; // 市场部
const STAFF_ROLE = '1300000000402'; // sys_deptChild, the staff account's role
const en = { 'accept-language': 'en' };

let t: TestApp;
let admin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  superAdmin = (await t.login('superAdmin')).accessToken;
});
afterAll(async () => t?.close());

const call = (token: string, url: string, body: object) => t.call('POST', url, token, body, en);
async function result(token: string, url: string, body: object) {
  const res = await call(token, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { total: number; done: number; failed: { id: string; message: string }[] };
}
async function created(token: string, url: string, body: object): Promise<string> {
  const res = await call(token, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
}

let serial = 0;
const addAccount = (orgId = DEV) => {
  serial += 1;
  return created(admin, '/api/sysUser/add', {
    account: `batch${serial}`,
    realName: `Batch ${serial}`,
    orgId,
  });
};
const statusOf = async (id: string) =>
  (await t.call('GET', `/api/sysUser/detail?id=${id}`, admin)).json().result?.status as number | undefined;

describe('batch routes: the single-row rules, row by row', () => {
  it('disables accounts, refusing the caller’s own and a higher kind’s with the account policy’s reasons', async () => {
    const a = await addAccount();
    const b = await addAccount();
    const out = await result(admin, '/api/sysUser/batchSetStatus', {
      ids: [a, SEED_IDS.superAdmin, b, SEED_IDS.admin],
      status: 2,
    });
    expect(out.total).toBe(4);
    expect(out.done).toBe(2);
    expect(out.failed.map((f) => f.id)).toEqual([SEED_IDS.superAdmin, SEED_IDS.admin]);
    expect(out.failed[0]!.message).toBe('Only the super admin may change this account.');
    expect(out.failed[1]!.message).toBe('You cannot enable or disable your own account.');
    expect([await statusOf(a), await statusOf(b)]).toEqual([2, 2]);
    expect(await statusOf(SEED_IDS.superAdmin)).toBe(1);

    await t.ctx.audit.flush();
    const log = await result(admin, '/api/sysLogDiff/page', { tableName: 'sysUser', rowId: a });
    expect(log).toMatchObject({ total: 2 }); // added, then disabled: one entry per row, as for setStatus
  });

  it('deletes accounts except the tenant administrator, and answers in the request’s language', async () => {
    const a = await addAccount();
    const res = await t.call(
      'POST',
      '/api/sysUser/batchDelete',
      superAdmin,
      { ids: [SEED_IDS.admin, a] },
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      total: 2,
      done: 1,
      failed: [{ id: SEED_IDS.admin, message: expect.stringContaining('管理员') }],
    });
    expect((await t.call('GET', `/api/sysUser/detail?id=${a}`, admin)).statusCode).toBe(404);
  });

  it('keeps to the caller’s data scope: rows outside it are not found', async () => {
    const inside = await addAccount(DEV);
    const outside = await addAccount(SALES);
    await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', 'in', ['sysUser:page', 'sysUser:delete'])
        .execute();
      await trx
        .insertInto('sysRoleMenu')
        .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId: b.id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    const staff = (await t.login('staff')).accessToken;
    const out = await result(staff, '/api/sysUser/batchDelete', { ids: [inside, outside] });
    expect(out.done).toBe(1);
    expect(out.failed).toEqual([{ id: outside, message: 'The record does not exist or has been deleted.' }]);
    expect(await statusOf(outside)).toBe(1);
  });

  it('deletes a parent chosen with its children once they are gone, in any order', async () => {
    const parent = await created(admin, '/api/sysOrg/add', {
      pid: DEV,
      name: 'Batch parent',
      code: 'batch-p',
    });
    const child = await created(admin, '/api/sysOrg/add', {
      pid: parent,
      name: 'Batch child',
      code: 'batch-c',
    });
    const grandchild = await created(admin, '/api/sysOrg/add', {
      pid: child,
      name: 'Batch leaf',
      code: 'batch-l',
    });
    const out = await result(admin, '/api/sysOrg/batchDelete', { ids: [parent, child, grandchild] });
    expect(out).toEqual({ total: 3, done: 3, failed: [] });

    // Alone, a parent with children is refused as by delete.
    const lone = await result(admin, '/api/sysOrg/batchDelete', { ids: [DEV] });
    expect(lone.done).toBe(0);
    expect(lone.failed[0]!.message).toMatch(/sub-organisations|Accounts still belong/);
  });

  it('keeps built-in roles and positions in use, deletes the rest', async () => {
    const role = await created(admin, '/api/sysRole/add', { name: 'Batch role', code: 'batch_role' });
    const roles = await result(admin, '/api/sysRole/batchDelete', { ids: [role, STAFF_ROLE] });
    expect(roles.done).toBe(1);
    expect(roles.failed).toEqual([{ id: STAFF_ROLE, message: 'Built-in records cannot be deleted.' }]);

    const pos = await created(admin, '/api/sysPos/add', { name: 'Batch pos', code: 'batch_pos' });
    const positions = await result(admin, '/api/sysPos/batchDelete', { ids: [pos] });
    expect(positions).toEqual({ total: 1, done: 1, failed: [] });
  });

  it('sets the status of dictionaries, menus and tenants; the default tenant stays enabled', async () => {
    const dict = await created(admin, '/api/sysDictType/add', { name: 'Batch dict', code: 'batch_dict' });
    expect(await result(admin, '/api/sysDictType/batchSetStatus', { ids: [dict], status: 2 })).toMatchObject({
      done: 1,
    });

    const dir = await created(superAdmin, '/api/sysMenu/add', {
      type: 1,
      title: 'Batch dir',
      path: '/batch',
    });
    const page = await created(superAdmin, '/api/sysMenu/add', {
      pid: dir,
      type: 2,
      title: 'Batch page',
      path: '/batch/page',
      component: '/batch/page',
    });
    expect(
      await result(superAdmin, '/api/sysMenu/batchSetStatus', { ids: [dir, page], status: 2 }),
    ).toMatchObject({
      done: 2,
    });
    expect(await result(superAdmin, '/api/sysMenu/batchDelete', { ids: [dir, page] })).toEqual({
      total: 2,
      done: 2,
      failed: [],
    });

    const tenants = await result(superAdmin, '/api/sysTenant/batchSetStatus', {
      ids: [SEED_IDS.tenant],
      status: 2,
    });
    expect(tenants.done).toBe(0);
    expect(tenants.failed[0]!.id).toBe(SEED_IDS.tenant);
  });

  it('needs the single-row permission and a list of 1 to 500 distinct ids', async () => {
    const member = (await t.login('member')).accessToken;
    const refused = await call(member, '/api/sysUser/batchDelete', { ids: [SEED_IDS.staff] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('sysUser:delete');
    expect((await call(admin, '/api/sysMenu/batchSetStatus', { ids: ['1'], status: 2 })).statusCode).toBe(
      403,
    );

    expect((await call(admin, '/api/sysUser/batchDelete', { ids: [] })).statusCode).toBe(400);
    expect((await call(admin, '/api/sysUser/batchDelete', { ids: ['1', '1'] })).statusCode).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => String(i + 1));
    expect((await call(admin, '/api/sysUser/batchDelete', { ids: many })).statusCode).toBe(400);
    expect((await call(admin, '/api/sysUser/batchSetStatus', { ids: ['1'], status: 3 })).statusCode).toBe(
      400,
    );
  });
});
