import { request } from '../api/client';
import { withSafeLinks } from './safe-links';
import type { MenuTreeNode, SysInfo, UserInfo } from './types';

/** Query keys carry the tenant so that two tenants never share cached data (one tab, one tenant). */
export const sessionKeys = {
  sysInfo: (tenantId: string) => ['sysInfo', tenantId] as const,
  userInfo: ['session', 'userInfo'] as const,
  menuTree: ['session', 'menuTree'] as const,
};

export const fetchSysInfo = (tenantId: string) =>
  request<SysInfo>(`/api/sysTenant/sysInfo/${encodeURIComponent(tenantId)}`);
export const fetchUserInfo = () => request<UserInfo>('/api/sysAuth/userInfo');
export const fetchMenuTree = () =>
  request<MenuTreeNode[]>('/api/sysMenu/loginMenuTree').then((tree) => tree && withSafeLinks(tree));
export const logout = () => request<null>('/api/sysAuth/logout', { method: 'POST', customCatch: true });
