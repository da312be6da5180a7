import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/db/ids.js';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';

/** Bindings are made by sign-in and synchronisation; here they are written as those write them. */
async function bind(t: TestApp) {
  const providerId = newId();
  const bindingId = newId();
  const linkId = newId();
  await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    await trx
      .insertInto('sysOauthProvider')
      .values({
        id: providerId,
        tenantId: SEED_IDS.tenant,
        code: 'gitee',
        name: 'Gitee',
        authorizeUrl: 'https://gitee.example/oauth/authorize',
        tokenUrl: 'https://gitee.example/oauth/token',
        userinfoUrl: 'https://gitee.example/api/user',
        clientId: 'client',
      })
      .execute();
    await trx
      .insertInto('sysOauthBinding')
      .values({
        id: bindingId,
        tenantId: SEED_IDS.tenant,
        providerId,
        subject: 'gitee-42',
        userId: SEED_IDS.staff,
      })
      .execute();
    await trx
      .insertInto('sysUserLdap')
      .values({
        id: linkId,
        tenantId: SEED_IDS.tenant,
        userId: SEED_IDS.member,
        account: 'member',
        dn: 'uid=member,dc=school,dc=test',
      })
      .execute();
  });
  return { bindingId, linkId };
}

const STAFF_ROLE = '1300000000402'; // the seed's "department and below" role, held by staff

describe('sysWechatUser: third-party users', () => {
  let t: TestApp;
  let admin: string;
  let ids: { bindingId: string; linkId: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin')).accessToken;
    ids = await bind(t);
  });
  afterAll(() => t?.close());

  const page = async (body: object, token = admin) => t.call('POST', '/api/sysWechatUser/page', token, body);

  it('lists sign-in bindings and directory links of the tenant’s accounts, filtered', async () => {
    const all = (await page({ page: 1, pageSize: 10 })).json().result;
    expect(all.total).toBe(2);
    expect(all.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: ids.bindingId,
          userId: SEED_IDS.staff,
          account: 'staff',
          platformType: 'oauth',
          platformCode: 'gitee',
          platformName: 'Gitee',
          openId: 'gitee-42',
        }),
        expect.objectContaining({
          id: ids.linkId,
          account: 'member',
          platformType: 'ldap',
          platformName: 'LDAP',
          openId: 'uid=member,dc=school,dc=test',
        }),
      ]),
    );
    const ldap = (await page({ page: 1, pageSize: 10, platformType: 'ldap' })).json().result;
    expect(ldap.items.map((i: { id: string }) => i.id)).toEqual([ids.linkId]);
    const byAccount = (await page({ page: 1, pageSize: 10, account: 'staf' })).json().result;
    expect(byAccount.items.map((i: { id: string }) => i.id)).toEqual([ids.bindingId]);
  });

  it('shows and unbinds only identities of accounts within the caller’s data scope', async () => {
    // The staff role ("department and below", 开发部) given the page's buttons: staff's own binding
    // is in reach, the member's link (其他) is not.
    await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', 'like', 'sysWechatUser:%')
        .execute();
      await trx
        .insertInto('sysRoleMenu')
        .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId: b.id })))
        .execute();
    });
    await t.ctx.sessions.touchMenus();
    const staff = (await t.login('staff')).accessToken;
    const seen = (await page({ page: 1, pageSize: 10 }, staff)).json().result;
    expect(seen.items.map((i: { id: string }) => i.id)).toEqual([ids.bindingId]);
    const outside = await t.call('POST', '/api/sysWechatUser/delete', staff, { id: ids.linkId });
    expect(outside.statusCode).toBe(404);
  });

  it('unbinds one identity at a time and keeps the account; only with the permission', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await page({ page: 1, pageSize: 10 }, member)).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/sysWechatUser/delete', member, { id: ids.bindingId })).statusCode,
    ).toBe(403);

    expect(
      (await t.call('POST', '/api/sysWechatUser/delete', admin, { id: ids.bindingId })).json().code,
    ).toBe(200);
    expect((await t.call('POST', '/api/sysWechatUser/delete', admin, { id: ids.bindingId })).statusCode).toBe(
      404,
    );
    expect((await t.call('POST', '/api/sysWechatUser/delete', admin, { id: ids.linkId })).json().code).toBe(
      200,
    );
    expect((await page({ page: 1, pageSize: 10 })).json().result.total).toBe(0);
    const accounts = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .selectFrom('sysUser')
        .select('account')
        .where('id', 'in', [SEED_IDS.staff, SEED_IDS.member])
        .execute(),
    );
    expect(accounts).toHaveLength(2);
  });
});
