import { AccountType, DataScope } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

const DEV = '1300000000203'; // 开发部, the staff account's organisation
const FRONTEND = '1300000000204'; // 前端组, under 开发部
const SALES = '1300000000202'; // 市场部
const STAFF_ROLE = '1300000000402'; // sys_deptChild
const SELF_ROLE = '1300000000404'; // sys_self
const ADMIN_ROLE = '1300000000401'; // sys_admin

let t: TestApp;
let admin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  superAdmin = (await t.login('superAdmin')).accessToken;
});
afterAll(async () => t?.close());

type Row = { id: string; account: string; orgId: string; locked: boolean; status: number };
const page = async (token: string, body: Record<string, unknown> = {}) =>
  t.call('POST', '/api/sysUser/page', token, { pageSize: 100, ...body });
const accounts = async (token: string, body: Record<string, unknown> = {}) =>
  ((await page(token, body)).json().result.items as Row[]).map((r) => r.account).sort();

let serial = 0;
/** Adds an account through the API as the tenant admin; returns its id. */
async function addAccount(fields: Record<string, unknown> = {}, token = admin): Promise<string> {
  serial += 1;
  const res = await t.call('POST', '/api/sysUser/add', token, {
    account: `u${serial}x`,
    realName: `用户${serial}`,
    orgId: DEV,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
}

/** Gives the staff role the account buttons and a data scope; returns a fresh staff token. */
async function staffWithUserButtons(scope: number) {
  await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    const buttons = await trx
      .selectFrom('sysMenu')
      .select('id')
      .where('permission', 'like', 'sysUser:%')
      .execute();
    const ids = buttons.map((b) => b.id);
    await trx.deleteFrom('sysRoleMenu').where('roleId', '=', STAFF_ROLE).where('menuId', 'in', ids).execute();
    await trx
      .insertInto('sysRoleMenu')
      .values(ids.map((menuId) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId })))
      .execute();
    await trx.updateTable('sysRole').set({ dataScope: scope }).where('id', '=', STAFF_ROLE).execute();
  });
  await t.ctx.tenants.invalidate(SEED_IDS.tenant);
  return (await t.login('staff')).accessToken;
}

