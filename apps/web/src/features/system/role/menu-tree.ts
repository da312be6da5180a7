import type { GrantableMenu } from '@lintel/contracts';
import type { TFunction } from 'i18next';

export interface MenuTreeItem {
  key: string;
  title: string;
  isButton: boolean;
  children: MenuTreeItem[];
}

/**
 * Links the flat, tree-ordered menu list by pid; a menu whose parent is absent becomes a root.
 * `label` names each entry (the page translates route names and button actions).
 */
export function toMenuTree(
  rows: GrantableMenu[],
  label: (row: GrantableMenu) => string = (row) => row.title,
): MenuTreeItem[] {
  const items = new Map(
    rows.map((r) => [
      r.id,
      { key: r.id, title: label(r), isButton: r.type === 3, children: [] as MenuTreeItem[] },
    ]),
  );
  const roots: MenuTreeItem[] = [];
  for (const row of rows) {
    const item = items.get(row.id)!;
    const parent = items.get(row.pid);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

/**
 * The keys to show as checked: only leaves, since a checked parent in a cascading tree would check
 * every child, including ones the role does not grant.
 */
export function checkedLeaves(tree: MenuTreeItem[], granted: readonly string[]): string[] {
  const set = new Set(granted);
  const out: string[] = [];
  const walk = (items: MenuTreeItem[]) => {
    for (const item of items) {
      if (item.children.length === 0) {
        if (set.has(item.key)) out.push(item.key);
      } else walk(item.children);
    }
  };
  walk(tree);
  return out;
}

/** The keys with every ancestor added: a granted page or button needs its directories to be reachable. */
export function withAncestors(tree: MenuTreeItem[], keys: readonly string[]): string[] {
  const parent = new Map<string, string>();
  const walk = (items: MenuTreeItem[], pid?: string) => {
    for (const item of items) {
      if (pid) parent.set(item.key, pid);
      walk(item.children, item.key);
    }
  };
  walk(tree);
  const out = new Set<string>();
  for (const key of keys) {
    for (let k: string | undefined = key; k && !out.has(k); k = parent.get(k)) out.add(k);
  }
  return [...out];
}

/** Pages by their translated route name, buttons by their action (`sysRole:grantMenu` → grantMenu). */
export const menuLabel =
  (t: TFunction) =>
  (row: GrantableMenu): string => {
    if (row.type === 3)
      return t(`system.actions.${row.permission?.split(':')[1] ?? ''}`, { defaultValue: row.title });
    return row.name ? t(`routes.${row.name}`, { defaultValue: row.title }) : row.title;
  };
