import type { MenuTreeNode } from '@lintel/contracts';
import type { Menu } from '../../platform/db/schema.js';
import { formatIso } from '../../platform/http/result.js';
import type { TreeRow } from './sys-menu.repo.js';

/** A route of the signed-in user's menu tree: the wire type shared with the web app. */
export type LoginMenuNode = MenuTreeNode;

export type MenuNode = ReturnType<typeof menuOut> & { children: MenuNode[] };

function childrenByPid<T extends { pid: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.pid);
    if (list) list.push(row);
    else out.set(row.pid, [row]);
  }
  return out;
}

/**
 * The tree of the given ids plus their ancestors, from `rows` in tree order (enabled directories and
 * menus). A node whose ancestor is missing (disabled) is not reachable from the root and is left out.
 */
export function buildLoginTree(rows: readonly TreeRow[], menuIds: readonly string[]): LoginMenuNode[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const visible = new Set<string>();
  for (const id of menuIds) {
    let row = byId.get(id);
    while (row && !visible.has(row.id)) {
      visible.add(row.id);
      row = byId.get(row.pid);
    }
  }
  const children = childrenByPid(rows.filter((row) => visible.has(row.id)));
  const build = (pid: string): LoginMenuNode[] =>
    (children.get(pid) ?? []).map((row) => ({
      id: row.id,
      pid: row.pid,
      name: row.name,
      path: row.path,
      component: row.component,
      redirect: row.redirect,
      meta: {
        title: row.title,
        icon: row.icon,
        isIframe: row.isIframe,
        isLink: row.outLink,
        isHide: row.isHide,
        isKeepAlive: row.isKeepAlive,
        isAffix: row.isAffix,
        isPublic: false,
        roles: [],
      },
      children: build(row.id),
    }));
  return build('0');
}

export function menuOut(row: Menu) {
  return {
    id: row.id,
    pid: row.pid,
    key: row.key,
    scope: row.scope,
    type: row.type,
    title: row.title,
    name: row.name,
    path: row.path,
    component: row.component,
    redirect: row.redirect,
    permission: row.permission,
    icon: row.icon,
    outLink: row.outLink,
    isIframe: row.isIframe,
    isHide: row.isHide,
    isKeepAlive: row.isKeepAlive,
    isAffix: row.isAffix,
    orderNo: row.orderNo,
    status: row.status,
    remark: row.remark,
    createTime: formatIso(row.createTime),
    updateTime: row.updateTime ? formatIso(row.updateTime) : null,
    createUserName: row.createUserName,
    updateUserName: row.updateUserName,
  };
}

/**
 * The management tree of `rows` (in tree order). A row whose parent is not among them becomes a
 * root, so nothing listed is hidden; `flat` lists the rows without nesting (filtered lists).
 */
export function buildMenuTree(rows: readonly Menu[], flat: boolean): MenuNode[] {
  if (flat) return rows.map((row) => ({ ...menuOut(row), children: [] }));
  const ids = new Set(rows.map((row) => row.id));
  const children = childrenByPid(rows);
  const build = (list: readonly Menu[]): MenuNode[] =>
    list.map((row) => ({ ...menuOut(row), children: build(children.get(row.id) ?? []) }));
  return build(rows.filter((row) => row.pid === '0' || !ids.has(row.pid)));
}

/** The ids under `id` (children, grandchildren, ...). */
export function descendantsOf(rows: readonly Pick<Menu, 'id' | 'pid'>[], id: string): Set<string> {
  const children = childrenByPid(rows);
  const out = new Set<string>();
  const stack = [id];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (out.has(child.id)) continue;
      out.add(child.id);
      stack.push(child.id);
    }
  }
  return out;
}

/**
 * Login trees without a database query per request: the enabled menus are loaded once per menu
 * epoch (every menu change starts a new epoch), and each tree is memoised per (epoch, menu ids)
 * in a small bounded map, since many users share the same set of menus.
 */
export class LoginTreeCache {
  private loaded?: { epoch: string; rows: Promise<TreeRow[]> };
  private readonly trees = new Map<string, LoginMenuNode[]>();
  /** The key of each principal's menu id list (the same array while the principal is cached). */
  private readonly keys = new WeakMap<readonly string[], string>();

  constructor(
    private readonly load: () => Promise<TreeRow[]>,
    private readonly maxTrees = 256,
  ) {}

  async get(epoch: string, menuIds: readonly string[]): Promise<LoginMenuNode[]> {
    let ids = this.keys.get(menuIds);
    if (ids === undefined) this.keys.set(menuIds, (ids = [...menuIds].sort().join(',')));
    const key = `${epoch}|${ids}`;
    const hit = this.trees.get(key);
    if (hit) return hit;
    const tree = buildLoginTree(await this.rows(epoch), menuIds);
    if (this.loaded?.epoch !== epoch) return tree; // the epoch moved on meanwhile: do not keep it
    if (this.trees.size >= this.maxTrees) this.trees.delete(this.trees.keys().next().value!);
    this.trees.set(key, tree);
    return tree;
  }

  private rows(epoch: string): Promise<TreeRow[]> {
    if (this.loaded?.epoch === epoch) return this.loaded.rows;
    const rows = this.load();
    this.loaded = { epoch, rows };
    this.trees.clear();
    // A failed load is retried by the next request rather than remembered.
    rows.catch(() => {
      if (this.loaded?.rows === rows) this.loaded = undefined;
    });
    return rows;
  }
}
