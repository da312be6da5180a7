import type {
  ApiRoute,
  GrantableMenu,
  PageResult,
  RoleFilter,
  RoleHolder,
  RoleInput,
  RoleRow,
  RoleUpdate,
  TableColumns,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

/** SPEC 6 data scopes, by value. */
export const DATA_SCOPES = [1, 2, 3, 4, 5] as const;
export const DATA_SCOPE_CUSTOM = 5;

export const roleKeys = {
  all: ['sysRole'] as const,
  page: (q: RoleFilter) => ['sysRole', 'page', q] as const,
  list: ['sysRole', 'list'] as const,
  menus: (id: string) => ['sysRole', 'menus', id] as const,
  grantable: ['sysRole', 'grantable'] as const,
  orgs: (id: string) => ['sysRole', 'orgs', id] as const,
  apis: (id: string) => ['sysRole', 'apis', id] as const,
  allApis: ['sysRole', 'allApis'] as const,
  holders: (id: string) => ['sysRole', 'holders', id] as const,
  fieldTables: ['sysRole', 'fieldTables'] as const,
  fields: (id: string) => ['sysRole', 'fields', id] as const,
};

const post = <T>(path: string, body: unknown) => request<T>(`/api/sysRole/${path}`, { method: 'POST', body });
const get = <T>(path: string, id?: string) =>
  request<T>(`/api/sysRole/${path}`, { query: id ? { Id: id } : undefined });

export const pageRoles = (q: RoleFilter) => post<PageResult<RoleRow>>('page', q);
/** Every role of the tenant (for pickers). */
export const listRoles = () => get<RoleRow[]>('list');
export const addRole = (body: RoleInput) => post<string>('add', body);
export const updateRole = (body: RoleUpdate) => post<null>('update', body);
export const copyRole = (id: string) => post<string>('copy', { id });
export const deleteRole = (id: string) => post<null>('delete', { id });
export const setRoleStatus = (id: string, status: number) => post<null>('setStatus', { id, status });
export const roleMenus = (id: string) => get<string[]>('ownMenuList', id);
export const grantableMenus = () => get<GrantableMenu[]>('grantableMenuList');
export const grantMenus = (id: string, menuIdList: string[]) => post<null>('grantMenu', { id, menuIdList });
export const roleOrgs = (id: string) => get<string[]>('ownOrgList', id);
export const grantDataScope = (id: string, dataScope: number, orgIdList: string[]) =>
  post<null>('grantDataScope', { id, dataScope, orgIdList });
export const allApis = () => get<ApiRoute[]>('allApiList');
export const roleApis = (id: string) => get<string[]>('roleApiList', id);
export const grantApis = (id: string, apiList: string[]) => post<null>('grantApi', { id, apiList });
export const roleHolders = (id: string) => get<RoleHolder[]>('ownUserList', id);
export const grantUsers = (id: string, userIdList: string[]) => post<null>('grantUser', { id, userIdList });

export const fieldTables = () => request<TableColumns[]>('/api/sysRole/allTableColumnList');
export const roleFieldBlacklist = (id: string) =>
  request<TableColumns[]>(`/api/sysRole/roleTable/${encodeURIComponent(id)}`);
export const grantFieldBlacklist = (id: string, tableColumnList: TableColumns[]) =>
  post<null>('grantRoleTable', { id, tableColumnList });
