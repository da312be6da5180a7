import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

/** Admin.NET's sysLogOp/detail/{id}, sysLogDiff/detail/{id} and sysLogOp/clear (issue 9). */
let t: TestApp;
let admin: string;
let otherAdmin: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  const other = await createOtherTenant(t);
  // The other tenant holds every tenant menu, so its administrator reads its logs.
  await t.ctx.db.platform(async (trx) => {
    const menus = await trx.selectFrom('sysMenu').select('id').where('scope', '=', 'tenant').execute();
    await trx
      .insertInto('sysTenantMenu')
      .values(menus.map((m) => ({ tenantId: other.tenantId, menuId: m.id })))
      .execute();
  });
  otherAdmin = (await t.login('admin', other.password, other.tenantId)).accessToken;
  await t.call('POST', '/api/sysPos/add', admin, { name: '检验员', code: 'inspector' });
  await t.call('POST', '/api/sysPos/add', otherAdmin, { name: 'Other', code: 'other' });
  await t.ctx.audit.flush();
});
afterAll(async () => t?.close());

const newest = async (log: 'sysLogOp' | 'sysLogDiff', token = admin) =>
  (await t.call('POST', `/api/${log}/page`, token, { pageSize: 1 })).json().result.items[0];

describe('log entry details', () => {
  it('answers one operation log entry of the tenant, 404 for another tenant’s', async () => {
    const entry = await newest('sysLogOp');
    expect(entry).toMatchObject({ url: '/api/sysPos/add', account: 'admin' });
    const res = await t.call('GET', `/api/sysLogOp/detail/${entry.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual(entry);
    expect((await t.call('GET', `/api/sysLogOp/detail/${entry.id}`, otherAdmin)).statusCode).toBe(404);
  });

  it('answers one difference log entry of the tenant, 404 for another tenant’s', async () => {
    const entry = await newest('sysLogDiff');
    expect(entry).toMatchObject({ tableName: 'sysPos', operation: 'insert' });
    const res = await t.call('GET', `/api/sysLogDiff/detail/${entry.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual(entry);
    expect((await t.call('GET', `/api/sysLogDiff/detail/${entry.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/sysLogDiff/detail/1300000999999', admin)).statusCode).toBe(404);
  });
});

describe('clearing the operation log', () => {
  it("empties the tenant's operation log only, and the difference log records who did it", async () => {
    const member = (await t.login('member')).accessToken;
    expect((await t.call('POST', '/api/sysLogOp/clear', member)).statusCode).toBe(403);
    const res = await t.call('POST', '/api/sysLogOp/clear', admin, undefined, en);
    expect(res.statusCode, res.body).toBe(200);
    const cleared = res.json().result as number;
    expect(cleared).toBeGreaterThan(0);
    await t.ctx.audit.flush();
    // Only the clear itself (logged after its answer) is left.
    const left = (await t.call('POST', '/api/sysLogOp/page', admin, {})).json().result;
    expect(left.items.map((e: { url: string }) => e.url)).toEqual(['/api/sysLogOp/clear']);
    expect((await newest('sysLogOp', otherAdmin)).url).toBe('/api/sysPos/add');
    const trace = await newest('sysLogDiff');
    expect(trace).toMatchObject({
      tableName: 'sysLogOp',
      operation: 'delete',
      account: 'admin',
      changes: [{ field: 'entries', before: cleared, after: 0 }],
    });
  });
});
