/**
 * The permission registry: every directory, page and button of the product, in menu-tree order.
 *
 * The seed turns this tree into `sys_menu` rows (keyed by `key`, so it can be re-applied on every
 * start), and every server route that is not public or open to any signed-in user names one of the
 * button codes declared here. A route whose code is missing here fails the route-registry test.
 *
 * `scope: 'platform'` marks the core system modules: only the super admin holds and grants them.
 */

import {
  buttons,
  type MenuDefinition,
  type MenuNode,
  type MenuScope,
  type ModuleMenu,
} from './menu-types.js';
import { ADMIN_MENUS } from './menus-admin.js';
import { AI_CONFIG_MENU, AI_MENU } from './menus-ai.js';
import { DEMO_MENU } from './menus-demo.js';
export { demoMenuKeys } from './menus-demo.js';
import { APPROVAL_MENU } from './menus-approval.js';
export { APPROVAL_PERSONAL_MENU_KEYS } from './menus-approval.js';
export { AI_STUDENT_MENU_KEYS } from './menus-ai.js';
import { SYSTEM_MENU } from './menus-system.js';
import { MODULE_MENUS } from './modules/index.js';
import type { Controller } from './permissions.js';

/**
 * Top-level entries, in order; the system and the administration directories have files of their
 * own. Order values follow the reference seed (0, 10000, 11000, ...).
 */
const CORE_MENUS: readonly MenuDefinition[] = [
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
  SYSTEM_MENU,
  ...ADMIN_MENUS,
  APPROVAL_MENU,
  AI_MENU,
  AI_CONFIG_MENU,
  DEMO_MENU,
  {
    type: 'dir',
    key: 'doc',
    name: 'doc',
    title: '帮助文档',
    path: '/doc',
    component: 'Layout',
    icon: 'BookOutlined',
    order: 14000,
    scope: 'tenant',
    children: [
      {
        // A short guide per area of the product, for every signed-in account.
        type: 'menu',
        key: 'docGuide',
        name: 'docGuide',
        title: '使用指南',
        path: '/doc/guide',
        component: '/doc/guide/index',
        icon: 'ReadOutlined',
        order: 50,
        allUsers: true,
        children: [],
      },
      {
        // External links: the menu opens a new tab (meta.isLink without meta.isIframe).
        type: 'menu',
        key: 'docFastify',
        name: 'docFastify',
        title: 'Fastify 文档',
        path: '/doc/fastify',
        icon: 'LinkOutlined',
        order: 100,
        outLink: 'https://fastify.dev/docs/latest/',
        children: [],
      },
      {
        type: 'menu',
        key: 'docAntd',
        name: 'docAntd',
        title: 'Ant Design 文档',
        path: '/doc/antd',
        icon: 'LinkOutlined',
        order: 110,
        outLink: 'https://ant.design',
        children: [],
      },
    ],
  },
  {
    type: 'menu',
    key: 'about',
    name: 'about',
    title: '关于项目',
    path: '/about',
    component: '/about/index',
    icon: 'InfoCircleOutlined',
    order: 15000,
    scope: 'tenant',
    allUsers: true,
    children: [],
  },
];

/** Registry keys (`menu:<key>`, as the seed stores them) of the pages every signed-in account reaches. */
export function allUsersMenuKeys(): string[] {
  const keys: string[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.type === 'btn') continue;
      if (node.allUsers) keys.push(`menu:${node.key}`);
      walk(node.children);
    }
  };
  walk(MENU_REGISTRY);
  return keys;
}

/** Places each module's page under its directory, with a button per action it names. */
function withModuleMenus(core: readonly MenuDefinition[], modules: readonly ModuleMenu[]): MenuDefinition[] {
  const lost = modules.find((m) => !core.some((top) => top.key === m.parent));
  if (lost)
    throw new Error(`The page ${lost.key} names a menu directory that does not exist: ${lost.parent}`);
  return core.map((top) => {
    const mine = modules.filter((m) => m.parent === top.key);
    if (mine.length === 0) return top;
    const pages = mine.map(({ parent: _parent, buttons: actions, ...page }): MenuNode => ({
      ...page,
      type: 'menu',
      children: buttons(page.key as Controller, actions as never),
    }));
    return { ...top, children: [...top.children, ...pages] };
  });
}

/** The registry: the product's directories and pages, with the module-kit modules' pages placed in them. */
export const MENU_REGISTRY: readonly MenuDefinition[] = withModuleMenus(CORE_MENUS, MODULE_MENUS);

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
