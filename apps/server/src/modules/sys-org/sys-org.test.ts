import { DataScope } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

const ROOT = SEED_IDS.rootOrg;
const DEV = '1300000000203'; // 开发部, the staff account's organisation
const FRONTEND = '1300000000204'; // 前端组, under 开发部
const SALES = '1300000000202'; // 市场部
const STAFF_ROLE = '1300000000402'; // sys_deptChild

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

type Node = { id: string; name: string; level: number; children: Node[] };
const ids = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
const find = (nodes: Node[], id: string): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};
const list = async (token: string, query = '') => t.call('GET', `/api/sysOrg/list${query}`, token);

/** Grants the staff role the organisation buttons and sets its data scope. */
async function staffRole(scope: number, orgs: string[] = []) {
  await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    const buttons = await trx
      .selectFrom('sysMenu')
      .select('id')
      .where('permission', 'like', 'sysOrg:%')
      .execute();
    await trx
      .deleteFrom('sysRoleMenu')
      .where('roleId', '=', STAFF_ROLE)
      .where(
        'menuId',
        'in',
        buttons.map((b) => b.id),
      )
      .execute();
    await trx
      .insertInto('sysRoleMenu')
      .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId: b.id })))
      .execute();
    await trx.updateTable('sysRole').set({ dataScope: scope }).where('id', '=', STAFF_ROLE).execute();
    await trx.deleteFrom('sysRoleOrg').where('roleId', '=', STAFF_ROLE).execute();
    if (orgs.length > 0) {
      await trx
        .insertInto('sysRoleOrg')
        .values(orgs.map((orgId) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, orgId })))
        .execute();
    }
  });
  await t.ctx.sessions.touchMenus();
  await t.ctx.tenants.invalidate(SEED_IDS.tenant);
  return (await t.login('staff')).accessToken;
}

describe('sysOrg/list', () => {
  it('gives the tenant admin the whole tree, ordered, with levels', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const tree = res.json().result as Node[];
    expect(tree.map((n) => n.id)).toEqual([ROOT]);
    expect(find(tree, FRONTEND)?.level).toBe(3);
    expect(ids(tree)).toHaveLength(6);
  });

  it('is served as sysOrg/tree too (Admin.NET’s name), with the same filters', async () => {
    const tree = await t.call('GET', '/api/sysOrg/tree?name=%E5%89%8D%E7%AB%AF', admin);
    expect(tree.statusCode, tree.body).toBe(200);
    expect(tree.json().result).toEqual((await list(admin, '?Name=%E5%89%8D%E7%AB%AF')).json().result);
    expect(ids(tree.json().result as Node[])).toEqual([FRONTEND]);
  });

  it('filters by name', async () => {
    const tree = (await list(admin, '?Name=%E5%89%8D%E7%AB%AF')).json().result as Node[]; // 前端
    expect(ids(tree)).toEqual([FRONTEND]);
  });

  it.each([
    [DataScope.DeptChild, [], [DEV, FRONTEND]],
    [DataScope.Dept, [], [DEV]],
    [DataScope.Self, [], [DEV]],
    [DataScope.Define, [SALES], [DEV, SALES]],
    [DataScope.All, [], [ROOT, SALES, DEV, FRONTEND, '1300000000205', '1300000000206']],
  ])('data scope %i shows exactly the right organisations', async (scope, orgs, expected) => {
    const staff = await staffRole(scope, orgs);
    const tree = (await list(staff)).json().result as Node[];
    expect(ids(tree).sort()).toEqual([...expected].sort());
  });
});

