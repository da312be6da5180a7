import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../harness.js';
import { delegate, type Delegate } from './kit.js';

/**
 * Issue 8, finding 10: a field the caller's field blacklist hides leaked through the difference
 * log, whose list and export showed its old and new values. The blacklist applies to every place a
 * value can be read.
 */
let t: TestApp;
let admin: string;
let d: Delegate;
const OLD_PHONE = '13800000003';
const NEW_PHONE = '13911112222';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  d = await delegate(t);
  await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
    trx
      .insertInto('sysRoleTable')
      .values({ tenantId: SEED_IDS.tenant, roleId: d.roleId, tableName: 'sysUser', columnName: 'phone' })
      .execute(),
  );
  await t.ctx.sessions.touchMenus();
  const detail = (await t.call('GET', `/api/sysUser/detail?id=${SEED_IDS.staff}`, admin)).json().result;
  const res = await t.call('POST', '/api/sysUser/update', admin, {
    id: SEED_IDS.staff,
    account: detail.account,
    realName: detail.realName,
    orgId: detail.orgId,
    phone: NEW_PHONE,
    remark: 'phone changed',
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.ctx.audit.flush();
});
afterAll(async () => t?.close());

describe('the difference log under a field blacklist', () => {
  it('leaves hidden fields out of the list', async () => {
    const page = await t.call('POST', '/api/sysLogDiff/page', d.token, {
      tableName: 'sysUser',
      rowId: SEED_IDS.staff,
    });
    expect(page.statusCode).toBe(200);
    const entries = page.json().result.items as { changes: { field: string }[] }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.flatMap((e) => e.changes.map((c) => c.field))).toContain('remark');
    expect(page.body).not.toContain(NEW_PHONE);
    expect(page.body).not.toContain(OLD_PHONE);
    // The administrator, who may see the field, still sees its history.
    const full = await t.call('POST', '/api/sysLogDiff/page', admin, {
      tableName: 'sysUser',
      rowId: SEED_IDS.staff,
    });
    expect(full.body).toContain(NEW_PHONE);
  });

  it('leaves hidden fields out of the export', async () => {
    for (const range of ['page', 'all']) {
      const file = await t.call('POST', '/api/sysLogDiff/export', d.token, {
        format: 'csv',
        range,
        tableName: 'sysUser',
        rowId: SEED_IDS.staff,
      });
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain('remark');
      expect(file.body).not.toContain(NEW_PHONE);
    }
  });
});
