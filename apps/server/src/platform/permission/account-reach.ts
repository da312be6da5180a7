import { MenuType, Status } from '@lintel/contracts';
import type { Trx } from '../db/database.js';
import { computeDataScope, type DataScopeSet } from './data-scope.js';

/**
 * What an account below the administrators can do in its tenant, read in the caller's transaction:
 * the buttons of its enabled roles (only menus the tenant holds count), the API routes and fields
 * its roles take away, and its data scope. Whoever takes the account over (a new password, a new
 * phone for SMS sign-in) gets all of it, so the takeover policy compares it with the caller's own.
 */
export interface AccountReach {
  permissions: ReadonlySet<string>;
  blockedRoutes: ReadonlySet<string>;
  /** Hidden fields by table (the roles' field blacklists). */
  hidden: ReadonlyMap<string, ReadonlySet<string>>;
  scope: DataScopeSet;
}

export async function accountReach(
  trx: Trx,
  account: { id: string; orgId: string | null },
): Promise<AccountReach> {
  const roles = await trx
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', account.id)
    .where('r.status', '=', Status.Enable)
    .execute();
  const roleIds = roles.map((r) => r.id);
  if (roleIds.length === 0) {
    return {
      permissions: new Set(),
      blockedRoutes: new Set(),
      hidden: new Map(),
      scope: { all: false, orgIds: [], ownerId: account.id },
    };
  }
  const buttons = await trx
    .selectFrom('sysRoleMenu as rm')
    .innerJoin('sysMenu as m', 'm.id', 'rm.menuId')
    .innerJoin('sysTenantMenu as tm', 'tm.menuId', 'm.id')
    .select('m.permission')
    .distinct()
    .where('rm.roleId', 'in', roleIds)
    .where('m.type', '=', MenuType.Btn)
    .where('m.status', '=', Status.Enable)
    .where('m.scope', '=', 'tenant')
    .execute();
  const blocked = await trx.selectFrom('sysRoleApi').select('route').where('roleId', 'in', roleIds).execute();
  const fields = await trx
    .selectFrom('sysRoleTable')
    .select(['tableName', 'columnName'])
    .where('roleId', 'in', roleIds)
    .execute();
  const hidden = new Map<string, Set<string>>();
  for (const f of fields) hidden.set(f.tableName, (hidden.get(f.tableName) ?? new Set()).add(f.columnName));
  return {
    permissions: new Set(buttons.map((b) => b.permission).filter((p): p is string => !!p)),
    blockedRoutes: new Set(blocked.map((b) => b.route)),
    hidden,
    scope: await computeDataScope(trx, {
      userId: account.id,
      isSuperAdmin: false,
      isSysAdmin: false,
      roleIds,
      orgId: account.orgId,
    }),
  };
}
