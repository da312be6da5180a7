import { DataScope } from '@lintel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { grantButtons } from '../../../test/role-grants.js';

// sys_org.path (migration 0033) is what "this organisation and below" filters by: kept by triggers
// whoever writes organisations, and it must follow every move at once.
const DEV = '1300000000203'; // 开发部, the staff account's organisation
const SALES = '1300000000202'; // 市场部
const STAFF_ROLE = '1300000000402'; // sys_deptChild

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  await grantButtons(t, STAFF_ROLE, 'sysUser:page', DataScope.DeptChild);
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => t?.close());

const post = async (url: string, token: string, body: Record<string, unknown>) => {
  const res = await t.call('POST', url, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};
const accounts = async (token: string, body: Record<string, unknown> = {}) =>
  ((await post('/api/sysUser/page', token, { pageSize: 100, ...body })).items as { account: string }[]).map(
    (r) => r.account,
  );

/** Every organisation's stored path against the one its parents give. */
async function pathsAgree() {
  const rows = await t.ctx.db.platform((trx) =>
    trx.selectFrom('sysOrg').select(['id', 'pid', 'path']).execute(),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const expected = (id: string): string => {
    const row = byId.get(id)!;
    return (byId.has(row.pid) ? expected(row.pid) : '/') + `${id}/`;
  };
  for (const row of rows) expect(row.path, row.id).toBe(expected(row.id));
  return rows.length;
}

describe('the organisation path', () => {
  it('is set for every seeded organisation, of every tenant', async () => {
    expect(await pathsAgree()).toBeGreaterThan(5);
  });

  it('follows a branch moved out of a manager’s subtree and back, and the account list with it', async () => {
    const branch = await post('/api/sysOrg/add', admin, { pid: DEV, name: '测试分支', code: 'path-a' });
    const leaf = await post('/api/sysOrg/add', admin, { pid: branch, name: '测试小组', code: 'path-b' });
    await post('/api/sysUser/add', admin, { account: 'pathleaf', realName: '路径', orgId: leaf });
    expect(await accounts(staff)).toContain('pathleaf');
    expect(await accounts(admin, { orgId: DEV })).toContain('pathleaf');

    await post('/api/sysOrg/update', admin, { id: branch, pid: SALES, name: '测试分支', code: 'path-a' });
    await pathsAgree();
    expect(await accounts(staff)).not.toContain('pathleaf');
    expect(await accounts(admin, { orgId: DEV })).not.toContain('pathleaf');
    expect(await accounts(admin, { orgId: SALES })).toContain('pathleaf');

    await post('/api/sysOrg/update', admin, { id: branch, pid: DEV, name: '测试分支', code: 'path-a' });
    await pathsAgree();
    expect(await accounts(staff)).toContain('pathleaf');
  });

  it('is one index range: a prefix of another id never matches (/12/ is not below /1/)', async () => {
    // Two organisations whose ids share a prefix: the range of one must not reach the other.
    const ids = await t.ctx.db.platform(async (trx) => {
      const { rows } = await sql<{ id: string; path: string }>`select id, path from sys_org`.execute(trx);
      return rows;
    });
    for (const root of ids) {
      const below = ids.filter((o) => o.path >= root.path && o.path < root.path.slice(0, -1) + '0');
      for (const o of below) expect(o.path.startsWith(root.path), `${o.path} under ${root.path}`).toBe(true);
    }
  });
});
