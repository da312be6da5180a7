import type {
  PageResult,
  TenantFilter,
  TenantGrantableMenu,
  TenantInput,
  TenantRow,
  TenantUpdate,
  TenantUserFilter,
  TenantUserRow,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const tenantKeys = {
  all: ['sysTenant'] as const,
  page: (q: TenantFilter) => ['sysTenant', 'page', q] as const,
  menus: (id: string) => ['sysTenant', 'menus', id] as const,
  grantable: ['sysTenant', 'grantable'] as const,
  users: (q: TenantUserFilter) => ['sysTenant', 'users', q] as const,
};

const post = <T>(path: string, body: unknown) =>
  request<T>(`/api/sysTenant/${path}`, { method: 'POST', body });

export const pageTenants = (q: TenantFilter) => post<PageResult<TenantRow>>('page', q);
export const addTenant = (body: TenantInput) => post<string>('add', body);
export const updateTenant = (body: TenantUpdate) => post<null>('update', body);
export const deleteTenant = (id: string) => post<null>('delete', { id });
export const setTenantStatus = (id: string, status: number) => post<null>('setStatus', { id, status });
export const grantableTenantMenus = () => request<TenantGrantableMenu[]>('/api/sysTenant/grantableMenuList');
export const tenantMenus = (id: string) => request<string[]>('/api/sysTenant/ownMenuList', { query: { id } });
export const grantTenantMenus = (id: string, menuIdList: string[]) =>
  post<null>('grantMenu', { id, menuIdList });
export const resetTenantPassword = (id: string) => post<string>('resetPwd', { id });
export const tenantUsers = (q: TenantUserFilter) => post<PageResult<TenantUserRow>>('userList', q);
