import { Status } from '@lintel/contracts';
import type { Trx } from '../db/database.js';
import type { User } from '../db/schema.js';

/** The SQL behind a principal: the account, its organisation, position, roles and what they grant. */

export function findPrincipalUser(trx: Trx, userId: string): Promise<User | undefined> {
  return trx.selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function findOrgNameType(trx: Trx, orgId: string) {
  return trx.selectFrom('sysOrg').select(['name', 'type']).where('id', '=', orgId).executeTakeFirst();
}

export function findPosName(trx: Trx, posId: string) {
  return trx.selectFrom('sysPos').select(['name']).where('id', '=', posId).executeTakeFirst();
}

/** The user's enabled roles, in role order. */
export function enabledRolesOf(trx: Trx, userId: string) {
  return trx
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select(['r.id', 'r.code'])
    .where('ur.userId', '=', userId)
    .where('r.status', '=', Status.Enable)
    .orderBy('r.orderNo')
    .execute();
}

export interface MenuGrant {
  isSuperAdmin: boolean;
  isSysAdmin: boolean;
  roleIds: string[];
  /** Menus every signed-in account reaches, whatever it was granted. */
  allUsersMenuKeys: string[];
  /** Registry menus the tenant hides from everyone (its demo directory when switched off). */
  hiddenMenuKeys: string[];
}

/**
 * Whether the tenant shows its demo menus (`sys_demo_menus`; without that item, as its demo mode
 * `sys_demo` says; without either, shown). Read here rather than through sysConfig: platform code builds on no module.
 */
export async function demoMenusShown(trx: Trx): Promise<boolean> {
  const rows = await trx
    .selectFrom('sysConfig')
    .select(['code', 'value'])
    .where('code', 'in', ['sys_demo_menus', 'sys_demo'])
    .execute();
  const value = (code: string) =>
    rows
      .find((r) => r.code === code)
      ?.value?.trim()
      .toLowerCase();
  // A tenant holding neither item (made before settings existed) keeps the registry's default: shown.
  return (value('sys_demo_menus') ?? value('sys_demo') ?? 'true') === 'true';
}

/**
 * The enabled menus (of every type) a user holds: all for the super admin; otherwise tenant-scope
 * menus, menus granted to the tenant, menus of the user's roles (system admins: no role needed),
 * and the pages every account reaches.
 */
export function heldMenus(trx: Trx, grant: MenuGrant) {
  let menuQuery = trx
    .selectFrom('sysMenu as m')
    .select(['m.id', 'm.type', 'm.permission'])
    .where('m.status', '=', Status.Enable);
  if (grant.hiddenMenuKeys.length)
    menuQuery = menuQuery.where((eb) =>
      eb.or([eb('m.key', 'is', null), eb('m.key', 'not in', grant.hiddenMenuKeys)]),
    );
  if (!grant.isSuperAdmin) {
    menuQuery = menuQuery.where((eb) => {
      const granted = [
        eb('m.scope', '=', 'tenant'),
        eb.exists(
          eb.selectFrom('sysTenantMenu as tm').select('tm.menuId').whereRef('tm.menuId', '=', 'm.id'),
        ),
      ];
      if (!grant.isSysAdmin) {
        granted.push(
          grant.roleIds.length === 0
            ? eb.val(false)
            : eb.exists(
                eb
                  .selectFrom('sysRoleMenu as rm')
                  .select('rm.menuId')
                  .whereRef('rm.menuId', '=', 'm.id')
                  .where('rm.roleId', 'in', grant.roleIds),
              ),
        );
      }
      // Pages every signed-in account reaches (personal centre, about) need no grant.
      return eb.or([eb('m.key', 'in', grant.allUsersMenuKeys), eb.and(granted)]);
    });
  }
  return menuQuery.execute();
}

/** API routes the roles take away, each once. */
export function blockedRoutesOf(trx: Trx, roleIds: string[]) {
  return trx.selectFrom('sysRoleApi').select('route').distinct().where('roleId', 'in', roleIds).execute();
}

/** Fields the roles hide, each once. */
export function hiddenFieldsOf(trx: Trx, roleIds: string[]) {
  return trx
    .selectFrom('sysRoleTable')
    .select(['tableName', 'columnName'])
    .distinct()
    .where('roleId', 'in', roleIds)
    .execute();
}
