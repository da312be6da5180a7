import { MENU_REGISTRY, type MenuNode } from '@lintel/contracts';
import { matchPath } from 'react-router';
import type { MenuTreeNode } from '../../shared/session/types';
import { allowed } from './menu-routes';
import { VIEWS } from './views';

/**
 * The product's pages and links (the permission registry) that this build can show, whoever holds
 * them: an address among them that the account cannot open is a page it may not open (401), not an
 * address that does not exist (404).
 */
const productPages: readonly string[] = (() => {
  const out: string[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.type === 'btn') continue;
      const shown = node.outLink || (node.component && VIEWS[node.component]);
      if (node.type === 'menu' && node.path && shown) out.push(node.path);
      walk(node.children);
    }
  };
  walk(MENU_REGISTRY as readonly MenuNode[]);
  return out;
})();

const samePath = (path: string, pathname: string) =>
  path === pathname || (path.includes(':') && !!matchPath({ path, end: true }, pathname));

/**
 * Whether an address the shell has no route for is a page this account may not open: a node of its
 * menu tree that its roles do not reach (route meta roles), or a page of the product its roles and
 * tenant do not grant. A node it holds whose view this build lacks, and any other address, is not
 * forbidden but missing. Menus added by an administrator outside the registry are known only to
 * the accounts that hold them: for others their addresses stay missing.
 */
export function isForbiddenPage(
  pathname: string,
  tree: readonly MenuTreeNode[],
  roles: readonly string[],
): boolean {
  let held = false;
  let withheld = false;
  const walk = (nodes: readonly MenuTreeNode[], reachable: boolean) => {
    for (const node of nodes) {
      const open = reachable && allowed(node, roles);
      if (node.path && samePath(node.path, pathname)) {
        if (open) held = true;
        else withheld = true;
      }
      walk(node.children ?? [], open);
    }
  };
  walk(tree, true);
  if (held) return false;
  return withheld || productPages.some((path) => samePath(path, pathname));
}