describe('sysOrg writes', () => {
  it('adds under a parent with the next level, refuses a duplicate code, and moves a branch', async () => {
    const add = await t.call('POST', '/api/sysOrg/add', admin, { pid: DEV, name: '后端组', code: 'be-1' });
    expect(add.statusCode).toBe(200);
    const backend = add.json().result as string;
    const child = (
      await t.call('POST', '/api/sysOrg/add', admin, { pid: backend, name: '数据库小组', code: 'be-db' })
    ).json().result as string;
    let tree = (await list(admin)).json().result as Node[];
    expect(find(tree, backend)?.level).toBe(3);
    expect(find(tree, child)?.level).toBe(4);

    const dup = await t.call('POST', '/api/sysOrg/add', admin, { pid: DEV, name: 'x', code: 'be-1' });
    expect(dup.statusCode).toBe(409);

    // Moving the branch to the root re-levels it.
    const move = await t.call('POST', '/api/sysOrg/update', admin, {
      id: backend,
      pid: '0',
      name: '后端组',
      code: 'be-1',
    });
    expect(move.statusCode).toBe(200);
    tree = (await list(admin)).json().result as Node[];
    expect(find(tree, backend)?.level).toBe(1);
    expect(find(tree, child)?.level).toBe(2);

    // Under its own child: a cycle.
    const cycle = await t.call('POST', '/api/sysOrg/update', admin, {
      id: backend,
      pid: child,
      name: '后端组',
      code: 'be-1',
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toMatch(/下级机构|sub-organisation/);

    // Refused while it has a child; then both go.
    expect((await t.call('POST', '/api/sysOrg/delete', admin, { id: backend })).statusCode).toBe(400);
    expect((await t.call('POST', '/api/sysOrg/delete', admin, { id: child })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/sysOrg/delete', admin, { id: backend })).statusCode).toBe(200);
    expect(find((await list(admin)).json().result as Node[], backend)).toBeUndefined();
  });

  it('refuses to delete an organisation that accounts belong to', async () => {
    const res = await t.call(
      'POST',
      '/api/sysOrg/delete',
      admin,
      { id: '1300000000206' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Accounts still belong to this organisation; move them to another organisation first.',
    );
  });

  it('refuses an unknown parent and names the missing field', async () => {
    const res = await t.call('POST', '/api/sysOrg/add', admin, { pid: '999', name: 'x', code: 'x1' });
    expect(res.statusCode).toBe(400);
    const missing = await t.call('POST', '/api/sysOrg/add', admin, { pid: DEV, code: 'x2' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/name/);
  });

  it('lets a role whose field blacklist hides the code edit the rest, and refuses the code itself', async () => {
    await staffRole(DataScope.DeptChild);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysRoleTable')
        .values({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, tableName: 'sysOrg', columnName: 'code' })
        .execute(),
    );
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    const token = (await t.login('staff')).accessToken;
    const renamed = await t.call('POST', '/api/sysOrg/update', token, {
      id: FRONTEND,
      pid: DEV,
      name: '前端小组',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const row = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysOrg').select(['name', 'code']).where('id', '=', FRONTEND).executeTakeFirstOrThrow(),
    );
    expect(row.name).toBe('前端小组');
    expect(row.code).toBeTruthy();
    const withCode = await t.call('POST', '/api/sysOrg/update', token, { id: FRONTEND, pid: DEV, code: 'x' });
    expect(withCode.statusCode).toBe(403);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.deleteFrom('sysRoleTable').where('roleId', '=', STAFF_ROLE).execute(),
    );
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
  });

  it('keeps a department-scoped manager inside their branch', async () => {
    const staff = await staffRole(DataScope.DeptChild);
    const outside = await t.call('POST', '/api/sysOrg/add', staff, { pid: SALES, name: 'x', code: 'x3' });
    expect(outside.statusCode).toBe(403);
    const root = await t.call('POST', '/api/sysOrg/add', staff, { pid: '0', name: 'x', code: 'x4' });
    expect(root.statusCode).toBe(403);
    const inside = await t.call('POST', '/api/sysOrg/add', staff, {
      pid: FRONTEND,
      name: '移动端',
      code: 'x5',
    });
    expect(inside.statusCode).toBe(200);
    const moveOut = await t.call('POST', '/api/sysOrg/update', staff, {
      id: inside.json().result,
      pid: SALES,
      name: '移动端',
      code: 'x5',
    });
    expect(moveOut.statusCode).toBe(403);
    const del = await t.call('POST', '/api/sysOrg/delete', staff, { id: SALES });
    expect(del.statusCode).toBe(403);
  });

  it('never shows or touches another tenant’s organisations, even by id', async () => {
    const other = await createOtherTenant(t);
    await t.ctx.db.platform(async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', 'like', 'sysOrg:%')
        .execute();
      await trx
        .insertInto('sysTenantMenu')
        .values(buttons.map((b) => ({ tenantId: other.tenantId, menuId: b.id })))
        .execute();
    });
    const otherAdmin = (await t.login('admin', other.password, other.tenantId)).accessToken;
    const theirs = (await list(otherAdmin)).json().result as Node[];
    expect(ids(theirs)).not.toContain(ROOT);
    const guess = await t.call('POST', '/api/sysOrg/delete', otherAdmin, { id: FRONTEND });
    expect(guess.statusCode).toBe(404);
    const adopt = await t.call('POST', '/api/sysOrg/add', otherAdmin, { pid: DEV, name: 'x', code: 'x6' });
    expect(adopt.statusCode).toBe(400);
    expect(ids((await list(admin)).json().result as Node[])).toContain(FRONTEND);
  });
});
