import { AccountType, DataScope, MenuType } from '@lintel/contracts';
import { hashPassword } from '../../src/platform/crypto/passwords.js';
import { DEMO_PASSWORD, SEED_IDS, type TestApp } from '../harness.js';

/** Seeded ids the attacks aim at. */
export const TARGETS = {
  superAdmin: SEED_IDS.superAdmin,
  admin: SEED_IDS.admin,
  adminRole: '1300000000401', // sys_admin: data scope "all"
  dev: '1300000000203', // 开发部
} as const;

export interface Delegate {
  userId: string;
  roleId: string;
  account: string;
  token: string;
}

let serial = 0;

/**
 * The strongest account a tenant admin can delegate to: a normal account whose role holds every
 * menu and button the tenant has, with the given data scope. Escalation is what this account must
 * never achieve: become an administrator, widen its own grants, or change an administrator.
 */
export async function delegate(
  t: TestApp,
  options: { dataScope?: number; permissions?: (code: string) => boolean } = {},
): Promise<Delegate> {
  serial += 1;
  const userId = String(1300000007000n + BigInt(serial));
  const roleId = String(1300000007500n + BigInt(serial));
  const account = `delegate${serial}`;
  const password = await hashPassword(DEMO_PASSWORD);
  const keep = options.permissions ?? (() => true);
  await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    const menus = await trx
      .selectFrom('sysMenu as m')
      .innerJoin('sysTenantMenu as tm', 'tm.menuId', 'm.id')
      .select(['m.id', 'm.type', 'm.permission'])
      .execute();
    await trx
      .insertInto('sysRole')
      .values({
        id: roleId,
        tenantId: SEED_IDS.tenant,
        name: `Delegate ${serial}`,
        code: `delegate_${serial}`,
        dataScope: options.dataScope ?? DataScope.All,
      })
      .execute();
    const granted = menus.filter((m) => m.type !== MenuType.Btn || keep(m.permission ?? ''));
    await trx
      .insertInto('sysRoleMenu')
      .values(granted.map((m) => ({ tenantId: SEED_IDS.tenant, roleId, menuId: m.id })))
      .execute();
    await trx
      .insertInto('sysUser')
      .values({
        id: userId,
        tenantId: SEED_IDS.tenant,
        account,
        password,
        realName: `Delegate ${serial}`,
        accountType: AccountType.NormalUser,
        orgId: TARGETS.dev,
      })
      .execute();
    await trx.insertInto('sysUserRole').values({ tenantId: SEED_IDS.tenant, userId, roleId }).execute();
  });
  await t.ctx.sessions.touchMenus();
  const token = (await t.ctx.sessions.issue({ id: userId, tenantId: SEED_IDS.tenant }, SEED_IDS.tenant, {}))
    .accessToken;
  return { userId, roleId, account, token };
}

/**
 * What an account can do: its permission codes (userInfo), and every grant of the roles it holds
 * (menus, data scope and organisations, API and field blacklists, status). Compared before and
 * after an attack: a lower account must never widen it.
 */
export async function reach(t: TestApp, userId: string, token: string) {
  const info = (await t.call('GET', '/api/sysAuth/userInfo', token)).json().result as {
    accountType: number;
    apis: string[];
  };
  const grants = await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    const roles = await trx
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select(['r.id', 'r.dataScope', 'r.status'])
      .where('ur.userId', '=', userId)
      .orderBy('r.id')
      .execute();
    const ids = roles.map((r) => r.id);
    const menus = ids.length
      ? (await trx.selectFrom('sysRoleMenu').select('menuId').where('roleId', 'in', ids).execute())
          .map((r) => r.menuId)
          .sort()
      : [];
    const orgs = ids.length
      ? (await trx.selectFrom('sysRoleOrg').select('orgId').where('roleId', 'in', ids).execute())
          .map((r) => r.orgId)
          .sort()
      : [];
    const apis = ids.length
      ? (await trx.selectFrom('sysRoleApi').select('route').where('roleId', 'in', ids).execute())
          .map((r) => r.route)
          .sort()
      : [];
    const fields = ids.length
      ? (
          await trx
            .selectFrom('sysRoleTable')
            .select(['tableName', 'columnName'])
            .where('roleId', 'in', ids)
            .execute()
        )
          .map((r) => `${r.tableName}.${r.columnName}`)
          .sort()
      : [];
    return { roles, menus, orgs, apis, fields };
  });
  return { accountType: info.accountType, permissions: [...info.apis].sort(), ...grants };
}

/** The stored state of an account that no lower account may change. */
export async function accountState(t: TestApp, userId: string) {
  return t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    const user = await trx.selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirst();
    const roles = await trx.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute();
    const families = await trx
      .selectFrom('sysTokenFamily')
      .select(['id', 'revokedAt'])
      .where('userId', '=', userId)
      .orderBy('id')
      .execute();
    // Sign-in bookkeeping changes when the account itself signs in during the test.
    const { lastLoginTime: _t, lastLoginIp: _i, lastLoginDevice: _d, ...stored } = user ?? {};
    return {
      user: user ? stored : undefined,
      roles: roles.map((r) => r.roleId).sort(),
      revoked: families.filter((f) => f.revokedAt).map((f) => f.id),
    };
  });
}
