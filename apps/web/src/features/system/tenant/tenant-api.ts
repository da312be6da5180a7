import type { PageResult } from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import type { GrantableMenu } from '../role/role-api';

/** Tenant types: 0 shares the main database (the only one available), 1 has a database of its own. */
export const TENANT_TYPE_SHARED = 0;
export const TENANT_TYPE_OWN_DB = 1;

export interface TenantRow {
  id: string;
  name: string;
  userId: string | null;
  adminAccount: string | null;
  orgId: string | null;
  phone: string | null;
  email: string | null;
  host: string | null;
  tenantType: number;
  dbType: string | null;
  enableReg: boolean;
  logo: string | null;
  title: string;
  viceTitle: string | null;
  viceDesc: string | null;
  watermark: string | null;
  copyright: string | null;
  icp: string | null;
  icpUrl: string | null;
  orderNo: number;
  status: number;
  remark: string | null;
  createTime: string;
  updateTime: string | null;
}

export interface TenantInput {
  name: string;
  adminAccount: string;
  phone: string;
  email?: string | null;
  host?: string | null;
  tenantType?: number;
  enableReg?: boolean;
  title?: string;
  viceTitle?: string | null;
  viceDesc?: string | null;
  watermark?: string | null;
  copyright?: string | null;
  icp?: string | null;
  icpUrl?: string | null;
  orderNo?: number;
  status?: number;
  remark?: string | null;
}

export interface TenantQuery {
  page: number;
  pageSize: number;
  name?: string;
  phone?: string;
}

export interface TenantUser {
  id: string;
  account: string;
  realName: string | null;
  phone: string | null;
  email: string | null;
  accountType: number;
  orgName: string | null;
  status: number;
  lastLoginTime: string | null;
  createTime: string;
}

export interface TenantUserQuery {
  id: string;
  page: number;
  pageSize: number;
  account?: string;
}

export const tenantKeys = {
  all: ['sysTenant'] as const,
  page: (q: TenantQuery) => ['sysTenant', 'page', q] as const,
  menus: (id: string) => ['sysTenant', 'menus', id] as const,
  grantable: ['sysTenant', 'grantable'] as const,
  users: (q: TenantUserQuery) => ['sysTenant', 'users', q] as const,
};

const post = <T>(path: string, body: unknown) =>
  request<T>(`/api/sysTenant/${path}`, { method: 'POST', body });

export const pageTenants = (q: TenantQuery) => post<PageResult<TenantRow>>('page', q);
export const addTenant = (body: TenantInput) => post<string>('add', body);
export const updateTenant = (body: TenantInput & { id: string }) => post<null>('update', body);
export const deleteTenant = (id: string) => post<null>('delete', { id });
export const setTenantStatus = (id: string, status: number) => post<null>('setStatus', { id, status });
export const grantableTenantMenus = () => request<GrantableMenu[]>('/api/sysTenant/grantableMenuList');
export const tenantMenus = (id: string) => request<string[]>('/api/sysTenant/ownMenuList', { query: { id } });
export const grantTenantMenus = (id: string, menuIdList: string[]) =>
  post<null>('grantMenu', { id, menuIdList });
export const resetTenantPassword = (id: string) => post<string>('resetPwd', { id });
export const tenantUsers = (q: TenantUserQuery) => post<PageResult<TenantUser>>('userList', q);
