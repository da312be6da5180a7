import { Status } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { scopeCondition, type DataScopeSet } from '../../platform/permission/data-scope.js';

/** The reads a grant needs besides the role itself: menus, the tenant's menu grant, accounts in scope. */
export class RoleGrantsRepo {
  /** Enabled menus and buttons, in tree order; only those the tenant was given unless `everything`. */
  grantableMenus(trx: Trx, everything: boolean) {
    let query = trx
      .selectFrom('sysMenu as m')
      .select(['m.id', 'm.pid', 'm.name', 'm.title', 'm.type', 'm.permission', 'm.icon', 'm.scope'])
      .where('m.status', '=', Status.Enable);
    if (!everything) {
      query = query
        .where('m.scope', '=', 'tenant')
        .where((eb) =>
          eb.exists(
            eb.selectFrom('sysTenantMenu as tm').select('tm.menuId').whereRef('tm.menuId', '=', 'm.id'),
          ),
        );
    }
    return query.orderBy('m.orderNo').orderBy('m.id').execute();
  }

  /** The menus of the given ids, with what the grant policy judges them by. */
  menusByIds(trx: Trx, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('sysMenu')
      .select(['id', 'scope', 'type', 'permission'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The menus the tenant of the transaction was given (sys_tenant_menu). */
  async tenantMenuIds(trx: Trx): Promise<Set<string>> {
    const rows = await trx.selectFrom('sysTenantMenu').select('menuId').execute();
    return new Set(rows.map((r) => r.menuId));
  }

  /** Menus by registry key that the tenant was given (a new role's starting menus). */
  async tenantMenusByKey(trx: Trx, keys: readonly string[]): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysMenu as m')
      .innerJoin('sysTenantMenu as tm', 'tm.menuId', 'm.id')
      .select('m.id')
      .where('m.key', 'in', [...keys])
      .execute();
    return rows.map((r) => r.id);
  }

  async countOrgs(trx: Trx, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await trx
      .selectFrom('sysOrg')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return rows.length;
  }

  /** Those of the given accounts the scope shows, with their kind (for the account policy). */
  accountsInScope(trx: Trx, scope: DataScopeSet, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('sysUser as u')
      .select(['u.id', 'u.accountType'])
      .where('u.id', 'in', [...ids])
      .where(scopeCondition(scope, 'u.orgId', ['u.createUserId', 'u.id']))
      .execute();
  }

  /** The role's holders the scope shows. */
  holdersInScope(trx: Trx, scope: DataScopeSet, roleId: string) {
    return trx
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysUser as u', 'u.id', 'ur.userId')
      .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
      .select(['u.id', 'u.account', 'u.realName', 'o.name as orgName'])
      .where('ur.roleId', '=', roleId)
      .where(scopeCondition(scope, 'u.orgId', ['u.createUserId', 'u.id']))
      .orderBy('u.account')
      .execute();
  }
}
