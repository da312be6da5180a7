import type { MenuTreeNode } from '../../shared/session/types';
import { VIEWS } from './views';

export interface ViewRoute {
  path: string;
  component: string;
  node: MenuTreeNode;
}

/** A node is visible to a user holding one of its roles, or to anyone when it names none (SPEC 6). */
export const allowed = (node: MenuTreeNode, roles: readonly string[]): boolean =>
  node.meta.roles.length === 0 || node.meta.roles.some((r) => roles.includes(r));

/** Every menu node with a path and a view this build has, in tree order, filtered by role. */
export function viewRoutes(tree: readonly MenuTreeNode[], roles: readonly string[]): ViewRoute[] {
  const out: ViewRoute[] = [];
  const walk = (nodes: readonly MenuTreeNode[]) => {
    for (const node of nodes) {
      if (!allowed(node, roles)) continue;
      if (node.path && node.component && VIEWS[node.component]) {
        out.push({ path: node.path, component: node.component, node });
      }
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return out;
}

/** The menu node whose path matches a location, for the page title and the selected menu item. */
export function findByPath(tree: readonly MenuTreeNode[], pathname: string): MenuTreeNode | undefined {
  for (const node of tree) {
    if (node.path === pathname) return node;
    const hit = node.children && findByPath(node.children, pathname);
    if (hit) return hit;
  }
  return undefined;
}
