import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

/**
 * Reports on the product's own database: bound parameters, the report role (read-only, column
 * grants, tenant-confined), the free-SQL rule, the builder with data scope and grouping; external
 * PostgreSQL sources against the test server when TEST_DATABASE_URL names one.
 */
const external = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : undefined;

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp(external ? { ALLOW_PRIVATE_HOSTS: external.hostname } : {});
  admin = (await t.login('admin')).accessToken;
  // staff (sys_deptChild over 开发部) may view and preview reports.
  const buttons = await t.ctx.db.global
    .selectFrom('sysMenu')
    .select('id')
    .where('permission', 'in', ['sysReportConfig:view', 'sysReportConfig:preview'])
    .execute();
  await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
    trx
      .insertInto('sysRoleMenu')
      .values(buttons.map((m) => ({ tenantId: SEED_IDS.tenant, roleId: '1300000000402', menuId: m.id })))
      .execute(),
  );
  await t.ctx.tenants.invalidate(SEED_IDS.tenant);
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => t?.close());

const sqlReport = (sqlText: string, params: unknown[] = []) => ({
  mode: 'sql',
  sqlText,
  params,
  columns: [],
});
const preview = (token: string, body: object, values?: object) =>
  t.call('POST', '/api/sysReportConfig/preview', token, { ...body, ...(values ? { values } : {}) });

