import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { csvLines } from '../../../test/export-kit.js';

const STAFF_ROLE = '1300000000402'; // sys_deptChild over 开发部
const SALES = '1300000000202';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  // An account whose name a spreadsheet would run as a formula, and one with XML/HTML specials.
  for (const [account, realName, orgId] of [
    ['formula1', '=HYPERLINK("http://evil")', SALES],
    ['special1', '<b>A & "B"</b>', SALES],
  ] as const) {
    const res = await t.call('POST', '/api/sysUser/add', admin, { account, realName, orgId });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => t?.close());

const exportAs = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sysUser/export',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
const columns = [
  { key: 'account', title: '账号' },
  { key: 'realName', title: 'Name' },
  { key: 'phone', title: 'Phone' },
];

describe('sysUser/export', () => {
  it('streams every matching account as CSV with the chosen columns, formulas made inert', async () => {
    const res = await exportAs(admin, { format: 'csv', columns });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="accounts-.*\.csv"/);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('账号,Name,Phone');
    expect(lines).toContain('staff,张工,13800000003');
    expect(lines).toContain(`formula1,"'=HYPERLINK(""http://evil"")",`);
    expect(lines.length).toBe(1 + 7);
  });

  it('writes a real xlsx workbook', async () => {
    const res = await exportAs(admin, { format: 'xlsx', columns, account: 'staff' });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '账号', 'Name', 'Phone']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'staff', '张工', '13800000003']);
    expect(sheet.rowCount).toBe(2);
  });

  it('escapes html, xml and txt', async () => {
    const html = (await exportAs(admin, { format: 'html', columns, account: 'special1' })).body;
    expect(html).toContain('<td>&lt;b&gt;A &amp; &quot;B&quot;&lt;/b&gt;</td>');
    const xml = (await exportAs(admin, { format: 'xml', columns, account: 'special1' })).body;
    expect(xml).toContain(
      '<row><account>special1</account><realName>&lt;b&gt;A &amp; &quot;B&quot;&lt;/b&gt;</realName><phone></phone></row>',
    );
    const txt = (await exportAs(admin, { format: 'txt', columns, account: 'special1' })).body;
    expect(txt.split('\n')[1]).toBe('special1\t<b>A & "B"</b>\t');
  });

  it('exports only the page the user sees when asked', async () => {
    const res = await exportAs(admin, {
      format: 'csv',
      columns,
      range: 'page',
      page: 2,
      pageSize: 2,
      field: 'account',
      order: 'ascending',
    });
    const lines = csvLines(res.body);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['formula1', 'member']);
  });

  it('applies the data scope and the field blacklist, and refuses without the permission', async () => {
    await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', '=', 'sysUser:export')
        .execute();
      await trx
        .insertInto('sysRoleMenu')
        .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId: b.id })))
        .execute();
      await trx
        .insertInto('sysRoleTable')
        .values({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, tableName: 'sysUser', columnName: 'phone' })
        .execute();
    });
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    const staff = (await t.login('staff')).accessToken;
    const res = await exportAs(staff, { format: 'csv', columns });
    expect(res.statusCode, res.body).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('账号,Name');
    expect(lines.slice(1)).toEqual(['staff,张工']);
    const onlyHidden = await exportAs(staff, { format: 'csv', columns: [{ key: 'phone', title: 'Phone' }] });
    expect(onlyHidden.statusCode).toBe(400);
    const member = (await t.login('member')).accessToken;
    expect((await exportAs(member, { format: 'csv' })).statusCode).toBe(403);
    expect((await exportAs(admin, { format: 'pdf' })).statusCode).toBe(400);
  });
});
