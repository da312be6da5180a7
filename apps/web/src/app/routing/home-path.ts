import type { ShellRoute } from '../shell/views/shell-routes';

import { DASHBOARD_PATH } from '../../shared/routing/paths';

export { DASHBOARD_PATH, HOME } from '../../shared/routing/paths';

/**
 * The page `/` opens for an account: the dashboard when it may open it, else the first page of its
 * menu tree it may open (shown in the menu before hidden ones; a page with parameters cannot be
 * opened bare, a link opens elsewhere). Every account has one: the personal centre and the about
 * page are open to all. Undefined only when this build can show none of its pages.
 */
export function homeOf(routes: readonly ShellRoute[]): string | undefined {
  const candidates = routes.filter((r) => r.kind !== 'link' && !r.path.includes(':'));
  return (
    candidates.find((r) => r.path === DASHBOARD_PATH)?.path ??
    candidates.find((r) => !r.node.meta.isHide)?.path ??
    candidates[0]?.path
  );
}
