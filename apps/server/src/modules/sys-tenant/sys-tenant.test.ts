import { passwordPolicyIssues } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let superAdmin: string;
let admin: string;
const en = { 'accept-language': 'en' };
let seq = 0;

interface MenuNode {
  name: string | null;
  children: MenuNode[];
}

const signIn = (account: string, password: string, tenantId: string) =>
  t.call('POST', '/api/sysAuth/login', undefined, { account, password: t.encrypt(password), tenantId }, en);

/** Adds a tenant as the super admin; answers its id and what was sent. */
async function addTenant(over: Record<string, unknown> = {}) {
  seq += 1;
  const body = {
    name: `Site ${seq} ${Date.now()}`,
    adminAccount: `boss${seq}`,
    phone: `1390000${String(1000 + seq).slice(-4)}`,
    host: `site${seq}-${Date.now()}.example.test`,
    ...over,
  };
  const res = await t.call('POST', '/api/sysTenant/add', superAdmin, body, en);
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().result as string, ...body };
}

async function tenantRow(id: string) {
  const res = await t.call('POST', '/api/sysTenant/page', superAdmin, { pageSize: 500 });
  return (res.json().result.items as { id: string; userId: string; adminAccount: string }[]).find(
    (r) => r.id === id,
  );
}

async function tokenOf(tenantId: string, account: string, password = DEMO_PASSWORD) {
  const res = await signIn(account, password, tenantId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.accessToken as string;
}

async function menuNames(token: string): Promise<string[]> {
  const res = await t.call('GET', '/api/sysMenu/loginMenuTree', token);
  expect(res.statusCode, res.body).toBe(200);
  const names: string[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.name) names.push(node.name);
      walk(node.children);
    }
  };
  walk(res.json().result);
  return names;
}

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

describe('sysTenant routes: only the super admin', () => {
  const routes: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
    ['POST', '/api/sysTenant/page', {}],
    ['POST', '/api/sysTenant/add', { name: 'x', adminAccount: 'xx', phone: '13900000000' }],
    ['POST', '/api/sysTenant/update', { id: '1', name: 'x', adminAccount: 'xx', phone: '13900000000' }],
    ['POST', '/api/sysTenant/delete', { id: '1' }],
    ['POST', '/api/sysTenant/setStatus', { id: '1', status: 2 }],
    ['GET', '/api/sysTenant/grantableMenuList'],
    ['GET', `/api/sysTenant/ownMenuList?id=${SEED_IDS.tenant}`],
    ['POST', '/api/sysTenant/grantMenu', { id: '1', menuIdList: [] }],
    ['POST', '/api/sysTenant/resetPwd', { id: '1' }],
    ['POST', '/api/sysTenant/userList', { id: SEED_IDS.tenant }],
  ];

  it.each(routes)(
    '%s %s: anonymous 401, tenant admin 403, super admin allowed',
    async (method, url, body) => {
      expect((await t.call(method, url, undefined, body)).statusCode).toBe(401);
      const forbidden = await t.call(method, url, admin, body, en);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toContain('sysTenant:');
      const allowed = await t.call(method, url, superAdmin, body);
      // Unknown ids answer 404: the gate let the super admin through.
      expect([200, 404], allowed.body).toContain(allowed.statusCode);
    },
  );

  it('answers the super admin the page and the grantable menus', async () => {
    const page = await t.call('POST', '/api/sysTenant/page', superAdmin, { name: '默认' });
    expect(page.statusCode).toBe(200);
    expect(page.json().result.items).toEqual([
      expect.objectContaining({ id: SEED_IDS.tenant, adminAccount: 'admin', tenantType: 0 }),
    ]);
    const menus = (await t.call('GET', '/api/sysTenant/grantableMenuList', superAdmin)).json().result;
    expect(menus.length).toBeGreaterThan(10);
    // Platform menus (tenants, menus) are never granted to a tenant.
    expect(menus.every((m: { scope: string }) => m.scope === 'tenant')).toBe(true);
    expect(menus.some((m: { name: string }) => m.name === 'sysTenant')).toBe(false);
  });
});

