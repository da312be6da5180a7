import { registryPermissions, type MenuScope } from '@lintel/contracts';
import type { Principal } from '../auth/principal.js';
import { forbidden } from '../http/errors.js';

/**
 * "Only the super admin may grant core system modules": the platform-scope part of the registry
 * (menus, their buttons and the API routes behind them) is granted by the super admin alone. Every
 * grant endpoint (role menus, API blacklist, tenant menus) passes its resources through here.
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

export function assertMayGrantMenus(principal: Principal, menus: { scope: MenuScope | string }[]): void {
  if (principal.isSuperAdmin) return;
  if (menus.some((menu) => menu.scope === 'platform')) throw forbidden('error.grantCoreModule');
}

export function assertMayGrantRoutes(principal: Principal, routes: string[]): void {
  if (principal.isSuperAdmin) return;
  if (routes.some(isCoreRoute)) throw forbidden('error.grantCoreModule');
}
