import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';

/**
 * The permission gate: a normal account holds the buttons of its roles' menus (that its tenant
 * also holds), minus its roles' API blacklist; grants take effect on the next request.
 */
const SELF_ROLE = '1300000000404'; // member's role: "personal only"

describe('permission gate', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.login('member')).accessToken;
  });
  afterAll(async () => t?.close());

  const dictMenuIds = () =>
    t.ctx.db.global
      .selectFrom('sysMenu')
      .select(['id', 'permission'])
      .where((eb) => eb.or([eb('key', '=', 'menu:sysDict'), eb('permission', 'like', 'sysDictType:%')]))
      .execute();

  const grant = async (rows: { tenantId: string; roleId: string; menuId: string }[]) => {
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) => trx.insertInto('sysRoleMenu').values(rows).execute());
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
  };

  it('refuses a button the roles do not hold', async () => {
    const res = await t.call('POST', '/api/sysDictType/page', token, {}, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('sysDictType:page');
  });

  it('allows it on the next request after the role is granted the menu', async () => {
    const menus = await dictMenuIds();
    await grant(menus.map((m) => ({ tenantId: SEED_IDS.tenant, roleId: SELF_ROLE, menuId: m.id })));
    expect((await t.call('POST', '/api/sysDictType/page', token, {})).statusCode).toBe(200);
    const info = (await t.call('GET', '/api/sysAuth/userInfo', token)).json().result;
    expect(info.apis).toContain('sysDictType:page');
    expect(info.apis).not.toContain('sysDictData:page');
  });

  it('refuses a route on the role API blacklist with 403', async () => {
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysRoleApi')
        .values({ tenantId: SEED_IDS.tenant, roleId: SELF_ROLE, route: '/api/sysDictType/page' })
        .execute(),
    );
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    const res = await t.call('POST', '/api/sysDictType/page', token, {}, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Access denied: this API is blocked for your roles.');
    expect((await t.call('GET', '/api/sysDictType/list', token)).statusCode).toBe(200);
  });

  it('does not grant a role menu the tenant does not hold', async () => {
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .deleteFrom('sysTenantMenu')
        .where(
          'menuId',
          'in',
          t.ctx.db.global.selectFrom('sysMenu').select('id').where('permission', '=', 'sysDictType:list'),
        )
        .execute(),
    );
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    expect((await t.call('GET', '/api/sysDictType/list', token)).statusCode).toBe(403);
  });

  it('drops the grants of a disabled role', async () => {
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysRole').set({ status: 2 }).where('id', '=', SELF_ROLE).execute(),
    );
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    expect((await t.call('GET', '/api/sysDictType/detail?Id=1', token)).statusCode).toBe(403);
  });

  it('gives the system admin every tenant button but no platform module', async () => {
    const admin = (await t.login('admin')).accessToken;
    const info = (await t.call('GET', '/api/sysAuth/userInfo', admin)).json().result;
    expect(info.apis).toContain('sysDictData:add');
    expect(info.apis).not.toContain('sysMenu:add');
    expect((await t.call('POST', '/api/sysMenu/add', admin, {})).statusCode).toBe(403);
  });

  it('lets the super admin pass every check', async () => {
    const root = (await t.login('superAdmin')).accessToken;
    const info = (await t.call('GET', '/api/sysAuth/userInfo', root)).json().result;
    expect(info.apis).toEqual(expect.arrayContaining(['sysMenu:add', 'sysDictType:add']));
  });
});
