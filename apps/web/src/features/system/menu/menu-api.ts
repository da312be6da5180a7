import { request } from '../../../shared/api/client';

/** Menu types of the menu table (SPEC 3): directory, menu (a page or a link), button (a permission). */
export const MENU_TYPES = [1, 2, 3] as const;
export type MenuTypeValue = (typeof MENU_TYPES)[number];
export const DIR = 1;
export const PAGE = 2;
export const BUTTON = 3;

/** One node of GET /api/sysMenu/list (apps/server sys-menu.schema.ts MenuNode). */
export interface MenuNode {
  id: string;
  pid: string;
  /** Registry key: menus of the permission registry keep their structure fields; null for added menus. */
  key: string | null;
  scope: string;
  type: number;
  title: string;
  name: string | null;
  path: string | null;
  component: string | null;
  redirect: string | null;
  permission: string | null;
  icon: string | null;
  outLink: string | null;
  isIframe: boolean;
  isHide: boolean;
  isKeepAlive: boolean;
  isAffix: boolean;
  orderNo: number;
  status: number;
  remark: string | null;
  createTime: string;
  updateTime: string | null;
  createUserName: string | null;
  updateUserName: string | null;
  children: MenuNode[];
}

/** The body of add and update (every Menu field; absent fields keep their value on update). */
export interface MenuInput {
  pid: string;
  type: MenuTypeValue;
  title: string;
  name?: string | null;
  path?: string | null;
  component?: string | null;
  redirect?: string | null;
  permission?: string | null;
  icon?: string | null;
  outLink?: string | null;
  isIframe?: boolean;
  isHide?: boolean;
  isKeepAlive?: boolean;
  isAffix?: boolean;
  orderNo?: number;
  status?: number;
  remark?: string | null;
}

export interface MenuFilter {
  Title?: string;
  Type?: MenuTypeValue;
}

export const menuKeys = {
  all: ['sysMenu'] as const,
  list: (filter: MenuFilter) => ['sysMenu', 'list', filter] as const,
};

export const listMenus = (filter: MenuFilter = {}) =>
  request<MenuNode[]>('/api/sysMenu/list', { query: { ...filter } });
export const addMenu = (body: MenuInput) => request<string>('/api/sysMenu/add', { method: 'POST', body });
export const updateMenu = (body: Partial<MenuInput> & { id: string }) =>
  request<null>('/api/sysMenu/update', { method: 'POST', body });
export const deleteMenu = (id: string) =>
  request<null>('/api/sysMenu/delete', { method: 'POST', body: { id } });
export const setMenuStatus = (id: string, status: number) =>
  request<null>('/api/sysMenu/setStatus', { method: 'POST', body: { id, status } });

/** Every id of a tree, for "expand all". */
export const allIds = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

/** The tree without empty `children` arrays, so that leaves show no expand icon. */
export const trimLeaves = (nodes: MenuNode[]): MenuNode[] =>
  nodes.map((n) => ({
    ...n,
    children: n.children?.length ? trimLeaves(n.children) : (undefined as never),
  }));

/** The ids of a node and everything under it (a menu cannot move into its own branch). */
export function branchOf(nodes: MenuNode[], id: string): Set<string> {
  const out = new Set<string>();
  const collect = (list: MenuNode[]) =>
    list.forEach((n) => {
      out.add(n.id);
      collect(n.children ?? []);
    });
  const find = (list: MenuNode[]): boolean =>
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
