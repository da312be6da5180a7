import { ACCESS_TOKEN_HEADER } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';

/**
 * Tenant administration as Admin.NET's clients call it (issue 9, bug 8): the parameter names
 * Admin.NET sends (`ownMenuList?UserId=`, `resetPwd {userId}`, `userList {tenantId}`), its other
 * names (`tenantMenuList`, `list`) and the operations it has besides (`syncGrantMenu`,
 * `changeTenant`, `goTenant`).
 */
let t: TestApp;
let superAdmin: string;
let admin: string;
const en = { 'accept-language': 'en' };
let tenant: { id: string; adminId: string; adminAccount: string };

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
  const added = await t.call(
    'POST',
    '/api/sysTenant/add',
    superAdmin,
    { name: 'Admin.NET client site', adminAccount: 'netboss', phone: '13900007777' },
    en,
  );
  expect(added.statusCode, added.body).toBe(200);
  const id = added.json().result as string;
  const page = await t.call('POST', '/api/sysTenant/page', superAdmin, { pageSize: 500 });
  const row = (page.json().result.items as { id: string; userId: string }[]).find((r) => r.id === id)!;
  tenant = { id, adminId: row.userId, adminAccount: 'netboss' };
});
afterAll(async () => t?.close());

describe('bug 8: the tenant named as Admin.NET names it', () => {
  it('answers ownMenuList?UserId=<its administrator> like ownMenuList?id=<the tenant>', async () => {
    const byId = await t.call('GET', `/api/sysTenant/ownMenuList?id=${tenant.id}`, superAdmin);
    expect(byId.statusCode, byId.body).toBe(200);
    expect((byId.json().result as string[]).length).toBeGreaterThan(10);
    for (const query of [`UserId=${tenant.adminId}`, `userId=${tenant.adminId}`]) {
      const res = await t.call('GET', `/api/sysTenant/ownMenuList?${query}`, superAdmin, undefined, en);
      expect([query, res.statusCode]).toEqual([query, 200]);
      expect(res.json().result).toEqual(byId.json().result);
    }
    // Admin.NET's later name takes the tenant id.
    const later = await t.call('GET', `/api/sysTenant/tenantMenuList?Id=${tenant.id}`, superAdmin);
    expect(later.json().result).toEqual(byId.json().result);
  });

  it('says which name is missing, and 404 for an account that runs no tenant', async () => {
    const none = await t.call('GET', '/api/sysTenant/ownMenuList', superAdmin, undefined, en);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('id or userId is required.');
    const staff = await t.call(
      'GET',
      `/api/sysTenant/ownMenuList?UserId=${SEED_IDS.staff}`,
      superAdmin,
      undefined,
      en,
    );
    expect(staff.statusCode).toBe(404);
    expect(
      (await t.call('GET', `/api/sysTenant/ownMenuList?UserId=${tenant.adminId}`, admin)).statusCode,
    ).toBe(403);
  });

  it('resets the administrator password by {userId} and lists accounts by {tenantId}', async () => {
    const reset = await t.call('POST', '/api/sysTenant/resetPwd', superAdmin, { userId: tenant.adminId });
    expect(reset.statusCode, reset.body).toBe(200);
    const password = reset.json().result as string;
    await t.login(tenant.adminAccount, password, tenant.id);
    const users = await t.call('POST', '/api/sysTenant/userList', superAdmin, { TenantId: tenant.id });
    expect(users.statusCode, users.body).toBe(200);
    expect((users.json().result.items as { account: string }[]).map((u) => u.account)).toEqual([
      tenant.adminAccount,
    ]);
    const neither = await t.call('POST', '/api/sysTenant/userList', superAdmin, { page: 1 }, en);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('id or tenantId is required.');
  });

  it('lists enabled tenants to anyone for the sign-in page, none while the platform hides the choice', async () => {
    const list = async () => {
      const res = await t.call('GET', '/api/sysTenant/list');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result as { label: string; host: string | null; value: string }[];
    };
    // sys_hide_tenant_login is on as seeded.
    expect(await list()).toEqual([]);
    const hide = (value: string) =>
      t.call('POST', '/api/sysConfig/batchUpdate', superAdmin, [{ code: 'sys_hide_tenant_login', value }]);
    expect((await hide('False')).statusCode).toBe(200);
    expect(await list()).toContainEqual({ label: 'Admin.NET client site', host: null, value: tenant.id });
    expect(await list()).toContainEqual(expect.objectContaining({ value: SEED_IDS.tenant }));
    // A disabled tenant is not offered.
    const off = await t.call('POST', '/api/sysTenant/setStatus', superAdmin, { id: tenant.id, status: 2 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await list()).map((o) => o.value)).not.toContain(tenant.id);
    await t.call('POST', '/api/sysTenant/setStatus', superAdmin, { id: tenant.id, status: 1 });
    // A tenant administrator may not change the platform's setting.
    const refused = await t.call('POST', '/api/sysConfig/batchUpdate', admin, [
      { code: 'sys_hide_tenant_login', value: 'True' },
    ]);
    expect(refused.statusCode).toBe(403);
    expect((await hide('True')).statusCode).toBe(200);
    expect(await list()).toEqual([]);
  });
});

