import { DataScope } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

const SELF_ROLE = '1300000000404'; // sys_self, held by the member account
const STAFF_ROLE = '1300000000402'; // sys_deptChild, held by the staff account

let t: TestApp;
let admin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  superAdmin = (await t.login('superAdmin')).accessToken;
});
afterAll(async () => t?.close());

const menuId = async (where: { key?: string; permission?: string }) =>
  t.ctx.db.platform(async (trx) => {
    let q = trx.selectFrom('sysMenu').select('id');
    if (where.key) q = q.where('key', '=', where.key);
    if (where.permission) q = q.where('permission', '=', where.permission);
    return (await q.executeTakeFirstOrThrow()).id;
  });

describe('sysRole CRUD', () => {
  it('adds, pages with holder counts, updates, copies with grants and deletes', async () => {
    const add = await t.call('POST', '/api/sysRole/add', admin, { name: '教务员', code: 'registrar' });
    expect(add.statusCode).toBe(200);
    const id = add.json().result as string;
    expect(
      (await t.call('POST', '/api/sysRole/add', admin, { name: 'x', code: 'REGISTRAR' })).statusCode,
    ).toBe(409);

    const home = await menuId({ key: 'menu:home' });
    expect(
      (await t.call('POST', '/api/sysRole/grantMenu', admin, { id, menuIdList: [home] })).statusCode,
    ).toBe(200);

    const page = (await t.call('POST', '/api/sysRole/page', admin, { code: 'registrar' })).json().result;
    expect(page.items).toEqual([
      expect.objectContaining({ id, name: '教务员', dataScope: DataScope.Self, userCount: 0 }),
    ]);
    const seeded = (await t.call('POST', '/api/sysRole/page', admin, { code: 'sys_self' })).json().result;
    expect(seeded.items[0].userCount).toBe(1);

    const update = await t.call('POST', '/api/sysRole/update', admin, {
      id,
      name: '教务主管',
      code: 'registrar',
    });
    expect(update.statusCode).toBe(200);

    const copy = await t.call('POST', '/api/sysRole/copy', admin, { id });
    expect(copy.statusCode).toBe(200);
    const copyId = copy.json().result as string;
    const copied = (await t.call('POST', '/api/sysRole/page', admin, { code: 'registrar_copy' })).json()
      .result.items[0];
    expect(copied).toMatchObject({ id: copyId, name: '教务主管 - copy' });
    expect((await t.call('GET', `/api/sysRole/ownMenuList?Id=${copyId}`, admin)).json().result).toEqual([
      home,
    ]);
    // A second copy finds the next free code.
    const again = await t.call('POST', '/api/sysRole/copy', admin, { id });
    const second = (await t.call('POST', '/api/sysRole/page', admin, { code: 'registrar_copy2' })).json()
      .result.items;
    expect(second.map((r: { id: string }) => r.id)).toEqual([again.json().result]);

    for (const roleId of [id, copyId, again.json().result]) {
      expect((await t.call('POST', '/api/sysRole/delete', admin, { id: roleId })).statusCode).toBe(200);
    }
    expect((await t.call('POST', '/api/sysRole/delete', admin, { id })).statusCode).toBe(404);
  });

  it('refuses to delete a role accounts hold, naming how many', async () => {
    const res = await t.call(
      'POST',
      '/api/sysRole/delete',
      admin,
      { id: SELF_ROLE },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
  });

  it('keeps another tenant’s roles out of reach', async () => {
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
    expect((await t.call('POST', '/api/sysRole/page', theirs, {})).json().result.total).toBe(0);
    expect((await t.call('POST', '/api/sysRole/delete', theirs, { id: SELF_ROLE })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/sysRole/ownMenuList?Id=${SELF_ROLE}`, theirs)).statusCode).toBe(404);
    const grab = await t.call('POST', '/api/sysRole/grantUser', theirs, {
      id: SELF_ROLE,
      userIdList: [SEED_IDS.member],
    });
    expect(grab.statusCode).toBe(404);
  });
});

describe('sysRole grants take effect on the next request', () => {
  it('grantMenu: the member gains a page and its buttons; core modules only by the super admin', async () => {
    const org = await menuId({ key: 'menu:sysOrg' });
    const list = await menuId({ permission: 'sysOrg:list' });
    const before = await t.login('member');
    expect((await t.call('GET', '/api/sysOrg/list', before.accessToken)).statusCode).toBe(403);

    const grant = await t.call('POST', '/api/sysRole/grantMenu', admin, {
      id: SELF_ROLE,
      menuIdList: [org, list],
    });
    expect(grant.statusCode).toBe(200);
    // The same token, no new sign-in.
    expect((await t.call('GET', '/api/sysOrg/list', before.accessToken)).statusCode).toBe(200);

    const grantable = (await t.call('GET', '/api/sysRole/grantableMenuList', admin)).json().result;
    expect(grantable.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([org, list]));
    expect(grantable.every((m: { scope: string }) => m.scope === 'tenant')).toBe(true);
    const everything = (await t.call('GET', '/api/sysRole/grantableMenuList', superAdmin)).json().result;
    expect(everything.some((m: { scope: string }) => m.scope === 'platform')).toBe(true);
    const core = await menuId({ key: 'menu:sysMenu' });
    const refused = await t.call('POST', '/api/sysRole/grantMenu', admin, {
      id: SELF_ROLE,
      menuIdList: [core],
    });
    expect(refused.statusCode).toBe(403);
    const byRoot = await t.call('POST', '/api/sysRole/grantMenu', superAdmin, {
      id: SELF_ROLE,
      menuIdList: [org, list],
    });
    expect(byRoot.statusCode).toBe(200);
  });

  it('grantDataScope: custom organisations, visible at once through ownOrgList and the org tree', async () => {
    const member = (await t.login('member')).accessToken;
    const sales = '1300000000202';
    const grant = await t.call('POST', '/api/sysRole/grantDataScope', admin, {
      id: SELF_ROLE,
      dataScope: DataScope.Define,
      orgIdList: [sales],
    });
    expect(grant.statusCode).toBe(200);
    expect((await t.call('GET', `/api/sysRole/ownOrgList?Id=${SELF_ROLE}`, admin)).json().result).toEqual([
      sales,
    ]);
    const tree = (await t.call('GET', '/api/sysOrg/list', member)).json().result;
    const names = JSON.stringify(tree);
    expect(names).toContain('市场部');
    expect(names).not.toContain('开发部');

    // Switching back to personal scope drops the custom organisations.
    await t.call('POST', '/api/sysRole/grantDataScope', admin, { id: SELF_ROLE, dataScope: DataScope.Self });
    expect((await t.call('GET', `/api/sysRole/ownOrgList?Id=${SELF_ROLE}`, admin)).json().result).toEqual([]);
    expect(JSON.stringify((await t.call('GET', '/api/sysOrg/list', member)).json().result)).not.toContain(
      '市场部',
    );
  });

  it('grantApi: a blacklisted route answers 403 to the holders; unknown and core routes are refused', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await t.call('GET', '/api/sysOrg/list', member)).statusCode).toBe(200);
    const grant = await t.call('POST', '/api/sysRole/grantApi', admin, {
      id: SELF_ROLE,
      apiList: ['/api/sysOrg/list'],
    });
    expect(grant.statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysOrg/list', member)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/sysRole/userApiList', member)).json().result).toEqual([
      '/api/sysOrg/list',
    ]);
    expect((await t.call('GET', `/api/sysRole/roleApiList?Id=${SELF_ROLE}`, admin)).json().result).toEqual([
      '/api/sysOrg/list',
    ]);
    const unknown = await t.call('POST', '/api/sysRole/grantApi', admin, {
      id: SELF_ROLE,
      apiList: ['/api/nope/x'],
    });
    expect(unknown.statusCode).toBe(400);
    const core = await t.call('POST', '/api/sysRole/grantApi', admin, {
      id: SELF_ROLE,
      apiList: ['/api/sysMenu/add'],
    });
    expect(core.statusCode).toBe(403);
    const apis = (await t.call('GET', '/api/sysRole/allApiList', admin)).json().result;
    expect(apis).toContainEqual({ url: '/api/sysOrg/list', method: 'GET', permission: 'sysOrg:list' });
    await t.call('POST', '/api/sysRole/grantApi', admin, { id: SELF_ROLE, apiList: [] });
    expect((await t.call('GET', '/api/sysOrg/list', member)).statusCode).toBe(200);
  });

  it('grantUser: holders change, and a removed holder loses the role’s pages at once', async () => {
    const staff = (await t.login('staff')).accessToken;
    expect((await t.call('GET', '/api/sysOrg/list', staff)).statusCode).toBe(403);
    const grant = await t.call('POST', '/api/sysRole/grantUser', admin, {
      id: SELF_ROLE,
      userIdList: [SEED_IDS.member, SEED_IDS.staff],
    });
    expect(grant.statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysOrg/list', staff)).statusCode).toBe(200);
    const holders = (await t.call('GET', `/api/sysRole/ownUserList?Id=${SELF_ROLE}`, admin)).json().result;
    expect(holders.map((h: { account: string }) => h.account).sort()).toEqual(['member', 'staff']);

    await t.call('POST', '/api/sysRole/grantUser', admin, { id: SELF_ROLE, userIdList: [SEED_IDS.member] });
    expect((await t.call('GET', '/api/sysOrg/list', staff)).statusCode).toBe(403);
    const ghost = await t.call('POST', '/api/sysRole/grantUser', admin, {
      id: SELF_ROLE,
      userIdList: ['42'],
    });
    expect(ghost.statusCode).toBe(400);
  });

  it('setStatus: a disabled role grants nothing', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await t.call('GET', '/api/sysOrg/list', member)).statusCode).toBe(200);
    await t.call('POST', '/api/sysRole/setStatus', admin, { id: SELF_ROLE, status: 2 });
    expect((await t.call('GET', '/api/sysOrg/list', member)).statusCode).toBe(403);
    await t.call('POST', '/api/sysRole/setStatus', admin, { id: SELF_ROLE, status: 1 });
    expect((await t.call('GET', '/api/sysOrg/list', member)).statusCode).toBe(200);
  });

  it('a narrower granter cannot widen a data scope or grant menus they lack', async () => {
    // The staff account (department and below) gets the role-management buttons.
    const buttons = await t.ctx.db.platform((trx) =>
      trx.selectFrom('sysMenu').select('id').where('permission', 'like', 'sysRole:%').execute(),
    );
    await t.call('POST', '/api/sysRole/grantMenu', admin, {
      id: STAFF_ROLE,
      menuIdList: [await menuId({ key: 'menu:sysRole' }), ...buttons.map((b) => b.id)],
    });
    const staff = (await t.login('staff')).accessToken;
    const wide = await t.call('POST', '/api/sysRole/grantDataScope', staff, {
      id: SELF_ROLE,
      dataScope: DataScope.All,
    });
    expect(wide.statusCode).toBe(403);
    const outside = await t.call('POST', '/api/sysRole/grantDataScope', staff, {
      id: SELF_ROLE,
      dataScope: DataScope.Define,
      orgIdList: ['1300000000202'],
    });
    expect(outside.statusCode).toBe(403);
    const inside = await t.call('POST', '/api/sysRole/grantDataScope', staff, {
      id: SELF_ROLE,
      dataScope: DataScope.Define,
      orgIdList: ['1300000000204'],
    });
    expect(inside.statusCode).toBe(200);
    const notHeld = await t.call('POST', '/api/sysRole/grantMenu', staff, {
      id: SELF_ROLE,
      menuIdList: [await menuId({ permission: 'sysPos:delete' })],
    });
    expect(notHeld.statusCode).toBe(403);
  });
});

describe('field blacklist (grantRoleTable)', () => {
  const DEV = '1300000000203';
  type Org = { id: string; code?: string; remark?: string | null; children: Org[] };
  const find = (nodes: Org[], id: string): Org | undefined =>
    nodes.map((n) => (n.id === id ? n : find(n.children, id))).find(Boolean);

  it('hides fields from the holders’ answers, refuses them in writes and keeps stored values', async () => {
    const buttons = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', 'in', ['sysOrg:list', 'sysOrg:update'])
        .execute(),
    );
    await t.call('POST', '/api/sysRole/grantMenu', admin, {
      id: SELF_ROLE,
      menuIdList: [await menuId({ key: 'menu:sysOrg' }), ...buttons.map((b) => b.id)],
    });
    await t.call('POST', '/api/sysRole/grantDataScope', admin, {
      id: SELF_ROLE,
      dataScope: DataScope.Define,
      orgIdList: [DEV],
    });
    await t.call('POST', '/api/sysOrg/update', admin, {
      id: DEV,
      pid: SEED_IDS.rootOrg,
      name: '开发部',
      code: '100102',
      remark: 'R&D',
    });

    const tables = (await t.call('GET', '/api/sysRole/allTableColumnList', admin)).json().result;
    expect(tables).toContainEqual({
      tableName: 'sysOrg',
      columns: expect.arrayContaining(['code', 'remark']),
    });
    const grant = await t.call('POST', '/api/sysRole/grantRoleTable', admin, {
      id: SELF_ROLE,
      tableColumnList: [{ tableName: 'sysOrg', columns: ['code', 'remark'] }],
    });
    expect(grant.statusCode).toBe(200);
    expect((await t.call('GET', `/api/sysRole/roleTable/${SELF_ROLE}`, admin)).json().result).toEqual([
      { tableName: 'sysOrg', columns: expect.arrayContaining(['code', 'remark']) },
    ]);

    const member = (await t.login('member')).accessToken;
    expect((await t.call('GET', '/api/sysRole/userRoleTableList', member)).json().result).toEqual([
      { tableName: 'sysOrg', columns: expect.arrayContaining(['code', 'remark']) },
    ]);
    const seen = find((await t.call('GET', '/api/sysOrg/list', member)).json().result, DEV)!;
    expect(seen).toBeDefined();
    expect(seen).not.toHaveProperty('code');
    expect(seen).not.toHaveProperty('remark');
    expect(find((await t.call('GET', '/api/sysOrg/list', admin)).json().result, DEV)).toMatchObject({
      code: '100102',
      remark: 'R&D',
    });

    const write = await t.call(
      'POST',
      '/api/sysOrg/update',
      member,
      { id: DEV, pid: SEED_IDS.rootOrg, name: '开发中心', code: 'hacked' },
      { 'accept-language': 'en' },
    );
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('You may not see or change the field code.');
  });

  it('refuses unknown tables and fields, and lifting the blacklist shows the fields again', async () => {
    const bad = await t.call('POST', '/api/sysRole/grantRoleTable', admin, {
      id: SELF_ROLE,
      tableColumnList: [{ tableName: 'sysOrg', columns: ['password'] }],
    });
    expect(bad.statusCode).toBe(400);
    await t.call('POST', '/api/sysRole/grantRoleTable', admin, { id: SELF_ROLE, tableColumnList: [] });
    const member = (await t.login('member')).accessToken;
    const seen = find((await t.call('GET', '/api/sysOrg/list', member)).json().result, DEV)!;
    expect(seen).toMatchObject({ code: '100102', remark: 'R&D' });
  });
});