describe('POST /api/sysTenant/add', () => {
  it('creates a tenant whose admin signs in with the default password and sees the tenant menus', async () => {
    const tenant = await addTenant();
    const row = await tenantRow(tenant.id);
    expect(row).toMatchObject({ adminAccount: tenant.adminAccount, userId: expect.any(String) });

    const token = await tokenOf(tenant.id, tenant.adminAccount);
    const info = (await t.call('GET', '/api/sysAuth/userInfo', token)).json().result;
    expect(info).toMatchObject({ tenantId: tenant.id, account: tenant.adminAccount, accountType: 888 });
    const names = await menuNames(token);
    expect(names).toEqual(expect.arrayContaining(['sysRole', 'sysOrg', 'sysPos']));
    expect(names).not.toContain('sysTenant');
    expect(names).not.toContain('sysMenu');

    // Root organisation, the five default roles, dictionaries and configuration, as the seed gives.
    const orgs = (await t.call('GET', '/api/sysOrg/list', token)).json().result;
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ name: tenant.name, pid: '0' });
    const roles = (await t.call('POST', '/api/sysRole/page', token, { pageSize: 50 })).json().result;
    expect(roles.items.map((r: { code: string }) => r.code).sort()).toEqual(
      ['sys_admin', 'sys_deptChild', 'sys_dept', 'sys_self', 'sys_define'].sort(),
    );
    const password = await t.ctx.db.tenant(tenant.id, (trx) =>
      trx.selectFrom('sysConfig').select('value').where('code', '=', 'sys_password').executeTakeFirst(),
    );
    expect(password?.value).toBe(DEMO_PASSWORD);
  });

  it('refuses a bad own-database connection with a reason, and database settings on a shared tenant', async () => {
    const own = await t.call(
      'POST',
      '/api/sysTenant/add',
      superAdmin,
      {
        name: 'Own db',
        adminAccount: 'owner',
        phone: '13911112222',
        tenantType: 1,
        connection: 'Host=db;Password=x',
      },
      en,
    );
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/must be a PostgreSQL URL/);
    const conn = await t.call(
      'POST',
      '/api/sysTenant/add',
      superAdmin,
      { name: 'Conn', adminAccount: 'owner', phone: '13911112222', connection: 'Host=db;Password=x' },
      en,
    );
    expect(conn.statusCode).toBe(400);
    expect(conn.json().message).toMatch(/connection settings apply only/i);
    const names = (await t.call('POST', '/api/sysTenant/page', superAdmin, { pageSize: 500 })).json().result;
    expect(names.items.some((r: { name: string }) => r.name === 'Own db' || r.name === 'Conn')).toBe(false);
  });

  it('validates the input with localized messages naming the problem', async () => {
    const missing = await t.call('POST', '/api/sysTenant/add', superAdmin, { name: 'No admin' }, en);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('adminAccount');
    const phone = await t.call(
      'POST',
      '/api/sysTenant/add',
      superAdmin,
      { name: 'Bad phone', adminAccount: 'boss', phone: '12345' },
      en,
    );
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toContain('phone');
    const account = await t.call(
      'POST',
      '/api/sysTenant/add',
      superAdmin,
      { name: 'Bad account', adminAccount: 'b o s s', phone: '13911112222' },
      en,
    );
    expect(account.statusCode).toBe(400);
    expect(account.json().message).toContain('adminAccount');

    const first = await addTenant();
    const sameName = await t.call(
      'POST',
      '/api/sysTenant/add',
      superAdmin,
      { name: first.name.toUpperCase(), adminAccount: 'boss', phone: '13911112222' },
      en,
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toContain(first.name.toUpperCase());
    const sameHost = await t.call(
      'POST',
      '/api/sysTenant/add',
      superAdmin,
      { name: 'Other name', adminAccount: 'boss', phone: '13911112222', host: first.host },
      en,
    );
    expect(sameHost.statusCode).toBe(409);
    expect(sameHost.json().message).toContain(first.host);
  });
});

describe('tenant isolation', () => {
  it('never shows one tenant the accounts, organisations or roles of another, even by id', async () => {
    const a = await addTenant();
    const b = await addTenant();
    const aToken = await tokenOf(a.id, a.adminAccount);
    const bRow = (await tenantRow(b.id))!;
    const bRoles = await t.ctx.db.tenant(b.id, (trx) => trx.selectFrom('sysRole').select('id').execute());
    const bOrgs = await t.ctx.db.tenant(b.id, (trx) => trx.selectFrom('sysOrg').select('id').execute());

    // The other tenant's admin account by id: not found, both ways and for the seed tenant.
    expect((await t.call('GET', `/api/sysUser/detail?id=${bRow.userId}`, aToken)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/sysUser/detail?id=${SEED_IDS.staff}`, aToken)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/sysUser/detail?id=${bRow.userId}`, admin)).statusCode).toBe(404);
    const users = (await t.call('POST', '/api/sysUser/page', aToken, { pageSize: 500 })).json().result;
    expect(users.items.map((u: { account: string }) => u.account)).toEqual([a.adminAccount]);

    const orgs = (await t.call('GET', '/api/sysOrg/list', aToken)).json().result as { id: string }[];
    expect(orgs.some((o) => bOrgs.some((x) => x.id === o.id))).toBe(false);
    const roles = (await t.call('POST', '/api/sysRole/page', aToken, { pageSize: 50 })).json().result;
    expect(roles.items.some((r: { id: string }) => bRoles.some((x) => x.id === r.id))).toBe(false);
    expect((await t.call('GET', `/api/sysRole/ownMenuList?Id=${bRoles[0]!.id}`, aToken)).statusCode).toBe(
      404,
    );
    const rename = await t.call('POST', '/api/sysOrg/update', aToken, {
      id: bOrgs[0]!.id,
      pid: '0',
      name: 'Taken over',
      code: 'x1',
    });
    expect(rename.statusCode).toBe(404);

    // The super admin's userList is per tenant.
    const listed = await t.call('POST', '/api/sysTenant/userList', superAdmin, { id: b.id });
    expect(listed.json().result.items.map((u: { account: string }) => u.account)).toEqual([b.adminAccount]);
  });
});

