import type { MenuTreeNode } from '../../shared/session/types';
import { allowed } from './menu-routes';
import { VIEWS } from './views';

/** The pages of the user's menu tree that open a view here: the "all apps" shortcuts. */
export function appPages(tree: readonly MenuTreeNode[], roles: readonly string[]): MenuTreeNode[] {
  const out: MenuTreeNode[] = [];
  const walk = (nodes: readonly MenuTreeNode[]) => {
    for (const node of nodes) {
      if (!allowed(node, roles) || node.meta.isHide) continue;
      if (node.path && node.component && VIEWS[node.component] && !node.path.includes(':')) out.push(node);
      if (node.children?.length) walk(node.children);
    }
  };
  walk(tree);
  return out;
}
