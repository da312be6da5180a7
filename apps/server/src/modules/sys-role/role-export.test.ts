import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { csvLines } from '../../../test/export-kit.js';
import { createOtherTenant } from '../../../test/tenants.js';

const STAFF_ROLE = '1300000000402'; // sys_deptChild, the staff account's role

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const columns = [
  { key: 'code', title: '编码' },
  { key: 'name', title: 'Name' },
  { key: 'dataScope', title: 'Scope' },
];
const exportAs = (token: string | undefined, body: Record<string, unknown>) =>
  t.call('POST', '/api/sysRole/export', token, body, { 'accept-language': 'en' });

describe('sysRole/export', () => {
  it('streams every matching role as CSV with the chosen columns', async () => {
    const res = await exportAs(admin, { format: 'csv', columns });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="roles-.*\.csv"/);
    expect(csvLines(res.body)).toEqual([
      '编码,Name,Scope',
      // Data scopes as their labels in the request's language, not their codes.
      'sys_admin,系统管理员,All data',
      'sys_deptChild,本部门及以下数据,Department and below',
      'sys_dept,本部门数据,Department only',
      'sys_self,仅本人数据,Personal only',
      'sys_define,自定义数据,Custom',
    ]);
    const filtered = await exportAs(admin, { format: 'csv', columns, code: 'dept' });
    expect(csvLines(filtered.body).slice(1)).toEqual([
      'sys_deptChild,本部门及以下数据,Department and below',
      'sys_dept,本部门数据,Department only',
    ]);
  });

  it('exports only the page the user sees, in its sort order', async () => {
    const res = await exportAs(admin, {
      format: 'xml',
      columns: [{ key: 'code', title: 'Code' }],
      range: 'page',
      page: 2,
      pageSize: 2,
      field: 'orderNo',
      order: 'descending',
    });
    expect(res.statusCode).toBe(200);
    const codes = [...res.body.matchAll(/<code>(.*?)<\/code>/g)].map((m) => m[1]);
    // Order numbers 100..104 in seed order; descending, the second page of two is the middle.
    expect(codes).toEqual(['sys_dept', 'sys_deptChild']);
  });

  it('shows another tenant only its own roles', async () => {
    const other = await createOtherTenant(t);
    await t.ctx.db.platform(async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', 'like', 'sysRole:%')
        .execute();
      await trx
        .insertInto('sysTenantMenu')
        .values(buttons.map((b) => ({ tenantId: other.tenantId, menuId: b.id })))
        .execute();
    });
    const theirs = (await t.login('admin', other.password, other.tenantId)).accessToken;
    const add = await t.call('POST', '/api/sysRole/add', theirs, { name: '他们的角色', code: 'their_role' });
    expect(add.statusCode, add.body).toBe(200);
    const res = await exportAs(theirs, { format: 'csv', columns });
    expect(res.statusCode, res.body).toBe(200);
    expect(csvLines(res.body)).toEqual(['编码,Name,Scope', 'their_role,他们的角色,Personal only']);
  });

  it('hides blacklisted fields and refuses without the permission', async () => {
    expect((await exportAs(undefined, { format: 'csv' })).statusCode).toBe(401);
    const member = (await t.login('member')).accessToken;
    const refused = await exportAs(member, { format: 'csv' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('sysRole:export');

    await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', 'in', ['sysRole:page', 'sysRole:export'])
        .execute();
      await trx
        .insertInto('sysRoleMenu')
        .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId: b.id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .insertInto('sysRoleTable')
        .values({
          tenantId: SEED_IDS.tenant,
          roleId: STAFF_ROLE,
          tableName: 'sysRole',
          columnName: 'dataScope',
        })
        .execute();
    });
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    const staff = (await t.login('staff')).accessToken;
    const res = await exportAs(staff, { format: 'csv', columns, code: 'sys_self' });
    expect(res.statusCode, res.body).toBe(200);
    expect(csvLines(res.body)).toEqual(['编码,Name', 'sys_self,仅本人数据']);
    const onlyHidden = await exportAs(staff, { format: 'csv', columns: [{ key: 'dataScope', title: 'S' }] });
    expect(onlyHidden.statusCode).toBe(400);
    expect(onlyHidden.json().message).toBe('Choose at least one column you may see.');
  });
});
