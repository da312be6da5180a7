/**
 * The permission registry: every directory, page and button of the product, in menu-tree order.
 *
 * The seed turns this tree into `sys_menu` rows (keyed by `key`, so it can be re-applied on every
 * start), and every server route that is not public or open to any signed-in user names one of the
 * button codes declared here. A route whose code is missing here fails the route-registry test.
 *
 * `scope: 'platform'` marks the core system modules: only the super admin holds and grants them.
 */

export type MenuScope = 'platform' | 'tenant';

export interface MenuButton {
  type: 'btn';
  /** Permission code `{controller}:{action}`, also the stable key. */
  permission: string;
  title: string;
}

export interface MenuPage {
  type: 'dir' | 'menu';
  key: string;
  /** Route name: the web app translates it (`routes.<name>`) and keys views on it. */
  name: string;
  title: string;
  path: string;
  component?: string;
  redirect?: string;
  icon?: string;
  order: number;
  isHide?: boolean;
  isKeepAlive?: boolean;
  isAffix?: boolean;
  isIframe?: boolean;
  outLink?: string;
  children: MenuNode[];
}

export type MenuNode = MenuPage | MenuButton;

export interface MenuDefinition extends Omit<MenuPage, 'children'> {
  scope: MenuScope;
  children: MenuNode[];
}

const ACTION_TITLES: Record<string, string> = {
  page: '查询',
  list: '列表',
  detail: '详情',
  add: '增加',
  update: '编辑',
  delete: '删除',
  setStatus: '设置状态',
};

function buttons(controller: string, actions: string[]): MenuButton[] {
  return actions.map((action) => ({
    type: 'btn',
    permission: `${controller}:${action}`,
    title: ACTION_TITLES[action] ?? action,
  }));
}

/** Top-level entries. Order values follow the reference seed (0, 10000, 11000, ...). */
export const MENU_REGISTRY: readonly MenuDefinition[] = [
  {
    type: 'dir',
    key: 'dashboard',
    name: 'dashboard',
    title: '工作台',
    path: '/dashboard',
    component: 'Layout',
    redirect: '/dashboard/home',
    icon: 'DashboardOutlined',
    order: 0,
    scope: 'tenant',
    children: [
      {
        type: 'menu',
        key: 'home',
        name: 'home',
        title: '工作台',
        path: '/dashboard/home',
        component: '/home/index',
        icon: 'HomeOutlined',
        order: 100,
        isAffix: true,
        isKeepAlive: true,
        children: [],
      },
    ],
  },
  {
    type: 'dir',
    key: 'system',
    name: 'system',
    title: '系统管理',
    path: '/system',
    component: 'Layout',
    redirect: '/system/dict',
    icon: 'SettingOutlined',
    order: 10000,
    scope: 'tenant',
    children: [
      {
        type: 'menu',
        key: 'sysDict',
        name: 'sysDict',
        title: '字典管理',
        path: '/system/dict',
        component: '/system/dict/index',
        icon: 'BookOutlined',
        order: 140,
        children: [
          ...buttons('sysDictType', ['page', 'list', 'detail', 'add', 'update', 'delete', 'setStatus']),
          ...buttons('sysDictData', ['page', 'list', 'detail', 'add', 'update', 'delete', 'setStatus']),
        ],
      },
    ],
  },
  {
    type: 'dir',
    key: 'platform',
    name: 'platform',
    title: '平台管理',
    path: '/platform',
    component: 'Layout',
    redirect: '/platform/menu',
    icon: 'AppstoreOutlined',
    order: 11000,
    scope: 'platform',
    children: [
      {
        type: 'menu',
        key: 'sysMenu',
        name: 'sysMenu',
        title: '菜单管理',
        path: '/platform/menu',
        component: '/system/menu/index',
        icon: 'MenuOutlined',
        order: 120,
        children: buttons('sysMenu', ['list', 'add', 'update', 'delete', 'setStatus']),
      },
    ],
  },
];

/** Every button permission code of the registry, with the scope of its top-level entry. */
export function registryPermissions(): Map<string, MenuScope> {
  const codes = new Map<string, MenuScope>();
  const walk = (nodes: MenuNode[], scope: MenuScope) => {
    for (const node of nodes) {
      if (node.type === 'btn') codes.set(node.permission, scope);
      else walk(node.children, scope);
    }
  };
  for (const top of MENU_REGISTRY) walk(top.children, top.scope);
  return codes;
}
