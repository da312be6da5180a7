/** Tree helpers over (id, pid) rows; 0 (or a parent outside the set) makes a root. */

export function buildTree<T extends { id: string; pid: string }>(rows: T[]): (T & { children: unknown[] })[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as unknown[] }]));
  const roots: (T & { children: unknown[] })[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.pid);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** `root` and every id below it, breadth first, with each one's depth below root (root = 0). */
export function descendants(links: { id: string; pid: string }[], root: string): Map<string, number> {
  const children = new Map<string, string[]>();
  for (const { id, pid } of links) children.set(pid, [...(children.get(pid) ?? []), id]);
  const out = new Map<string, number>([[root, 0]]);
  const queue = [root];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const child of children.get(id) ?? []) {
      if (out.has(child)) continue; // a corrupt cycle must not loop forever
      out.set(child, out.get(id)! + 1);
      queue.push(child);
    }
  }
  return out;
}