describe('POST /api/sysTenant/grantMenu and GET ownMenuList', () => {
  it('limits the tenant admin to the granted menus, and a removal reaches the tenant roles', async () => {
    const tenant = await addTenant();
    const token = await tokenOf(tenant.id, tenant.adminAccount);
    expect(await menuNames(token)).toContain('sysRole');

    const menus = (await t.call('GET', '/api/sysTenant/grantableMenuList', superAdmin)).json().result as {
      id: string;
      pid: string;
      name: string | null;
    }[];
    const pos = menus.find((m) => m.name === 'sysPos')!;
    const role = menus.find((m) => m.name === 'sysRole')!;
    const keep = menus
      .filter((m) => m.id === pos.id || m.pid === pos.id || m.id === pos.pid)
      .map((m) => m.id);
    const res = await t.call('POST', '/api/sysTenant/grantMenu', superAdmin, {
      id: tenant.id,
      menuIdList: keep,
    });
    expect(res.statusCode, res.body).toBe(200);

    const own = (await t.call('GET', `/api/sysTenant/ownMenuList?id=${tenant.id}`, superAdmin)).json().result;
    expect([...own].sort()).toEqual([...keep].sort());
    // The same token sees the change on its next request.
    const names = await menuNames(token);
    expect(names).toContain('sysPos');
    expect(names).not.toContain('sysRole');
    expect(names).not.toContain('sysOrg');
    const roleGrants = await t.ctx.db.tenant(tenant.id, (trx) =>
      trx.selectFrom('sysRoleMenu').select('menuId').where('menuId', '=', role.id).execute(),
    );
    expect(roleGrants).toEqual([]);
    expect((await t.call('POST', '/api/sysRole/page', token, {})).statusCode).toBe(403);
  });

  it('refuses platform menus and unknown menus', async () => {
    const tenant = await addTenant();
    const platform = await t.ctx.db.global
      .selectFrom('sysMenu')
      .select('id')
      .where('key', '=', 'menu:sysTenant')
      .executeTakeFirstOrThrow();
    const res = await t.call(
      'POST',
      '/api/sysTenant/grantMenu',
      superAdmin,
      { id: tenant.id, menuIdList: [platform.id] },
      en,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Platform menus/);
    const unknown = await t.call(
      'POST',
      '/api/sysTenant/grantMenu',
      superAdmin,
      { id: tenant.id, menuIdList: ['999999999'] },
      en,
    );
    expect(unknown.statusCode).toBe(400);
    const own = (await t.call('GET', `/api/sysTenant/ownMenuList?id=${tenant.id}`, superAdmin)).json().result;
    expect(own).not.toContain(platform.id);
    expect(own.length).toBeGreaterThan(10);
  });
});

