import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { csvLines } from '../../../test/export-kit.js';

const STAFF_ROLE = '1300000000402'; // sys_deptChild over 开发部: sees the staff account only

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const columns = [
  { key: 'name', title: '名称' },
  { key: 'code', title: 'Code' },
  { key: 'staffCount', title: 'Staff' },
];
const exportAs = (token: string | undefined, body: Record<string, unknown>) =>
  t.call('POST', '/api/sysPos/export', token, body, { 'accept-language': 'en' });

describe('sysPos/export', () => {
  it('streams every matching position as CSV with the chosen columns and staff counts', async () => {
    const res = await exportAs(admin, { format: 'csv', columns });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="positions-.*\.csv"/);
    expect(csvLines(res.body)).toEqual([
      '名称,Code,Staff',
      '董事长,chairman,1',
      '总经理,general_manager,1',
      '部门经理,department_manager,0',
      '项目经理,project_manager,1',
      '主管,supervisor,0',
      '职员,staff,0',
      '实习生,intern,1',
    ]);
    const filtered = await exportAs(admin, { format: 'csv', columns, Code: 'manager' });
    expect(csvLines(filtered.body).slice(1)).toEqual([
      '总经理,general_manager,1',
      '部门经理,department_manager,0',
      '项目经理,project_manager,1',
    ]);
  });

  it('exports only the page the user sees when asked', async () => {
    const res = await exportAs(admin, { format: 'txt', columns, range: 'page', page: 2, pageSize: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n')).toEqual([
      '名称\tCode\tStaff',
      '项目经理\tproject_manager\t1',
      '主管\tsupervisor\t0',
      '职员\tstaff\t0',
    ]);
  });

  it('counts staff within the data scope, hides blacklisted fields, and refuses without the permission', async () => {
    expect((await exportAs(undefined, { format: 'csv' })).statusCode).toBe(401);
    const member = (await t.login('member')).accessToken;
    const refused = await exportAs(member, { format: 'csv' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('sysPos:export');

    await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', 'in', ['sysPos:list', 'sysPos:export'])
        .execute();
      await trx
        .insertInto('sysRoleMenu')
        .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId: b.id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .insertInto('sysRoleTable')
        .values({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, tableName: 'sysPos', columnName: 'code' })
        .execute();
    });
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    const staff = (await t.login('staff')).accessToken;
    const res = await exportAs(staff, { format: 'csv', columns });
    expect(res.statusCode, res.body).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('名称,Staff');
    expect(lines).toContain('项目经理,1');
    expect(lines).toContain('董事长,0');
    const onlyHidden = await exportAs(staff, { format: 'csv', columns: [{ key: 'code', title: 'Code' }] });
    expect(onlyHidden.statusCode).toBe(400);
    expect(onlyHidden.json().message).toBe('Choose at least one column you may see.');
  });
});
