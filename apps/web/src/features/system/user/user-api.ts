import type { BaseInfo, PageResult } from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { fetchSysInfo } from '../../../shared/session/session-api';
import { encryptPassword } from '../../../shared/session/encrypt-password';

export interface UserRow {
  id: string;
  account: string;
  realName: string | null;
  nickName: string | null;
  avatar: string | null;
  sex: number;
  phone: string | null;
  email: string | null;
  accountType: number;
  orgId: string | null;
  orgName: string | null;
  posId: string | null;
  posName: string | null;
  jobNum: string | null;
  status: number;
  orderNo: number;
  locked: boolean;
  lastLoginIp: string | null;
  lastLoginTime: string | null;
  createTime: string;
}

export interface ExtOrg {
  orgId: string;
  orgName?: string | null;
  posId?: string | null;
  posName?: string | null;
  jobNum?: string | null;
  posLevel?: string | null;
  joinDate?: string | null;
}

export interface UserDetail extends BaseInfo {
  orderNo: number;
  remark: string | null;
  locked: boolean;
  roleIdList: string[];
  extOrgIdList: ExtOrg[];
}

/** What the add / edit form sends (profile fields are optional, as on the server). */
export interface UserInput extends Partial<
  Omit<BaseInfo, 'id' | 'tenantId' | 'roles' | 'orgName' | 'posName'>
> {
  account: string;
  realName: string;
  orgId: string;
  orderNo?: number;
  remark?: string | null;
  roleIdList?: string[];
  extOrgIdList?: ExtOrg[];
  /** Plain text in the form; encrypted before it is sent. Empty: the tenant's default password. */
  password?: string;
}

export interface UserQuery {
  page: number;
  pageSize: number;
  account?: string;
  realName?: string;
  phone?: string;
  status?: number;
  orgId?: string;
  field?: string;
  /** antd's sort order ('ascend' / 'descend'); descStr names the descending one for the server. */
  order?: string;
  descStr?: string;
}

export const userKeys = {
  all: ['sysUser'] as const,
  page: (q: UserQuery) => ['sysUser', 'page', q] as const,
  detail: (id: string) => ['sysUser', 'detail', id] as const,
};

const post = <T>(path: string, body: unknown) => request<T>(`/api/sysUser/${path}`, { method: 'POST', body });

/** SM2 with the tenant's public key, as the sign-in form sends passwords. */
async function encrypted(password: string | undefined, tenantId: string): Promise<string | undefined> {
  if (!password) return undefined;
  const { publicKey } = await fetchSysInfo(tenantId);
  return encryptPassword(password, publicKey);
}

export const pageUsers = (q: UserQuery) => post<PageResult<UserRow>>('page', q);
export const userDetail = (id: string) => request<UserDetail>('/api/sysUser/detail', { query: { id } });
export const addUser = async ({ password, ...body }: UserInput, tenantId: string) =>
  post<string>('add', { ...body, password: await encrypted(password, tenantId) });
export const updateUser = ({ password: _unused, ...body }: UserInput & { id: string }) =>
  post<null>('update', body);
export const deleteUser = (id: string) => post<null>('delete', { id });
export const setUserStatus = (id: string, status: number) => post<null>('setStatus', { id, status });
export const grantUserRoles = (userId: string, roleIdList: string[]) =>
  post<null>('grantRole', { userId, roleIdList });
export const unlockUser = (id: string) => post<null>('unlockLogin', { id });
/** Answers the new password (the given one, or the tenant default). */
export const resetUserPassword = async (id: string, password: string | undefined, tenantId: string) =>
  post<string>('resetPwd', { id, password: await encrypted(password, tenantId) });
