import type { MenuTreeNode } from '../../../shared/session/types';
import { allowed } from '../../routing/menu-routes';

/** The key of a node in every menu of the frame: its route path, or its id for path-less folders. */
export const keyOf = (node: MenuTreeNode): string => node.path ?? node.id;

/** The tree the user may see: hidden nodes and nodes of roles the user lacks are dropped. */
export function visibleTree(tree: readonly MenuTreeNode[], roles: readonly string[]): MenuTreeNode[] {
  return tree
    .filter((n) => !n.meta.isHide && allowed(n, roles))
    .map((n) => ({ ...n, children: n.children?.length ? visibleTree(n.children, roles) : [] }));
}

/** The nodes from the root down to the one matching `key` (a path or id), or [] when none does. */
export function trailTo(tree: readonly MenuTreeNode[], key: string): MenuTreeNode[] {
  for (const node of tree) {
    if (keyOf(node) === key || node.path === key) return [node];
    const below = node.children?.length ? trailTo(node.children, key) : [];
    if (below.length) return [node, ...below];
  }
  return [];
}

/** Where a click on a folder should lead: its redirect, else its first page with a path. */
export function landingPath(node: MenuTreeNode): string | null {
  if (node.redirect) return node.redirect;
  if (!node.children?.length) return node.path;
  for (const child of node.children) {
    const hit = landingPath(child);
    if (hit) return hit;
  }
  return node.path;
}

/** The first-level node that holds the current page (the split and columns menus mark it). */
export const activeTop = (tree: readonly MenuTreeNode[], pathname: string): MenuTreeNode | undefined =>
  trailTo(tree, pathname)[0];

export function findByKey(tree: readonly MenuTreeNode[], key: string): MenuTreeNode | undefined {
  return trailTo(tree, key).at(-1);
}
