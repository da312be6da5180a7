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
import { MODULE_MENUS } from './modules/index.js';
import type { Controller } from './permissions.js';

/** Top-level entries. Order values follow the reference seed (0, 10000, 11000, ...). */
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
        key: 'sysUser',
        name: 'sysUser',
        title: '账号管理',
        path: '/system/user',
        component: '/system/user/index',
        icon: 'UserOutlined',
        order: 100,
        children: buttons('sysUser', [
          'page',
          'detail',
          'add',
          'update',
          'delete',
          'setStatus',
          'grantRole',
          'resetPwd',
          'unlockLogin',
          'export',
          'import',
        ]),
      },
      {
        type: 'menu',
        key: 'sysRole',
        name: 'sysRole',
        title: '角色管理',
        path: '/system/role',
        component: '/system/role/index',
        icon: 'TeamOutlined',
        order: 110,
        children: buttons('sysRole', [
          'page',
          'list',
          'add',
          'update',
          'copy',
          'delete',
          'setStatus',
          'grantMenu',
          'grantDataScope',
          'grantApi',
          'grantUser',
          'grantRoleTable',
          'export',
        ]),
      },
      {
        type: 'menu',
        key: 'sysOrg',
        name: 'sysOrg',
        title: '机构管理',
        path: '/system/org',
        component: '/system/org/index',
        icon: 'ClusterOutlined',
        order: 120,
        children: buttons('sysOrg', ['list', 'add', 'update', 'delete']),
      },
      {
        type: 'menu',
        key: 'sysPos',
        name: 'sysPos',
        title: '职位管理',
        path: '/system/pos',
        component: '/system/pos/index',
        icon: 'IdcardOutlined',
        order: 130,
        children: buttons('sysPos', ['list', 'add', 'update', 'delete', 'export']),
      },
      {
        type: 'menu',
        key: 'sysOnlineUser',
        name: 'sysOnlineUser',
        title: '在线用户',
        path: '/system/onlineUser',
        component: '/system/onlineUser/index',
        icon: 'WifiOutlined',
        order: 135,
        children: buttons('sysOnlineUser', ['page', 'forceOffline', 'sendMessage']),
      },
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
      {
        type: 'menu',
        key: 'userCenter',
        name: 'userCenter',
        title: '个人中心',
        path: '/system/userCenter',
        component: '/system/user/component/userCenter',
        icon: 'IdcardOutlined',
        order: 160,
        allUsers: true,
        children: [],
      },
      {
        type: 'menu',
        key: 'sysInfoSetting',
        name: 'sysInfoSetting',
        title: '系统信息',
        path: '/system/infoSetting',
        component: '/system/infoSetting/index',
        icon: 'InfoCircleOutlined',
        order: 170,
        children: [{ type: 'btn', permission: 'sysTenant:saveSysInfo', title: '保存' }],
      },
      {
        type: 'menu',
        key: 'sysOAuth',
        name: 'sysOAuth',
        title: '三方登录',
        path: '/system/oauth',
        component: '/system/oauth/index',
        icon: 'LinkOutlined',
        order: 150,
        children: buttons('sysOAuth', ['page', 'add', 'update', 'delete', 'setStatus']),
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
      {
        type: 'menu',
        key: 'sysTenant',
        name: 'sysTenant',
        title: '租户管理',
        path: '/platform/tenant',
        component: '/system/tenant/index',
        icon: 'BankOutlined',
        order: 100,
        children: buttons('sysTenant', [
          'page',
          'add',
          'update',
          'delete',
          'setStatus',
          'grantMenu',
          'resetPwd',
          'userList',
          'createDb',
          'initTenantDb',
          'initTenantData',
          'syncTenantDb',
          'changeTenant',
          'goTenant',
          'syncGrantMenu',
          'export',
        ]),
      },
      {
        // The API documentation of this server, shown inside the shell (meta.isIframe).
        type: 'menu',
        key: 'sysApi',
        name: 'sysApi',
        title: '系统接口',
        path: '/platform/api',
        icon: 'ApiOutlined',
        order: 200,
        isIframe: true,
        outLink: '/swagger',
        children: [],
      },
    ],
  },
  {
    type: 'dir',
    key: 'log',
    name: 'log',
    title: '日志管理',
    path: '/log',
    component: 'Layout',
    redirect: '/log/oplog',
    icon: 'ProfileOutlined',
    order: 12000,
    scope: 'tenant',
    children: [
      {
        type: 'menu',
        key: 'sysLogOp',
        name: 'sysLogOp',
        title: '操作日志',
        path: '/log/oplog',
        component: '/system/log/oplog/index',
        icon: 'FileOutlined',
        order: 100,
        children: buttons('sysLogOp', ['page', 'export', 'clear']),
      },
      {
        type: 'menu',
        key: 'sysLogDiff',
        name: 'sysLogDiff',
        title: '差异日志',
        path: '/log/difflog',
        component: '/system/log/difflog/index',
        icon: 'FormOutlined',
        order: 110,
        children: buttons('sysLogDiff', ['page', 'export']),
      },
    ],
  },
  {
    // Developer tools: the schema of the databases and the code generator (super admin only).
    type: 'dir',
    key: 'develop',
    name: 'develop',
    title: '开发工具',
    path: '/develop',
    component: 'Layout',
    redirect: '/develop/database',
    icon: 'ToolOutlined',
    order: 13000,
    scope: 'platform',
    children: [
      {
        type: 'menu',
        key: 'sysDatabase',
        name: 'sysDatabase',
        title: '库表管理',
        path: '/develop/database',
        component: '/system/database/index',
        icon: 'DatabaseOutlined',
        order: 100,
        children: buttons('sysDatabase', [
          'list',
          'tableList',
          'columnList',
          'visualDbTable',
          'createSeedData',
          'addTable',
          'updateTable',
          'deleteTable',
          'addColumn',
          'updateColumn',
          'deleteColumn',
        ]),
      },
      {
        type: 'menu',
        key: 'sysDatabaseVisual',
        name: 'sysDatabaseVisual',
        title: '库表可视化',
        path: '/develop/database/visual',
        component: '/system/database/visual',
        icon: 'DatabaseOutlined',
        order: 105,
        isHide: true,
        children: [],
      },
      {
        type: 'menu',
        key: 'sysCodeGen',
        name: 'sysCodeGen',
        title: '代码生成',
        path: '/develop/codeGen',
        component: '/system/codeGen/index',
        icon: 'CodeOutlined',
        order: 110,
        children: [
          ...buttons('sysCodeGen', [
            'page',
            'detail',
            'add',
            'update',
            'delete',
            'syncField',
            'preview',
            'download',
            'runLocal',
          ]),
          ...buttons('sysCodeGenConfig', ['list', 'update']),
        ],
      },
    ],
  },
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
