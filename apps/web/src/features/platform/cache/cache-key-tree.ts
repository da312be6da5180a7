/** A node of the key tree: a prefix ending in `:` (a group) or a whole key (a leaf). */
export interface KeyNode {
  key: string;
  title: string;
  isLeaf: boolean;
  /** Keys under a group, counted to the leaves. */
  count: number;
  children?: KeyNode[];
}

/**
 * Groups cache keys by their `:`-separated segments (`sms:code:1:138...` sits under `sms:` and
 * `sms:code:`), at most `depth` groups deep so long keys do not make deep trees. Groups first, then
 * keys, each sorted.
 */
export function keyTree(keys: readonly string[], depth = 2): KeyNode[] {
  const root: KeyNode = { key: '', title: '', isLeaf: false, count: 0, children: [] };
  for (const full of keys) {
    const segments = full.split(':');
    let node = root;
    node.count++;
    for (let i = 0; i < Math.min(depth, segments.length - 1); i++) {
      const prefix = `${segments.slice(0, i + 1).join(':')}:`;
      let group = node.children!.find((c) => c.key === prefix && !c.isLeaf);
      if (!group) {
        group = { key: prefix, title: `${segments[i]}:`, isLeaf: false, count: 0, children: [] };
        node.children!.push(group);
      }
      group.count++;
      node = group;
    }
    node.children!.push({ key: full, title: full.slice(node.key.length), isLeaf: true, count: 1 });
  }
  const sort = (nodes: KeyNode[]): KeyNode[] =>
    nodes
      .sort((a, b) => Number(a.isLeaf) - Number(b.isLeaf) || a.key.localeCompare(b.key))
      .map((n) => (n.children ? { ...n, children: sort(n.children) } : n));
  return sort(root.children!);
}
