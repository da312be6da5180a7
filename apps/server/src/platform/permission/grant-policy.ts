import { DataScope, MenuType, registryPermissions, type MenuScope } from '@lintel/contracts';
import type { Principal } from '../auth/principal.js';
import { forbidden } from '../http/errors.js';
import type { DataScopeSet } from './data-scope.js';

/**
 * One rule for every grant (role menus, data scope, API and field blacklists, role holders, a role
 * switched on): a caller grants only what it holds itself. Consequences:
 * - only the super admin grants the core (platform-scope) modules;
 * - only what the tenant was given can be handed on to its roles;
 * - a lower caller hands on menus, buttons and roles it holds, organisations inside its own data scope,
 *   and lifts only the API and field restrictions it is free of itself;
 * - so nobody widens their own reach by editing a role they hold: what they could add, they have.
 * System admins hold every menu the tenant was given, every organisation and no restriction, so the
 * same rule lets them grant all of that; the super admin is not limited.
 */
const scopes = registryPermissions();

/** `/api/sysMenu/add` → `sysMenu:add` (the permission code convention). */
export function routeToPermission(route: string): string | undefined {
  const match = /^\/api\/([A-Za-z0-9]+)\/([A-Za-z0-9]+)/.exec(route);
  return match ? `${match[1]}:${match[2]}` : undefined;
}

export function isCoreRoute(route: string): boolean {
  const code = routeToPermission(route);
  return code !== undefined && scopes.get(code) === 'platform';
}

export interface GrantableMenu {
  id: string;
  scope: MenuScope | string;
  type: number;
  permission: string | null;
}

/** Menus and buttons handed to a role: platform ones by the super admin only, the rest if held. */
export function assertMayGrantMenus(
  principal: Principal,
  menus: GrantableMenu[],
  tenantMenuIds: ReadonlySet<string>,
): void {
  if (principal.isSuperAdmin) return;
  if (menus.some((menu) => menu.scope === 'platform')) throw forbidden('error.grantCoreModule');
  if (menus.some((menu) => !tenantMenuIds.has(menu.id))) throw forbidden('role.menuNotHeld');
  if (principal.isSysAdmin) return;
  const visible = new Set(principal.menuIds);
  const held = new Set(principal.permissions);
  const notHeld = menus.some((m) =>
    m.type === MenuType.Btn ? !m.permission || !held.has(m.permission) : !visible.has(m.id),
  );
  if (notHeld) throw forbidden('role.menuNotHeld');
}

/**
 * A data scope given to a role: a caller who does not see everything hands on personal scope, or
 * custom organisations whose rows it sees itself (its own organisation only when its scope has it).
 */
export function assertMayGrantDataScope(
  principal: Principal,
  mine: DataScopeSet,
  dataScope: number,
  orgIds: readonly string[],
): void {
  if (mine.all) return;
  if (dataScope !== DataScope.Self && dataScope !== DataScope.Define) throw forbidden('role.scopeTooWide');
  const visible = new Set(mine.orgIds);
  if (orgIds.some((id) => !visible.has(id))) throw forbidden('org.outOfScope');
}

/**
 * A role the caller holds is not the caller's to switch on or off: switching it off sheds its
 * restrictions (API and field blacklists), switching it on adds its grants. Below the super admin.
 */
export function assertNotOwnRole(principal: Principal, roleId: string): void {
  if (!principal.isSuperAdmin && principal.roleIds.includes(roleId)) throw forbidden('role.ownRole');
}

/**
 * A role's API blacklist changes. Core routes are the super admin's to list or lift; a route taken
 * off the list becomes callable by the role's holders, so the caller must be able to call it itself.
 */
export function assertMayChangeRouteBlacklist(
  principal: Principal,
  changed: readonly string[],
  lifted: readonly { url: string; permission: string }[],
): void {
  if (principal.isSuperAdmin) return;
  if (changed.some(isCoreRoute)) throw forbidden('error.grantCoreModule');
  const held = new Set(principal.permissions);
  const blocked = new Set(principal.blockedRoutes);
  if (lifted.some((route) => !held.has(route.permission) || blocked.has(route.url)))
    throw forbidden('role.apiNotHeld');
}

/** A role's field blacklist changes: a field shown again must be one the caller sees itself. */
export function assertMayLiftFieldBlacklist(
  principal: Principal,
  lifted: readonly { tableName: string; columnName: string }[],
): void {
  if (principal.isSuperAdmin) return;
  if (lifted.some((f) => principal.fieldBlacklist[f.tableName]?.includes(f.columnName)))
    throw forbidden('role.fieldNotHeld');
}

/** Whether the caller may hand a role to an account or take it away: below the admins, if it holds it. */
export function mayHandOnRole(principal: Principal, roleId: string): boolean {
  return principal.isSuperAdmin || principal.isSysAdmin || principal.roleIds.includes(roleId);
}

export function assertMayHandOnRoles(principal: Principal, roleIds: readonly string[]): void {
  if (!roleIds.every((id) => mayHandOnRole(principal, id))) throw forbidden('user.roleNotHeld');
}
