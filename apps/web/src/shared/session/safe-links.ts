import { isLinkAddress, type MenuTreeNode } from '@lintel/contracts';

/**
 * The menu tree with every link address the shell may open or embed checked once, where the tree
 * arrives: a `javascript:`, `data:` or otherwise malformed link (stored before the server checked
 * links, or written to the database directly) is dropped, so no view, tab or `window.open` ever
 * receives it. The menu entry stays and leads nowhere.
 */
export function withSafeLinks(nodes: readonly MenuTreeNode[]): MenuTreeNode[] {
  return nodes.map((node) => ({
    ...node,
    meta: node.meta.isLink && !isLinkAddress(node.meta.isLink) ? { ...node.meta, isLink: null } : node.meta,
    children: withSafeLinks(node.children ?? []),
  }));
}