describe('sysReportConfig on the product database', () => {
  it('binds parameters as values: an injection attempt matches nothing', async () => {
    const report = sqlReport('select account, real_name from sys_user where account = :acc -- not :other', [
      { name: 'acc', label: 'Account', type: 'text', required: true },
    ]);
    const found = await preview(admin, report, { acc: 'admin' });
    expect(found.json().message).toBe('');
    expect(found.json().result).toMatchObject({ columns: ['account', 'real_name'], truncated: false });
    expect(found.json().result.rows).toEqual([{ account: 'admin', real_name: expect.any(String) }]);
    const injected = await preview(admin, report, { acc: "admin' or '1'='1" });
    expect(injected.statusCode).toBe(200);
    expect(injected.json().result.rows).toEqual([]);
    const missing = await preview(admin, report, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Account');
  });

  it.each([
    ["update sys_user set remark = 'x'", 'UPDATE'],
    ['delete from sys_user', 'DELETE'],
    ['drop table sys_user', 'DROP'],
    ['select 1; delete from sys_user', 'one statement'],
    ["select set_config('app.tenant_id', '1300000009001', true)", 'set_config'],
    ['with gone as (delete from sys_user returning id) select * from gone', ''],
    ['select password from sys_user', ''],
  ])('refuses a report that writes or reads past its grants: %s', async (sqlText, says) => {
    const response = await t.call('POST', '/api/sysReportConfig/preview', admin, sqlReport(sqlText), {
      'accept-language': 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(says);
    const count = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .selectFrom('sysUser')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(count.n)).toBeGreaterThan(3);
  });

  it('confines SQL to the caller’s tenant, whatever it names', async () => {
    const other = await createOtherTenant(t);
    const byTenant = await preview(
      admin,
      sqlReport('select tenant_id::text as tenant, count(*)::int as n from sys_user group by tenant_id'),
    );
    expect(byTenant.json().result.rows.map((r: { tenant: string }) => r.tenant)).toEqual([SEED_IDS.tenant]);
    const named = await preview(
      admin,
      sqlReport(`select count(*)::int as n from sys_user where tenant_id = ${other.tenantId}`),
    );
    expect(named.json().result.rows).toEqual([{ n: 0 }]);
  });

  it('keeps free SQL from an account with a narrower data scope, and scopes its builder reports', async () => {
    const refused = await preview(staff, sqlReport('select account from sys_user'), undefined);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).not.toBe('');

    const byOrg = {
      mode: 'builder',
      builder: {
        table: 'sys_user',
        fields: [],
        groupBy: ['org_name'],
        aggregates: [{ fn: 'count', alias: 'accounts' }],
        orderBy: [{ field: 'org_name' }],
      },
      params: [],
      chart: { type: 'bar', xField: 'org_name', yFields: ['accounts'] },
      columns: [],
    };
    const all = (await preview(admin, byOrg)).json().result;
    expect(all.columns).toEqual(['org_name', 'accounts']);
    const total = all.rows.reduce((sum: number, r: { accounts: string }) => sum + Number(r.accounts), 0);
    const users = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysUser').select('id').execute(),
    );
    expect(total).toBe(users.length);
    const scoped = (await preview(staff, byOrg)).json().result;
    const scopedTotal = scoped.rows.reduce(
      (sum: number, r: { accounts: string }) => sum + Number(r.accounts),
      0,
    );
    expect(scopedTotal).toBeGreaterThan(0);
    expect(scopedTotal).toBeLessThan(total);

    const unknown = await preview(admin, { ...byOrg, builder: { ...byOrg.builder, groupBy: ['password'] } });
    expect(unknown.statusCode).toBe(400);
  });

  it('saves a report, shows the viewer no SQL, runs and exports it', async () => {
    const add = await t.call('POST', '/api/sysReportConfig/add', admin, {
      name: 'Accounts by status',
      ...sqlReport(
        'select status, count(*)::int as n from sys_user where status = coalesce(:st, status) group by status',
        [{ name: 'st', label: 'Status', type: 'select', options: [{ label: 'On', value: '1' }] }],
      ),
      columns: [
        { field: 'status', title: 'Status' },
        { field: 'n', title: 'Accounts' },
      ],
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().result as string;
    const view = await t.call('GET', `/api/sysReportConfig/view?id=${id}`, staff);
    expect(view.json().result).toMatchObject({ id, name: 'Accounts by status' });
    expect(view.body).not.toContain('count(*)');
    const run = await t.call('POST', '/api/sysReportConfig/run', admin, { id, params: { st: '1' } });
    expect(run.json().result.rows).toEqual([{ status: 1, n: expect.any(Number) }]);
    const file = await t.call('POST', '/api/sysReportConfig/export', admin, {
      id,
      format: 'csv',
      params: { st: '1' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Status,Accounts');
    expect((await t.call('POST', '/api/sysReportConfig/delete', admin, { id })).statusCode).toBe(200);
  });
});

describe('sysReportDataSource', () => {
  it('seals the password, never answers it, and judges the host by the outbound policy', async () => {
    const add = await t.call('POST', '/api/sysReportDataSource/add', admin, {
      name: 'Warehouse',
      kind: 'postgres',
      host: '10.255.255.1',
      databaseName: 'dw',
      userName: 'reader',
      password: 'S3cret-of-the-warehouse',
    });
    const id = add.json().result as string;
    const stored = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysReportDataSource').select('password').where('id', '=', id).executeTakeFirstOrThrow(),
    );
    expect(stored.password).not.toContain('S3cret');
    for (const response of [
      await t.call('POST', '/api/sysReportDataSource/page', admin, {}),
      await t.call('GET', `/api/sysReportDataSource/detail?id=${id}`, admin),
    ]) {
      expect(response.body).not.toContain('S3cret');
      expect(response.body).toContain('"hasPassword":true');
    }
    const tried = await t.call(
      'POST',
      '/api/sysReportDataSource/testConnection',
      admin,
      { id },
      { 'accept-language': 'en' },
    );
    expect(tried.json().result).toMatchObject({ ok: false, message: expect.stringContaining('private') });
    expect((await t.call('POST', '/api/sysReportDataSource/delete', admin, { id })).statusCode).toBe(200);
  });

  it.skipIf(!external)('reads an external PostgreSQL server in read-only transactions', async () => {
    const add = await t.call('POST', '/api/sysReportDataSource/add', admin, {
      name: 'Local PostgreSQL',
      kind: 'postgres',
      host: external!.hostname,
      port: Number(external!.port || 5432),
      databaseName: external!.pathname.slice(1),
      userName: decodeURIComponent(external!.username),
      password: decodeURIComponent(external!.password),
    });
    const dataSourceId = add.json().result as string;
    const tried = await t.call('POST', '/api/sysReportDataSource/testConnection', admin, {
      id: dataSourceId,
    });
    expect(tried.json().result).toMatchObject({ ok: true, message: expect.stringContaining('PostgreSQL') });
    const run = await preview(
      admin,
      {
        ...sqlReport('select :n::int + 1 as next', [{ name: 'n', label: 'N', type: 'number' }]),
        dataSourceId,
      },
      { n: 41 },
    );
    expect(run.json().result).toMatchObject({ columns: ['next'], rows: [{ next: 42 }] });
    const readOnly = await preview(admin, {
      ...sqlReport("select current_setting('transaction_read_only') as ro"),
      dataSourceId,
    });
    expect(readOnly.json().result.rows).toEqual([{ ro: 'on' }]);
    const write = await preview(admin, { ...sqlReport('create table report_probe (id int)'), dataSourceId });
    expect(write.statusCode).toBe(400);
    expect(
      (await t.call('POST', '/api/sysReportDataSource/delete', admin, { id: dataSourceId })).statusCode,
    ).toBe(200);
  });
});
