import { MenuType, Status } from '@lintel/contracts';
import type { Trx } from '../db/database.js';

/** The SQL behind an account's reach: its enabled roles and what they grant or take away. */

export async function enabledRoleIdsOf(trx: Trx, userId: string): Promise<string[]> {
  const roles = await trx
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', userId)
    .where('r.status', '=', Status.Enable)
    .execute();
  return roles.map((r) => r.id);
}

/** The button permissions the roles grant, among the enabled tenant menus the tenant holds. */
export function tenantButtonsOf(trx: Trx, roleIds: string[]) {
  return trx
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
}

export function roleBlockedRoutes(trx: Trx, roleIds: string[]) {
  return trx.selectFrom('sysRoleApi').select('route').where('roleId', 'in', roleIds).execute();
}

export function roleHiddenFields(trx: Trx, roleIds: string[]) {
  return trx
    .selectFrom('sysRoleTable')
    .select(['tableName', 'columnName'])
    .where('roleId', 'in', roleIds)
    .execute();
}