describe('syncGrantMenu', () => {
  it('grants another tenant the menus its roles hold, and only adds', async () => {
    const before = (await t.call('GET', `/api/sysTenant/ownMenuList?id=${tenant.id}`, superAdmin)).json()
      .result as string[];
    // A grant lost behind the roles' back (e.g. a restored table): a role still holds the menu.
    const [lost] = await t.ctx.db.tenant(tenant.id, async (trx) => {
      const held = await trx
        .selectFrom('sysRoleMenu')
        .select('menuId')
        .where('tenantId', '=', tenant.id)
        .execute();
      const menuId = held[0]!.menuId;
      await trx
        .deleteFrom('sysTenantMenu')
        .where('tenantId', '=', tenant.id)
        .where('menuId', '=', menuId)
        .execute();
      return [menuId];
    });
    const res = await t.call('POST', '/api/sysTenant/syncGrantMenu', superAdmin, { id: tenant.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe(1);
    const after = (await t.call('GET', `/api/sysTenant/ownMenuList?id=${tenant.id}`, superAdmin)).json()
      .result as string[];
    expect(after.sort()).toEqual(before.sort());
    expect(after).toContain(lost);
    const again = await t.call('POST', '/api/sysTenant/syncGrantMenu', superAdmin, { id: tenant.id });
    expect(again.json().result).toBe(0);
  });

  it('grants the default tenant every tenant menu again', async () => {
    const home = await t.ctx.db.global
      .selectFrom('sysMenu')
      .select('id')
      .where('key', '=', 'menu:home')
      .executeTakeFirstOrThrow();
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .deleteFrom('sysTenantMenu')
        .where('tenantId', '=', SEED_IDS.tenant)
        .where('menuId', '=', home.id)
        .execute(),
    );
    const res = await t.call('POST', '/api/sysTenant/syncGrantMenu', superAdmin, { id: SEED_IDS.tenant });
    expect(res.json().result).toBe(1);
    const own = (await t.call('GET', `/api/sysTenant/ownMenuList?id=${SEED_IDS.tenant}`, superAdmin)).json()
      .result as string[];
    expect(own).toContain(home.id);
    expect(
      (await t.call('POST', '/api/sysTenant/syncGrantMenu', admin, { id: SEED_IDS.tenant })).statusCode,
    ).toBe(403);
  });
});

describe('changeTenant and goTenant', () => {
  it('gives the super admin a session in another tenant', async () => {
    const res = await t.call('POST', '/api/sysTenant/changeTenant', superAdmin, { id: tenant.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[ACCESS_TOKEN_HEADER]).toBe(res.json().result.accessToken);
    const info = (await t.call('GET', '/api/sysAuth/userInfo', res.json().result.accessToken)).json().result;
    expect(info).toMatchObject({
      id: SEED_IDS.superAdmin,
      tenantId: SEED_IDS.tenant,
      currentTenantId: tenant.id,
    });
    // The session the call came from is untouched.
    expect((await t.call('GET', '/api/sysAuth/userInfo', superAdmin)).json().result.currentTenantId).toBe(
      SEED_IDS.tenant,
    );
  });

  it("gives the super admin a session as the tenant's administrator, recorded in the tenant", async () => {
    const res = await t.call('POST', '/api/sysTenant/goTenant', superAdmin, { id: tenant.id });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().result.accessToken as string;
    const info = (await t.call('GET', '/api/sysAuth/userInfo', token)).json().result;
    expect(info).toMatchObject({ id: tenant.adminId, account: tenant.adminAccount, tenantId: tenant.id });
    await t.ctx.audit.flush();
    const logged = await t.ctx.db.tenant(tenant.id, (trx) =>
      trx
        .selectFrom('sysLogDiff')
        .select(['account', 'changes'])
        .where('rowId', '=', tenant.adminId)
        .execute(),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({
        account: 'superAdmin',
        changes: [{ field: 'enteredBy', before: null, after: 'superAdmin' }],
      }),
    );
  });

  it('refuses a disabled tenant, an unknown one, and anyone but the super admin', async () => {
    expect((await t.call('POST', '/api/sysTenant/goTenant', admin, { id: tenant.id })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/sysTenant/changeTenant', admin, { id: tenant.id })).statusCode).toBe(
      403,
    );
    const unknown = await t.call('POST', '/api/sysTenant/goTenant', superAdmin, { id: '1399999999999' }, en);
    expect(unknown.statusCode).toBe(404);
    await t.call('POST', '/api/sysTenant/setStatus', superAdmin, { id: tenant.id, status: 2 });
    const disabled = await t.call('POST', '/api/sysTenant/goTenant', superAdmin, { id: tenant.id }, en);
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe(
      'Tenant Admin.NET client site is disabled: enable it before working in it as its administrator.',
    );
    await t.call('POST', '/api/sysTenant/setStatus', superAdmin, { id: tenant.id, status: 1 });
  });
});
