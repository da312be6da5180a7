import type { Trx } from '../db/database.js';
import {
  enabledRoleIdsOf,
  roleBlockedRoutes,
  roleHiddenFields,
  tenantButtonsOf,
} from './account-reach.repo.js';
import { computeDataScope, ownRowsOnly, type DataScopeSet } from './data-scope.js';

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
  const roleIds = await enabledRoleIdsOf(trx, account.id);
  if (roleIds.length === 0) {
    return {
      permissions: new Set(),
      blockedRoutes: new Set(),
      hidden: new Map(),
      scope: ownRowsOnly(account.id),
    };
  }
  const buttons = await tenantButtonsOf(trx, roleIds);
  const blocked = await roleBlockedRoutes(trx, roleIds);
  const fields = await roleHiddenFields(trx, roleIds);
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
