import type { RouteEntry } from './gate.js';
import type { Principal } from './principal.js';

/**
 * The button permission codes the client may show (userInfo `apis`/`buttons`, sysMenu/ownBtnPermList):
 * the codes the principal holds, less every code one of whose routes its roles' API blacklist names.
 * A button's action may call any route of its code (a dialog reads with one and saves with another),
 * so a button is offered only when the gate serves all of them; the gate itself still refuses exactly
 * the blacklisted routes.
 */
export function grantedButtons(
  principal: Pick<Principal, 'permissions' | 'blockedRoutes'>,
  routes: readonly Pick<RouteEntry, 'url' | 'permission'>[],
): string[] {
  if (principal.blockedRoutes.length === 0) return principal.permissions;
  const blocked = new Set(principal.blockedRoutes);
  const lost = new Set<string>(
    routes.filter((route) => blocked.has(route.url)).map((route) => route.permission),
  );
  return principal.permissions.filter((code) => !lost.has(code));
}