describe('POST /api/sysTenant/setStatus', () => {
  it('signs a disabled tenant out at once and refuses its sign-in until enabled again', async () => {
    const tenant = await addTenant();
    const session = await signIn(tenant.adminAccount, DEMO_PASSWORD, tenant.id);
    const { accessToken, refreshToken } = session.json().result;
    expect((await t.call('GET', '/api/sysAuth/userInfo', accessToken)).statusCode).toBe(200);

    const off = await t.call('POST', '/api/sysTenant/setStatus', superAdmin, { id: tenant.id, status: 2 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.call('GET', '/api/sysAuth/userInfo', accessToken)).statusCode).toBe(401);
    const refreshed = await t.call('GET', '/api/sysAuth/userInfo', undefined, undefined, {
      authorization: 'Bearer expired.token.value',
      'x-authorization': `Bearer ${refreshToken}`,
    });
    expect(refreshed.statusCode).toBe(401);
    const families = await t.ctx.db.tenant(tenant.id, (trx) =>
      trx.selectFrom('sysTokenFamily').select(['revokedAt', 'revokeReason']).execute(),
    );
    expect(families.length).toBeGreaterThan(0);
    expect(families.every((f) => f.revokedAt !== null && f.revokeReason === 'tenantDisabled')).toBe(true);

    const refused = await signIn(tenant.adminAccount, DEMO_PASSWORD, tenant.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This tenant does not exist or is disabled.');

    await t.call('POST', '/api/sysTenant/setStatus', superAdmin, { id: tenant.id, status: 1 });
    expect((await signIn(tenant.adminAccount, DEMO_PASSWORD, tenant.id)).statusCode).toBe(200);
  });

  it('refuses to disable or delete the default tenant', async () => {
    const off = await t.call(
      'POST',
      '/api/sysTenant/setStatus',
      superAdmin,
      { id: SEED_IDS.tenant, status: 2 },
      en,
    );
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toMatch(/default \(platform\) tenant/);
    const del = await t.call('POST', '/api/sysTenant/delete', superAdmin, { id: SEED_IDS.tenant }, en);
    expect(del.statusCode).toBe(400);
    expect((await t.call('GET', '/api/sysAuth/userInfo', admin)).statusCode).toBe(200);
  });
});

describe('POST /api/sysTenant/resetPwd', () => {
  it('answers a policy-compliant password that signs in, lifts the lockout and ends the old sessions', async () => {
    const tenant = await addTenant();
    const old = await tokenOf(tenant.id, tenant.adminAccount);
    for (let i = 0; i < 5; i++) await signIn(tenant.adminAccount, 'Wrong#Pass1', tenant.id);
    const locked = await signIn(tenant.adminAccount, DEMO_PASSWORD, tenant.id);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/account is locked/);

    const res = await t.call('POST', '/api/sysTenant/resetPwd', superAdmin, { id: tenant.id });
    expect(res.statusCode, res.body).toBe(200);
    const password = res.json().result as string;
    expect(password.length).toBeGreaterThanOrEqual(6);
    expect(passwordPolicyIssues(password)).toEqual([]);

    expect((await t.call('GET', '/api/sysAuth/userInfo', old)).statusCode).toBe(401);
    expect((await signIn(tenant.adminAccount, DEMO_PASSWORD, tenant.id)).statusCode).toBe(400);
    expect((await signIn(tenant.adminAccount, password, tenant.id)).statusCode).toBe(200);
    const again = (await t.call('POST', '/api/sysTenant/resetPwd', superAdmin, { id: tenant.id })).json()
      .result;
    expect(again).not.toBe(password);
  });
});

describe('POST /api/sysTenant/update and delete', () => {
  it('updates the tenant and renames its admin account', async () => {
    const tenant = await addTenant();
    const res = await t.call('POST', '/api/sysTenant/update', superAdmin, {
      id: tenant.id,
      name: `${tenant.name} renamed`,
      adminAccount: 'chief',
      phone: '13988887777',
      host: tenant.host,
      title: 'Renamed site',
      enableReg: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await tenantRow(tenant.id);
    expect(row).toMatchObject({
      name: `${tenant.name} renamed`,
      adminAccount: 'chief',
      phone: '13988887777',
    });
    expect((await t.call('GET', `/api/sysTenant/sysInfo/${tenant.id}`)).json().result.title).toBe(
      'Renamed site',
    );
    expect((await signIn('chief', DEMO_PASSWORD, tenant.id)).statusCode).toBe(200);

    const other = await addTenant();
    const clash = await t.call(
      'POST',
      '/api/sysTenant/update',
      superAdmin,
      { id: tenant.id, name: other.name, adminAccount: 'chief', phone: '13988887777' },
      en,
    );
    expect(clash.statusCode).toBe(409);
  });

  it('marks a tenant deleted: hidden, signed out and refused, its data kept', async () => {
    const tenant = await addTenant();
    const token = await tokenOf(tenant.id, tenant.adminAccount);
    const res = await t.call('POST', '/api/sysTenant/delete', superAdmin, { id: tenant.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tenantRow(tenant.id)).toBeUndefined();
    expect((await t.call('GET', '/api/sysAuth/userInfo', token)).statusCode).toBe(401);
    expect((await signIn(tenant.adminAccount, DEMO_PASSWORD, tenant.id)).statusCode).toBe(400);
    expect((await t.call('GET', `/api/sysTenant/sysInfo/${tenant.id}`)).statusCode).toBe(404);
    const kept = await t.ctx.db.tenant(tenant.id, (trx) =>
      trx.selectFrom('sysUser').select('account').execute(),
    );
    expect(kept.map((u) => u.account)).toEqual([tenant.adminAccount]);
    // A second delete, or any change, finds no tenant; its name may be used again.
    expect((await t.call('POST', '/api/sysTenant/delete', superAdmin, { id: tenant.id })).statusCode).toBe(
      404,
    );
    expect((await t.call('POST', '/api/sysTenant/resetPwd', superAdmin, { id: tenant.id })).statusCode).toBe(
      404,
    );
    await addTenant({ name: tenant.name, host: null });
  });
});