describe('sysUser administration: gate', () => {
  it('answers 401 anonymous, 403 without the permission, 400 naming a bad field', async () => {
    expect((await page('')).statusCode).toBe(401);
    const member = (await t.login('member')).accessToken;
    expect((await page(member)).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/sysUser/add', member, { account: 'x1', realName: 'x', orgId: DEV }))
        .statusCode,
    ).toBe(403);
    const bad = await t.call('POST', '/api/sysUser/add', admin, {
      account: 'a b',
      realName: 'x',
      orgId: DEV,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/account/);
    // An undeclared field is dropped, not refused (ARCHITECTURE 5), and never stored.
    const unknown = await t.call('POST', '/api/sysUser/add', admin, {
      account: 'abc',
      realName: 'x',
      orgId: DEV,
      password2: 'x',
    });
    expect(unknown.statusCode, unknown.body).toBe(200);
  });
});

describe('sysUser administration', () => {
  it('adds with the tenant default password, roles and affiliated organisations; the account signs in', async () => {
    const id = await addAccount({
      account: 'zhangsan',
      phone: '13811112222',
      posId: '1300000000307',
      roleIdList: [SELF_ROLE],
      extOrgIdList: [{ orgId: SALES, posId: '1300000000306', jobNum: 'J-7' }],
      birthday: '1990-05-06',
    });
    const detail = (await t.call('GET', `/api/sysUser/detail?id=${id}`, admin)).json().result;
    expect(detail).toMatchObject({
      account: 'zhangsan',
      phone: '13811112222',
      orgId: DEV,
      orgName: '开发部',
      accountType: AccountType.NormalUser,
      status: 1,
      roleIdList: [SELF_ROLE],
      extOrgIdList: [expect.objectContaining({ orgId: SALES, posId: '1300000000306', jobNum: 'J-7' })],
      locked: false,
    });
    expect(detail.age).toBeGreaterThan(30);
    // The seed's default password (sys_password) is the demo password.
    const session = await t.login('zhangsan', DEMO_PASSWORD);
    expect(session.accessToken).toBeTruthy();
    expect((await t.call('GET', `/api/sysUser/ownRoleList/${id}`, admin)).json().result).toEqual([SELF_ROLE]);
    expect((await t.call('GET', `/api/sysUser/ownExtOrgList/${id}`, admin)).json().result).toHaveLength(1);
  });

  it('moves list totals with every change that moves rows, also a branch moved to another organisation', async () => {
    const total = async (body: Record<string, unknown>) =>
      (await page(admin, body)).json().result.total as number;
    const inDev = await total({ orgId: DEV });
    const id = await addAccount({ orgId: FRONTEND });
    expect(await total({ orgId: DEV })).toBe(inDev + 1);
    const inFrontend = await total({ orgId: FRONTEND });
    const epochKey = `count:epoch:sysUser:${SEED_IDS.tenant}`;
    const before = await t.ctx.cache.get<string>(epochKey);
    // 前端组 moves from 开发部 to 市场部: 开发部's total loses its accounts.
    const move = async (pid: string) =>
      expect((await t.call('POST', '/api/sysOrg/update', admin, { id: FRONTEND, pid })).statusCode).toBe(200);
    await move(SALES);
    expect(await t.ctx.cache.get<string>(epochKey)).not.toBe(before);
    expect(await total({ orgId: DEV })).toBe(inDev + 1 - inFrontend);
    await move(DEV);
    expect((await t.call('POST', '/api/sysUser/delete', admin, { id })).statusCode).toBe(200);
    expect(await total({ orgId: DEV })).toBe(inDev);
  });

  it('keeps sign-in names unique: an e-mail address names one account, and no account is called like it', async () => {
    const owner = await addAccount({ account: 'mailowner', email: 'Owner@Example.com' });
    const clash = async (fields: Record<string, unknown>) =>
      t.call(
        'POST',
        '/api/sysUser/add',
        admin,
        { realName: 'x', orgId: DEV, ...fields },
        { 'accept-language': 'en' },
      );
    const sameMail = await clash({ account: 'mail2', email: 'owner@example.COM' });
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().message).toBe(
      'This e-mail address already signs in another account of this tenant.',
    );
    expect((await clash({ account: 'OWNER@example.com' })).statusCode).toBe(409);
    // An e-mail address equal to another account's name (that name being an address).
    expect((await clash({ account: 'mail3', email: 'MailOwner' })).statusCode).toBe(400); // no address
    const named = await addAccount({ account: 'named@example.com' });
    expect((await clash({ account: 'mail4', email: 'Named@example.com' })).statusCode).toBe(409);
    // Its own address stays its own on update.
    const detail = (await t.call('GET', `/api/sysUser/detail?id=${owner}`, admin)).json().result;
    const kept = await t.call('POST', '/api/sysUser/update', admin, { ...detail, id: owner, remark: 'kept' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(named).toBeTruthy();
  });

  it('keeps account and phone unique per tenant (any case), and lets another tenant reuse them', async () => {
    await addAccount({ account: 'lisi', phone: '13822223333' });
    const sameAccount = await t.call('POST', '/api/sysUser/add', admin, {
      account: 'LiSi',
      realName: 'x',
      orgId: DEV,
    });
    expect(sameAccount.statusCode).toBe(409);
    expect(sameAccount.json().message).toBeTruthy();
    const samePhone = await t.call('POST', '/api/sysUser/add', admin, {
      account: 'lisi2',
      realName: 'x',
      orgId: DEV,
      phone: '13822223333',
    });
    expect(samePhone.statusCode).toBe(409);

    const other = await createOtherTenant(t);
    // The bare tenant of the test kit holds no menus yet: grant it account administration.
    await t.ctx.db.platform(async (trx) => {
      const menus = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', 'like', 'sysUser:%')
        .execute();
      await trx
        .insertInto('sysTenantMenu')
        .values(menus.map((m) => ({ tenantId: other.tenantId, menuId: m.id })))
        .execute();
    });
    const otherAdmin = (await t.login('admin', other.password, other.tenantId)).accessToken;
    const res = await t.call('POST', '/api/sysUser/add', otherAdmin, {
      account: 'lisi',
      realName: '李四',
      orgId: other.orgId,
      phone: '13822223333',
      // The bare tenant has no default password configured: one is given.
      password: t.encrypt('Other#Pass1'),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Neither tenant sees, reads or changes the other's accounts, even by id.
    const otherId = res.json().result as string;
    expect(await accounts(otherAdmin)).toEqual(['admin', 'lisi']);
    expect((await t.call('GET', `/api/sysUser/detail?id=${otherId}`, admin)).statusCode).toBe(404);
    expect(
      (await t.call('POST', '/api/sysUser/setStatus', admin, { id: otherId, status: 2 })).statusCode,
    ).toBe(404);
    expect((await t.call('POST', '/api/sysUser/delete', otherAdmin, { id: SEED_IDS.staff })).statusCode).toBe(
      404,
    );
    // An organisation of the other tenant is unknown here.
    const foreignOrg = await t.call('POST', '/api/sysUser/add', admin, {
      account: 'wang5',
      realName: 'x',
      orgId: other.orgId,
    });
    expect(foreignOrg.statusCode).toBe(400);
  });

  it('updates the profile, organisation and roles; the account sees the change on its next request', async () => {
    const id = await addAccount({ account: 'zhao6', roleIdList: [SELF_ROLE] });
    const token = (await t.login('zhao6')).accessToken;
    const res = await t.call('POST', '/api/sysUser/update', admin, {
      id,
      account: 'zhao6',
      realName: '赵六',
      orgId: FRONTEND,
      roleIdList: [STAFF_ROLE],
      extOrgIdList: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = (await t.call('GET', '/api/sysAuth/userInfo', token)).json().result;
    expect(info).toMatchObject({ realName: '赵六', orgId: FRONTEND, roleIds: [STAFF_ROLE] });
    const diff = await t.ctx.audit
      .flush()
      .then(() =>
        t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
          trx
            .selectFrom('sysLogDiff')
            .selectAll()
            .where('rowId', '=', id)
            .where('operation', '=', 'update')
            .execute(),
        ),
      );
    expect(JSON.stringify(diff)).toContain('roleIdList');
    expect(JSON.stringify(diff)).not.toContain('$argon');
  });

  it('filters by the organisation tree (the organisation and everything below), account and status', async () => {
    await addAccount({ account: 'front1', orgId: FRONTEND });
    const underDev = await accounts(admin, { orgId: DEV });
    expect(underDev).toContain('front1');
    expect(underDev).toContain('staff');
    expect(underDev).not.toContain('member');
    expect(await accounts(admin, { orgId: FRONTEND })).toContain('front1');
    expect(await accounts(admin, { orgId: FRONTEND })).not.toContain('staff');
    expect(await accounts(admin, { account: 'FRONT' })).toEqual(['front1']);
    const sorted = (await page(admin, { field: 'account', order: 'ascending' })).json().result.items as Row[];
    expect(sorted.map((r) => r.account)).toEqual([...sorted.map((r) => r.account)].sort());
    expect((await page(admin, { field: 'password' })).statusCode).toBe(400);
  });

  it('shows exactly the data scope: department and below, department only, personal', async () => {
    await addAccount({ account: 'deep1', orgId: FRONTEND });
    await addAccount({ account: 'sales1', orgId: SALES });
    let staff = await staffWithUserButtons(DataScope.DeptChild);
    let seen = await accounts(staff);
    expect(seen).toContain('deep1');
    expect(seen).toContain('staff');
    expect(seen).not.toContain('sales1');
    expect(seen).not.toContain('admin');

    staff = await staffWithUserButtons(DataScope.Dept);
    seen = await accounts(staff);
    expect(seen).toContain('staff');
    expect(seen).not.toContain('deep1');

    staff = await staffWithUserButtons(DataScope.Self);
    expect(await accounts(staff)).toEqual(['staff']);

    // Outside the scope is not found, and accounts cannot be placed outside it.
    staff = await staffWithUserButtons(DataScope.DeptChild);
    expect((await t.call('GET', `/api/sysUser/detail?id=${SEED_IDS.member}`, staff)).statusCode).toBe(404);
    const outside = await t.call('POST', '/api/sysUser/add', staff, {
      account: 'far1',
      realName: 'x',
      orgId: SALES,
    });
    expect(outside.statusCode).toBe(403);
    const inside = await t.call('POST', '/api/sysUser/add', staff, {
      account: 'near1',
      realName: 'x',
      orgId: FRONTEND,
    });
    expect(inside.statusCode, inside.body).toBe(200);
    // A staff account grants only roles it holds.
    const near = inside.json().result as string;
    const tooMuch = await t.call('POST', '/api/sysUser/grantRole', staff, {
      userId: near,
      roleIdList: [ADMIN_ROLE],
    });
    expect(tooMuch.statusCode).toBe(403);
    const fine = await t.call('POST', '/api/sysUser/grantRole', staff, {
      userId: near,
      roleIdList: [STAFF_ROLE],
    });
    expect(fine.statusCode).toBe(200);
  });

  it('lets only the super admin create or promote system admins', async () => {
    const refused = await t.call('POST', '/api/sysUser/add', admin, {
      account: 'sysad1',
      realName: 'x',
      orgId: DEV,
      accountType: AccountType.SysAdmin,
    });
    expect(refused.statusCode).toBe(403);
    const plain = await addAccount({ account: 'promote1' });
    const promote = await t.call('POST', '/api/sysUser/update', admin, {
      id: plain,
      account: 'promote1',
      realName: 'x',
      orgId: DEV,
      accountType: AccountType.SysAdmin,
    });
    expect(promote.statusCode).toBe(403);
    await addAccount({ account: 'sysad2', accountType: AccountType.SysAdmin }, superAdmin);
    const superType = await t.call('POST', '/api/sysUser/add', superAdmin, {
      account: 'super2',
      realName: 'x',
      orgId: DEV,
      accountType: AccountType.SuperAdmin,
    });
    expect(superType.statusCode).toBe(400);
  });

  it('refuses deleting yourself, the tenant admin and the super admin; deletes others with their roles', async () => {
    expect((await t.call('POST', '/api/sysUser/delete', admin, { id: SEED_IDS.admin })).statusCode).toBe(400);
    const self = await t.call('POST', '/api/sysUser/delete', superAdmin, { id: SEED_IDS.superAdmin });
    expect(self.statusCode).toBe(400);
    const tenantAdmin = await t.call('POST', '/api/sysUser/delete', superAdmin, { id: SEED_IDS.admin });
    expect(tenantAdmin.statusCode).toBe(400);
    expect(tenantAdmin.json().message).toBeTruthy();
    const su = await t.call('POST', '/api/sysUser/delete', admin, { id: SEED_IDS.superAdmin });
    expect(su.statusCode).toBe(403);

    const id = await addAccount({ account: 'gone1', roleIdList: [SELF_ROLE] });
    const token = (await t.login('gone1')).accessToken;
    expect((await t.call('POST', '/api/sysUser/delete', admin, { id })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysAuth/userInfo', token)).statusCode).toBe(401);
    const left = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysUserRole').select('roleId').where('userId', '=', id).execute(),
    );
    expect(left).toEqual([]);
  });

  it('disabling signs the account out at once; it cannot sign in until enabled; never your own status', async () => {
    const id = await addAccount({ account: 'off1', roleIdList: [SELF_ROLE] });
    const token = (await t.login('off1')).accessToken;
    expect((await t.call('POST', '/api/sysUser/setStatus', admin, { id, status: 2 })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysAuth/userInfo', token)).statusCode).toBe(401);
    await expect(t.login('off1')).rejects.toThrow();
    expect((await t.call('POST', '/api/sysUser/setStatus', admin, { id, status: 1 })).statusCode).toBe(200);
    expect((await t.login('off1')).accessToken).toBeTruthy();
    const own = await t.call('POST', '/api/sysUser/setStatus', admin, { id: SEED_IDS.admin, status: 2 });
    expect(own.statusCode).toBe(400);
  });

  it('resets a password to the given one or the tenant default, answering it and ending sessions', async () => {
    const id = await addAccount({ account: 'reset1' });
    const token = (await t.login('reset1')).accessToken;
    const given = await t.call('POST', '/api/sysUser/resetPwd', admin, {
      id,
      password: t.encrypt('New#Pass9'),
    });
    expect(given.json().result).toBe('New#Pass9');
    expect((await t.call('GET', '/api/sysAuth/userInfo', token)).statusCode).toBe(401);
    expect((await t.login('reset1', 'New#Pass9')).accessToken).toBeTruthy();
    const weak = await t.call('POST', '/api/sysUser/resetPwd', admin, { id, password: t.encrypt('weak') });
    expect(weak.statusCode).toBe(400);
    const byDefault = await t.call('POST', '/api/sysUser/resetPwd', admin, { id });
    expect(byDefault.json().result).toBe(DEMO_PASSWORD);
    expect((await t.login('reset1')).accessToken).toBeTruthy();
  });

  it('shows a locked account and unlocks it', async () => {
    const id = await addAccount({ account: 'lock1' });
    for (let i = 0; i < 5; i += 1) await t.login('lock1', 'Wrong#Pass1').catch(() => undefined);
    await expect(t.login('lock1')).rejects.toThrow();
    const row = ((await page(admin, { account: 'lock1' })).json().result.items as Row[])[0];
    expect(row?.locked).toBe(true);
    expect((await t.call('POST', '/api/sysUser/unlockLogin', admin, { id })).statusCode).toBe(200);
    expect((await t.login('lock1')).accessToken).toBeTruthy();
  });
});
