import type { PageResult } from '@lintel/contracts';
import type { MenuTreeNode, SysInfo, UserInfo } from '../shared/session/types';

/** A real SM2 public key (hex, 04-prefixed) so that sm-crypto can encrypt in tests. */
export const PUBLIC_KEY =
  '0431c14b5ebc0a0f178173cf6821a88351f032d09fd7703841f9a2cfe6c2726917f0cdfc6b2cbca8fb2bb4e481bf1792616fddf21380ee7e6f507c42b2b963d60a';

/** One page of a paged list's answer, as the server sends it. */
export const pageOf = <T>(items: T[], total = items.length, page = 1, pageSize = 20): PageResult<T> => ({
  page,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
  items,
  hasPrevPage: page > 1,
  hasNextPage: page * pageSize < total,
});

export const sysInfo = (over: Partial<SysInfo> = {}): SysInfo => ({
  tenantId: '1300000000001',
  logo: '/upload/logo.png',
  title: 'Lintel Test',
  viceTitle: '工地管理一体化平台',
  viceDesc: null,
  icp: null,
  icpUrl: null,
  watermark: null,
  copyright: 'Copyright',
  version: '0.1.0',
  carouselFiles: [],
  themeColor: '#0f59a4',
  // The app's own defaults (theme-config.ts), so a tenant preset changes nothing unless a test sets one.
  layout: 'columns',
  animation: 'fadeDown',
  secondVer: false,
  captcha: false,
  forceChangePassword: false,
  passwordExpirationTime: 0,
  i18NSwitch: true,
  idleTimeout: 0,
  onlineNotice: false,
  publicKey: PUBLIC_KEY,
  demo: { account: 'admin', password: 'Lintel@2026' },
  ...over,
});

export const userInfo = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: '1',
  tenantId: '1300000000001',
  account: 'admin',
  realName: '系统管理员',
  nickName: null,
  phone: null,
  email: null,
  accountType: 888,
  avatar: null,
  orgId: '1',
  orgName: '系统默认',
  posId: '1',
  posName: '总经理',
  roles: ['sys_admin'],
  apis: [],
  lastChangePasswordTime: null,
  watermarkText: 'admin',
  isSuperAdmin: false,
  ...over,
});

const meta = (title: string, icon: string | null = null) => ({
  title,
  icon,
  isIframe: false,
  isLink: null,
  isHide: false,
  isKeepAlive: true,
  isAffix: false,
  isPublic: false,
  roles: [],
});

export const menuTree = (): MenuTreeNode[] => [
  {
    id: '10',
    pid: '0',
    name: 'dashboard',
    path: '/dashboard',
    component: 'Layout',
    redirect: '/dashboard/home',
    meta: meta('仪表盘', 'DashboardOutlined'),
    children: [
      {
        id: '11',
        pid: '10',
        name: 'home',
        path: '/dashboard/home',
        component: '/home/index',
        redirect: null,
        meta: meta('工作台', 'HomeOutlined'),
        children: [],
      },
    ],
  },
  {
    id: '20',
    pid: '0',
    name: 'system',
    path: '/system',
    component: 'Layout',
    redirect: null,
    meta: meta('系统管理', 'SettingOutlined'),
    children: [
      {
        id: '21',
        pid: '20',
        name: 'sysDict',
        path: '/system/dict',
        component: '/system/dict/index',
        redirect: null,
        meta: meta('字典管理', 'BookOutlined'),
        children: [],
      },
    ],
  },
];
