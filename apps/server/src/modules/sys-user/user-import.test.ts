import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { delegate } from '../../../test/attack/kit.js';
import { upload } from '../../../test/multipart-test-kit.js';

// Seed organisation codes: 100101 市场部, 100102 开发部, 100104 其他; positions and roles by code.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook like a filled-in template: a header row, then the given rows. */
async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Accounts');
  sheet.addRow(['Account', 'Real name', 'Org code', 'Phone', 'E-mail', 'Gender', 'Pos code', 'Roles', 'Job']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const importFile = async (file: Buffer, token = admin) =>
  upload(t, '/api/sysUser/import', token, file, 'accounts.xlsx', XLSX);

describe('sysUser import', () => {
  it('serves a template with localized headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sysUser/importTemplate',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = book.worksheets[0]!.getRow(1).values as string[];
    expect(headers.slice(1, 4)).toEqual(['Account *', 'Real name *', 'Organisation code *']);
  });

  it('adds the good rows with the default password and reports every bad row with its reasons', async () => {
    const file = await workbook([
      ['imp1', '导入一', '100102', 13900000011, 'imp1@example.com', '男', '', 'sys_self', 'J1'],
      ['imp2', '导入二', '100101', '', '', 2, '', '', ''],
      ['', 'no account', '100101', '', '', '', '', '', ''],
      ['imp3', '导入三', '999999', 'not-a-phone', 'bad-mail', 'x', 'nope', 'ghost', ''],
      ['IMP1', '重复', '100102', 13900000011, '', '', '', '', ''],
      ['staff', '已存在', '100102', '', '', '', '', '', ''],
      [null, null, null, null, null, null, null, null, null],
    ]);
    const res = await importFile(file);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().result;
    expect(report).toMatchObject({ total: 6, imported: 2, failed: 4 });
    const byRow = Object.fromEntries(
      (report.errors as { row: number; messages: string[] }[]).map((e) => [e.row, e.messages]),
    );
    expect(Object.keys(byRow).map(Number)).toEqual([4, 5, 6, 7]);
    expect(byRow[4]).toHaveLength(1);
    expect(byRow[5]!.length).toBeGreaterThanOrEqual(6); // org, phone, e-mail, gender, position, role
    expect(byRow[6]!.join(' ')).toMatch(/2/); // repeats row 2: account and phone
    expect(byRow[6]).toHaveLength(2);
    expect(byRow[7]).toHaveLength(1);

    const session = await t.login('imp1', DEMO_PASSWORD);
    const info = (await t.call('GET', '/api/sysAuth/userInfo', session.accessToken)).json().result;
    expect(info).toMatchObject({ account: 'imp1', orgName: '开发部', phone: '13900000011' });
    const roles = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .selectFrom('sysUserRole as ur')
        .innerJoin('sysUser as u', 'u.id', 'ur.userId')
        .select('ur.roleId')
        .where('u.account', '=', 'imp1')
        .execute(),
    );
    expect(roles.map((r) => r.roleId)).toEqual(['1300000000404']);
  });

  it('refuses a file that is not a workbook, and callers without the permission', async () => {
    const res = await importFile(Buffer.from('account,realName\nx,y\n'));
    expect(res.statusCode).toBe(400);
    const member = (await t.login('member')).accessToken;
    expect((await importFile(await workbook([]), member)).statusCode).toBe(403);
    expect((await importFile(await workbook([]), '')).statusCode).toBe(401);
  });

  it('keeps a narrower importer inside its data scope and its own roles', async () => {
    const STAFF_ROLE = '1300000000402';
    await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', '=', 'sysUser:import')
        .execute();
      await trx
        .insertInto('sysRoleMenu')
        .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId: b.id })))
        .execute();
    });
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    const staff = (await t.login('staff')).accessToken;
    const res = await importFile(
      await workbook([
        ['near2', '范围内', '100102', '', '', '', '', 'sys_deptChild', ''],
        ['far2', '范围外', '100101', '', '', '', '', '', ''],
        ['boss2', '越权', '100102', '', '', '', '', 'sys_admin', ''],
      ]),
      staff,
    );
    const report = res.json().result;
    expect(report).toMatchObject({ imported: 1, failed: 2 });
    expect(report.errors.map((e: { account: string }) => e.account)).toEqual(['far2', 'boss2']);
  });

  it("refuses values in the columns hidden by the importer's field blacklist, and imports the rest", async () => {
    const d = await delegate(t);
    const grant = await t.call('POST', '/api/sysRole/grantRoleTable', admin, {
      id: d.roleId,
      tableColumnList: [{ tableName: 'sysUser', columns: ['phone'] }],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const res = await importFile(
      await workbook([
        ['hidphone', '带手机', '100102', '13800007777', '', '', '', '', ''],
        ['nophone', '无手机', '100102', '', '', '', '', '', ''],
      ]),
      d.token,
    );
    const report = res.json().result;
    expect(report).toMatchObject({ imported: 1, failed: 1 });
    expect(report.errors[0]).toMatchObject({ account: 'hidphone' });
    // The upload carries no language: the tenant's default (Chinese) names the column.
    expect(report.errors[0].messages.join(' ')).toBe('您无权查看或修改字段 手机号码。');
  });
});
