import { DataScope, Status } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../harness.js';
import { accountState, delegate, reach, TARGETS, type Delegate } from './kit.js';

/**
 * Privilege escalation (issue 8, findings 1, 2 and 9): an account a tenant admin delegated every
 * tenant permission to must not become an administrator, widen its own grants, or change an
 * account of a higher kind. Each attack was reproduced against the product before it was closed.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const post = (token: string, url: string, body: unknown) => t.call('POST', url, token, body);

describe('grant routes: nobody grants what they do not hold', () => {
  let d: Delegate;
  beforeAll(async () => {
    d = await delegate(t);
  });

  it('refuses joining a role the caller does not hold (sysRole/grantUser into the admin role)', async () => {
    const before = await reach(t, d.userId, d.token);
    const res = await post(d.token, '/api/sysRole/grantUser', {
      id: TARGETS.adminRole,
      userIdList: [d.userId],
    });
    expect(res.statusCode).toBe(403);
    expect(await reach(t, d.userId, d.token)).toEqual(before);
  });

  it('refuses making an administrator a holder of a role (acting on a higher account)', async () => {
    const before = await accountState(t, TARGETS.admin);
    const res = await post(d.token, '/api/sysRole/grantUser', { id: d.roleId, userIdList: [TARGETS.admin] });
    expect(res.statusCode).toBe(403);
    expect(await accountState(t, TARGETS.admin)).toEqual(before);
  });

  it("refuses lifting its own role's API blacklist", async () => {
    const route = '/api/sysUser/delete';
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.insertInto('sysRoleApi').values({ tenantId: SEED_IDS.tenant, roleId: d.roleId, route }).execute(),
    );
    await t.ctx.sessions.touchMenus();
    const before = await reach(t, d.userId, d.token);
    const res = await post(d.token, '/api/sysRole/grantApi', { id: d.roleId, apiList: [] });
    expect(res.statusCode).toBe(403);
    expect(await reach(t, d.userId, d.token)).toEqual(before);
    // Adding to a blacklist narrows and stays allowed.
    const narrower = await post(d.token, '/api/sysRole/grantApi', {
      id: d.roleId,
      apiList: [route, '/api/sysUser/setStatus'],
    });
    expect(narrower.statusCode, narrower.body).toBe(200);
  });

  it("refuses lifting its own role's field blacklist", async () => {
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysRoleTable')
        .values({ tenantId: SEED_IDS.tenant, roleId: d.roleId, tableName: 'sysUser', columnName: 'phone' })
        .execute(),
    );
    await t.ctx.sessions.touchMenus();
    const before = await reach(t, d.userId, d.token);
    const res = await post(d.token, '/api/sysRole/grantRoleTable', { id: d.roleId, tableColumnList: [] });
    expect(res.statusCode).toBe(403);
    expect(await reach(t, d.userId, d.token)).toEqual(before);
  });

  it('refuses switching on a disabled role it holds', async () => {
    const second = await delegate(t, { dataScope: DataScope.Self });
    await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
      await trx.updateTable('sysRole').set({ status: Status.Disable }).where('id', '=', d.roleId).execute();
      await trx
        .insertInto('sysUserRole')
        .values({ tenantId: SEED_IDS.tenant, userId: second.userId, roleId: d.roleId })
        .execute();
    });
    await t.ctx.sessions.touchMenus();
    const before = await reach(t, second.userId, second.token);
    const res = await post(second.token, '/api/sysRole/setStatus', { id: d.roleId, status: Status.Enable });
    expect(res.statusCode).toBe(403);
    expect(await reach(t, second.userId, second.token)).toEqual(before);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysRole').set({ status: Status.Enable }).where('id', '=', d.roleId).execute(),
    );
    await t.ctx.sessions.touchMenus();
  });

  it('refuses creating a role wider than its own data scope (sysRole/add with dataScope all)', async () => {
    const narrow = await delegate(t, { dataScope: DataScope.DeptChild });
    const res = await post(narrow.token, '/api/sysRole/add', {
      name: 'Everything',
      code: 'everything_role',
      dataScope: DataScope.All,
    });
    expect(res.statusCode).toBe(403);
    const allowed = await post(narrow.token, '/api/sysRole/add', {
      name: 'Personal',
      code: 'personal_role',
      dataScope: DataScope.Self,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('account routes: nobody changes an account of a higher kind', () => {
  let d: Delegate;
  beforeAll(async () => {
    d = await delegate(t);
  });

  const adminDetail = async () =>
    (await t.call('GET', `/api/sysUser/detail?id=${TARGETS.admin}`, admin)).json().result as Record<
      string,
      unknown
    >;

  it("refuses changing a system administrator's phone (sysUser/update), the takeover by SMS", async () => {
    const detail = await adminDetail();
    const before = await accountState(t, TARGETS.admin);
    const res = await post(d.token, '/api/sysUser/update', {
      id: TARGETS.admin,
      account: detail.account,
      realName: detail.realName,
      orgId: detail.orgId,
      phone: '13912345678',
    });
    expect(res.statusCode).toBe(403);
    expect(await accountState(t, TARGETS.admin)).toEqual(before);
  });

  it.each([
    ['/api/sysUser/setStatus', { id: TARGETS.admin, status: Status.Disable }],
    ['/api/sysUser/grantRole', { userId: TARGETS.admin, roleIdList: [] }],
    ['/api/sysUser/delete', { id: TARGETS.admin }],
    ['/api/sysUser/resetPwd', { id: TARGETS.admin }],
    ['/api/sysUser/unlockLogin', { id: TARGETS.admin }],
    ['/api/sysUser/setStatus', { id: TARGETS.superAdmin, status: Status.Disable }],
    ['/api/sysUser/unlockLogin', { id: TARGETS.superAdmin }],
  ])('refuses %s on an administrator', async (url, body) => {
    const target = (body as { id?: string; userId?: string }).id ?? (body as { userId: string }).userId;
    const before = await accountState(t, target);
    const res = await post(d.token, url, body);
    expect(res.statusCode, res.body).toBe(403);
    expect(await accountState(t, target)).toEqual(before);
  });

  it('refuses a tenant admin changing the super admin or another system admin', async () => {
    const superBefore = await accountState(t, TARGETS.superAdmin);
    for (const [url, body] of [
      ['/api/sysUser/unlockLogin', { id: TARGETS.superAdmin }],
      ['/api/sysUser/grantRole', { userId: TARGETS.superAdmin, roleIdList: [] }],
    ] as const) {
      expect((await post(admin, url, body)).statusCode).toBe(403);
    }
    expect(await accountState(t, TARGETS.superAdmin)).toEqual(superBefore);
  });

  it('refuses a tenant admin forcing the super admin offline (sysOnlineUser/forceOffline)', async () => {
    const session = await t.login('superAdmin');
    const family = (
      await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
        trx
          .selectFrom('sysTokenFamily')
          .select('id')
          .where('userId', '=', TARGETS.superAdmin)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow(),
      )
    ).id;
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysOnlineUser')
        .values({
          connectionId: 'attack-super-admin',
          tenantId: SEED_IDS.tenant,
          homeTenantId: SEED_IDS.tenant,
          userId: TARGETS.superAdmin,
          tokenFamily: family,
          account: 'superAdmin',
          realName: null,
          ip: null,
          browser: null,
          os: null,
          serverId: 'test',
        })
        .execute(),
    );
    const res = await post(admin, '/api/sysOnlineUser/forceOffline', { connectionId: 'attack-super-admin' });
    expect(res.statusCode).toBe(403);
    expect((await t.call('GET', '/api/sysAuth/userInfo', session.accessToken)).statusCode).toBe(200);
  });

  it("refuses resetting one's own password without the current one (sysUser/resetPwd on oneself)", async () => {
    const res = await post(admin, '/api/sysUser/resetPwd', { id: TARGETS.admin });
    expect(res.statusCode).toBe(403);
  });

  it('still lets a delegate manage ordinary accounts in its scope', async () => {
    const res = await post(d.token, '/api/sysUser/setStatus', { id: SEED_IDS.member, status: Status.Enable });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('takeover of a same-kind account that reaches further (outsider attack, finding 1)', () => {
  let helpdesk: Delegate;
  let manager: Delegate;
  beforeAll(async () => {
    // A normal account holding every tenant permission: the help desk must not become it.
    manager = await delegate(t);
    // A help desk holding only account reading, update and password reset, with data scope "all".
    helpdesk = await delegate(t, {
      permissions: (code) =>
        ['sysUser:page', 'sysUser:detail', 'sysUser:update', 'sysUser:resetPwd'].includes(code),
    });
  });

  it('refuses resetting the password of a normal account with more permissions', async () => {
    const before = await accountState(t, manager.userId);
    const res = await post(helpdesk.token, '/api/sysUser/resetPwd', { id: manager.userId });
    expect(res.statusCode, res.body).toBe(403);
    expect(await accountState(t, manager.userId)).toEqual(before);
  });

  it('refuses giving it a new phone (SMS sign-in) or a new account name, but lets other fields change', async () => {
    const detail = (await t.call('GET', `/api/sysUser/detail?id=${manager.userId}`, admin)).json().result;
    const base = {
      id: manager.userId,
      account: detail.account,
      realName: detail.realName,
      orgId: detail.orgId,
    };
    expect(
      (await post(helpdesk.token, '/api/sysUser/update', { ...base, phone: '13622223333' })).statusCode,
    ).toBe(403);
    expect(
      (await post(helpdesk.token, '/api/sysUser/update', { ...base, account: 'staff2' })).statusCode,
    ).toBe(403);
    const remark = await post(helpdesk.token, '/api/sysUser/update', {
      ...base,
      remark: 'called the help desk',
    });
    expect(remark.statusCode, remark.body).toBe(200);
  });

  it('still resets the password of an account that reaches no further than the help desk', async () => {
    const weaker = await delegate(t, {
      permissions: (code) => code === 'sysUser:page',
      dataScope: DataScope.Self,
    });
    const res = await post(helpdesk.token, '/api/sysUser/resetPwd', { id: weaker.userId });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('shedding the restrictions of a role one holds (outsider attack, finding 5)', () => {
  it('refuses leaving a restricting role, switching it off, or widening its scope to one’s own organisation', async () => {
    const holder = await delegate(t, { dataScope: DataScope.Self });
    const route = '/api/sysUser/resetPwd';
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysRoleApi')
        .values({ tenantId: SEED_IDS.tenant, roleId: holder.roleId, route })
        .execute(),
    );
    await t.ctx.sessions.touchMenus();
    const before = await reach(t, holder.userId, holder.token);
    expect(
      (await post(holder.token, '/api/sysRole/grantUser', { id: holder.roleId, userIdList: [] })).statusCode,
    ).toBe(403);
    expect(
      (await post(holder.token, '/api/sysRole/setStatus', { id: holder.roleId, status: Status.Disable }))
        .statusCode,
    ).toBe(403);
    const widen = await post(holder.token, '/api/sysRole/grantDataScope', {
      id: holder.roleId,
      dataScope: DataScope.Define,
      orgIdList: [TARGETS.dev],
    });
    expect(widen.statusCode).toBe(403);
    expect(await reach(t, holder.userId, holder.token)).toEqual(before);
  });
});
