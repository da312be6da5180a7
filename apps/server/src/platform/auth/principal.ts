import { AccountType, MenuType, Status, allUsersMenuKeys } from '@lintel/contracts';
import type { Database, Trx } from '../db/database.js';
import type { User } from '../db/schema.js';

/**
 * Everything a request needs to know about its signed-in user, computed once and cached until
 * something it depends on changes (the user, the tenant's epoch, the global menu epoch).
 */
export interface Principal {
  userId: string;
  /** The tenant the session works in (a super admin may work in any). */
  tenantId: string;
  /** The tenant the account belongs to. */
  homeTenantId: string;
  account: string;
  realName: string | null;
  accountType: number;
  status: number;
  isSuperAdmin: boolean;
  isSysAdmin: boolean;
  orgId: string | null;
  orgName: string | null;
  orgType: string | null;
  posId: string | null;
  posName: string | null;
  roleIds: string[];
  roleCodes: string[];
  /** Button permission codes the user holds (all of them for the super admin). */
  permissions: string[];
  /** API routes blacklisted by the user's roles. */
  blockedRoutes: string[];
  /** Fields hidden from and refused to the user, by table (the roles' field blacklists). */
  fieldBlacklist: Record<string, string[]>;
  /** Visible directory and menu ids (buttons excluded). */
  menuIds: string[];
  /** Token families revoked but not yet expired: their access tokens are refused. */
  revokedFamilies: string[];
  tenantEpoch: string;
  menuEpoch: string;
  profile: Pick<
    User,
    | 'phone'
    | 'idCardNum'
    | 'email'
    | 'avatar'
    | 'address'
    | 'signature'
    | 'introduction'
    | 'langCode'
    | 'nickName'
  > & {
    lastChangePasswordTime: string | null;
    /** Where the password's age counts from: the owner's last change, else the account's creation. */
    passwordSince?: string;
  };
}

const ALL_USERS_MENU_KEYS = allUsersMenuKeys();

interface LoadInput {
  userId: string;
  tenantId: string;
  homeTenantId: string;
  tenantEpoch: string;
  menuEpoch: string;
}

async function loadUser(db: Database, input: LoadInput): Promise<User | undefined> {
  const find = (trx: Trx) =>
    trx.selectFrom('sysUser').selectAll().where('id', '=', input.userId).executeTakeFirst();
  return input.homeTenantId === input.tenantId ? db.tenant(input.tenantId, find) : db.platform(find);
}

/** Loads a principal from the database; undefined when the account no longer exists. */
export async function loadPrincipal(db: Database, input: LoadInput): Promise<Principal | undefined> {
  const user = await loadUser(db, input);
  if (!user) return undefined;
  const isSuperAdmin = user.accountType === AccountType.SuperAdmin;
  const isSysAdmin = user.accountType === AccountType.SysAdmin;

  const scoped = await db.tenant(input.tenantId, async (trx) => {
    const org = user.orgId
      ? await trx
          .selectFrom('sysOrg')
          .select(['name', 'type'])
          .where('id', '=', user.orgId)
          .executeTakeFirst()
      : undefined;
    const pos = user.posId
      ? await trx.selectFrom('sysPos').select(['name']).where('id', '=', user.posId).executeTakeFirst()
      : undefined;
    const roles =
      isSuperAdmin || input.homeTenantId !== input.tenantId
        ? []
        : await trx
            .selectFrom('sysUserRole as ur')
            .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
            .select(['r.id', 'r.code'])
            .where('ur.userId', '=', user.id)
            .where('r.status', '=', Status.Enable)
            .orderBy('r.orderNo')
            .execute();
    const roleIds = roles.map((r) => r.id);

    // Which menus (of every type) the user holds, before the global menu table is consulted.
    let menuQuery = trx
      .selectFrom('sysMenu as m')
      .select(['m.id', 'm.type', 'm.permission'])
      .where('m.status', '=', Status.Enable);
    if (!isSuperAdmin) {
      menuQuery = menuQuery.where((eb) => {
        const granted = [
          eb('m.scope', '=', 'tenant'),
          eb.exists(
            eb.selectFrom('sysTenantMenu as tm').select('tm.menuId').whereRef('tm.menuId', '=', 'm.id'),
          ),
        ];
        if (!isSysAdmin) {
          granted.push(
            roleIds.length === 0
              ? eb.val(false)
              : eb.exists(
                  eb
                    .selectFrom('sysRoleMenu as rm')
                    .select('rm.menuId')
                    .whereRef('rm.menuId', '=', 'm.id')
                    .where('rm.roleId', 'in', roleIds),
                ),
          );
        }
        // Pages every signed-in account reaches (personal centre, about) need no grant.
        return eb.or([eb('m.key', 'in', ALL_USERS_MENU_KEYS), eb.and(granted)]);
      });
    }
    const menus = await menuQuery.execute();
    const blocked =
      roleIds.length && !isSysAdmin
        ? await trx
            .selectFrom('sysRoleApi')
            .select('route')
            .distinct()
            .where('roleId', 'in', roleIds)
            .execute()
        : [];
    const fields =
      roleIds.length && !isSysAdmin
        ? await trx
            .selectFrom('sysRoleTable')
            .select(['tableName', 'columnName'])
            .distinct()
            .where('roleId', 'in', roleIds)
            .execute()
        : [];
    return { org, pos, roles, menus, blocked, fields };
  });

  const revoked = await db.tenant(input.homeTenantId, (trx) =>
    trx
      .selectFrom('sysTokenFamily')
      .select('id')
      .where('userId', '=', user.id)
      .where('revokedAt', 'is not', null)
      .where('expiresAt', '>', new Date())
      .execute(),
  );

  return {
    userId: user.id,
    tenantId: input.tenantId,
    homeTenantId: input.homeTenantId,
    account: user.account,
    realName: user.realName,
    accountType: user.accountType,
    status: user.status,
    isSuperAdmin,
    isSysAdmin,
    orgId: user.orgId,
    orgName: scoped.org?.name ?? null,
    orgType: scoped.org?.type ?? null,
    posId: user.posId,
    posName: scoped.pos?.name ?? null,
    roleIds: scoped.roles.map((r) => r.id),
    roleCodes: scoped.roles.map((r) => r.code),
    permissions: [
      ...new Set(
        scoped.menus.filter((m) => m.type === MenuType.Btn && m.permission).map((m) => m.permission!),
      ),
    ].sort(),
    blockedRoutes: scoped.blocked.map((b) => b.route),
    fieldBlacklist: scoped.fields.reduce<Record<string, string[]>>((acc, f) => {
      (acc[f.tableName] ??= []).push(f.columnName);
      return acc;
    }, {}),
    menuIds: scoped.menus.filter((m) => m.type !== MenuType.Btn).map((m) => m.id),
    revokedFamilies: revoked.map((r) => r.id),
    tenantEpoch: input.tenantEpoch,
    menuEpoch: input.menuEpoch,
    profile: {
      phone: user.phone,
      idCardNum: user.idCardNum,
      email: user.email,
      avatar: user.avatar,
      address: user.address,
      signature: user.signature,
      introduction: user.introduction,
      langCode: user.langCode,
      nickName: user.nickName,
      lastChangePasswordTime: user.lastChangePasswordTime?.toISOString() ?? null,
      passwordSince: (user.lastChangePasswordTime ?? user.createTime).toISOString(),
    },
  };
}
