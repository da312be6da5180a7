import { AccountType, MenuType, allUsersMenuKeys, demoMenuKeys } from '@lintel/contracts';
import type { Database, Trx } from '../db/database.js';
import type { User } from '../db/schema.js';
import {
  blockedRoutesOf,
  demoMenusShown,
  enabledRolesOf,
  findOrgNameType,
  findPosName,
  findPrincipalUser,
  heldMenus,
  hiddenFieldsOf,
} from './principal.repo.js';
import { revokedTokenFamilyIds } from './sessions.repo.js';

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
const DEMO_MENU_KEYS = demoMenuKeys();

interface LoadInput {
  userId: string;
  tenantId: string;
  homeTenantId: string;
  tenantEpoch: string;
  menuEpoch: string;
}

async function loadUser(db: Database, input: LoadInput): Promise<User | undefined> {
  const find = (trx: Trx) => findPrincipalUser(trx, input.userId);
  return input.homeTenantId === input.tenantId ? db.tenant(input.tenantId, find) : db.platform(find);
}

/** Loads a principal from the database; undefined when the account no longer exists. */
export async function loadPrincipal(db: Database, input: LoadInput): Promise<Principal | undefined> {
  const user = await loadUser(db, input);
  if (!user) return undefined;
  const isSuperAdmin = user.accountType === AccountType.SuperAdmin;
  const isSysAdmin = user.accountType === AccountType.SysAdmin;

  const scoped = await db.tenant(input.tenantId, async (trx) => {
    const org = user.orgId ? await findOrgNameType(trx, user.orgId) : undefined;
    const pos = user.posId ? await findPosName(trx, user.posId) : undefined;
    const roles =
      isSuperAdmin || input.homeTenantId !== input.tenantId ? [] : await enabledRolesOf(trx, user.id);
    const roleIds = roles.map((r) => r.id);

    // Which menus (of every type) the user holds, before the global menu table is consulted.
    const menus = await heldMenus(trx, {
      isSuperAdmin,
      isSysAdmin,
      roleIds,
      allUsersMenuKeys: ALL_USERS_MENU_KEYS,
      // A tenant that switched its demos off loses their pages and codes, the super admin's too.
      hiddenMenuKeys: (await demoMenusShown(trx)) ? [] : DEMO_MENU_KEYS,
    });
    const blocked = roleIds.length && !isSysAdmin ? await blockedRoutesOf(trx, roleIds) : [];
    const fields = roleIds.length && !isSysAdmin ? await hiddenFieldsOf(trx, roleIds) : [];
    return { org, pos, roles, menus, blocked, fields };
  });

  const revoked = await db.tenant(input.homeTenantId, (trx) => revokedTokenFamilyIds(trx, user.id));

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
