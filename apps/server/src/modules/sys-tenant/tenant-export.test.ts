import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { csvLines } from '../../../test/export-kit.js';
import { createOtherTenant } from '../../../test/tenants.js';

let t: TestApp;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  await createOtherTenant(t, '1300000009001');
  await createOtherTenant(t, '1300000009002');
});
afterAll(async () => t?.close());

const columns = [
  { key: 'name', title: '名称' },
  { key: 'adminAccount', title: 'Admin' },
  { key: 'host', title: 'Host' },
];
const exportAs = (token: string | undefined, body: Record<string, unknown>) =>
  t.call('POST', '/api/sysTenant/export', token, body, { 'accept-language': 'en' });

describe('sysTenant/export', () => {
  it('streams every tenant with its administrator account as CSV with the chosen columns', async () => {
    const res = await exportAs(superAdmin, { format: 'csv', columns });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tenants-.*\.csv"/);
    expect(csvLines(res.body)).toEqual([
      '名称,Admin,Host',
      '默认租户,admin,localhost',
      'Tenant 1300000009001,admin,t1300000009001.example.test',
      'Tenant 1300000009002,admin,t1300000009002.example.test',
    ]);
    const filtered = await exportAs(superAdmin, { format: 'csv', columns, name: '9002' });
    expect(csvLines(filtered.body).slice(1)).toEqual([
      'Tenant 1300000009002,admin,t1300000009002.example.test',
    ]);
  });

  it('exports only the page the user sees when asked', async () => {
    const res = await exportAs(superAdmin, {
      format: 'html',
      columns: [{ key: 'name', title: 'Name' }],
      range: 'page',
      page: 1,
      pageSize: 2,
      field: 'name',
      order: 'descending',
    });
    expect(res.statusCode).toBe(200);
    const names = [...res.body.matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1]);
    expect(names).toEqual(['默认租户', 'Tenant 1300000009002']);
  });

  it('is the super admin’s alone', async () => {
    expect((await exportAs(undefined, { format: 'csv' })).statusCode).toBe(401);
    const admin = (await t.login('admin')).accessToken;
    const refused = await exportAs(admin, { format: 'csv' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('sysTenant:export');
    const noColumns = await exportAs(superAdmin, {
      format: 'csv',
      columns: [{ key: 'password', title: 'P' }],
    });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toBe('Choose at least one column you may see.');
  });
});
