import type { MenuFilter, MenuInput, MenuListNode, MenuUpdate } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

/** Menu types of the menu table (SPEC 3): directory, menu (a page or a link), button (a permission). */
export const MENU_TYPES = [1, 2, 3] as const;
export const DIR = 1;
export const PAGE = 2;
export const BUTTON = 3;

export const menuKeys = {
  all: ['sysMenu'] as const,
  list: (filter: MenuFilter) => ['sysMenu', 'list', filter] as const,
};

export const listMenus = (filter: MenuFilter = {}) =>
  request<MenuListNode[]>('/api/sysMenu/list', { query: { ...filter } });
export const addMenu = (body: MenuInput) => request<string>('/api/sysMenu/add', { method: 'POST', body });
export const updateMenu = (body: MenuUpdate) =>
  request<null>('/api/sysMenu/update', { method: 'POST', body });
export const deleteMenu = (id: string) =>
  request<null>('/api/sysMenu/delete', { method: 'POST', body: { id } });
export const setMenuStatus = (id: string, status: number) =>
  request<null>('/api/sysMenu/setStatus', { method: 'POST', body: { id, status } });

/** Every id of a tree, for "expand all". */
export const allIds = (nodes: MenuListNode[]): string[] =>
  nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

/** The tree without empty `children` arrays, so that leaves show no expand icon. */
export const trimLeaves = (nodes: MenuListNode[]): MenuListNode[] =>
  nodes.map((n) => ({
    ...n,
    children: n.children?.length ? trimLeaves(n.children) : (undefined as never),
  }));

/** The ids of a node and everything under it (a menu cannot move into its own branch). */
export function branchOf(nodes: MenuListNode[], id: string): Set<string> {
  const out = new Set<string>();
  const collect = (list: MenuListNode[]) =>
    list.forEach((n) => {
      out.add(n.id);
      collect(n.children ?? []);
    });
  const find = (list: MenuListNode[]): boolean =>
    list.some((n) => (n.id === id ? (collect([n]), true) : find(n.children ?? [])));
  find(nodes);
  return out;
}

/** Drops absent values and turns blank text into null, so the server clears the field. */
export function cleanInput<T extends object>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (field === 'orderNo' && value === null) continue;
    out[field] = typeof value === 'string' ? value.trim() || null : value;
  }
  return out as T;
}
