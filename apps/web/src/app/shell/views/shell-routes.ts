import { matchPath } from 'react-router';
import type { MenuTreeNode } from '../../../shared/session/types';
import { allowed, viewRoutes } from '../../routing/menu-routes';

/** A content route of the shell: a view of this build, or a link shown in an embedded frame. */
export type ShellRoute =
  | { kind: 'page'; path: string; component: string; node: MenuTreeNode }
  | { kind: 'iframe'; path: string; src: string; node: MenuTreeNode }
  | { kind: 'link'; path: string; href: string; node: MenuTreeNode };

/**
 * Menu nodes with a link address: with meta.isIframe it opens inside the shell; without, the menu
 * opens it in a new tab, and its own path (reached from a folder or typed) offers to open it again.
 */
export function linkRoutes(tree: readonly MenuTreeNode[], roles: readonly string[]): ShellRoute[] {
  const out: ShellRoute[] = [];
  const walk = (nodes: readonly MenuTreeNode[]) => {
    for (const node of nodes) {
      if (!allowed(node, roles)) continue;
      if (node.path && node.meta.isLink && !node.children?.length) {
        out.push(
          node.meta.isIframe
            ? { kind: 'iframe', path: node.path, src: node.meta.isLink, node }
            : { kind: 'link', path: node.path, href: node.meta.isLink, node },
        );
      }
      walk(node.children ?? []);
    }
  };
  walk(tree);
  return out;
}

/** Every content route the user may open: pages (menu-routes.ts), embedded frames and links. */
export function shellRoutes(tree: readonly MenuTreeNode[], roles: readonly string[]): ShellRoute[] {
  const pages = viewRoutes(tree, roles).map((r): ShellRoute => ({ kind: 'page', ...r }));
  return [...pages, ...linkRoutes(tree, roles)];
}

/** The route answering a path: an exact path first, then a dynamic (`:param`) one. */
export function matchRoute(routes: readonly ShellRoute[], pathname: string): ShellRoute | undefined {
  return (
    routes.find((r) => r.path === pathname) ??
    routes.find((r) => r.path.includes(':') && matchPath({ path: r.path, end: true }, pathname))
  );
}
