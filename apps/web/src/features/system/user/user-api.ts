import type { AddUserInput, PageResult, UserDetail, UserFilter, UserRow } from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { fetchSysInfo } from '../../../shared/session/session-api';
import { encryptPassword } from '../../../shared/session/encrypt-password';

export const userKeys = {
  all: ['sysUser'] as const,
  page: (q: UserFilter) => ['sysUser', 'page', q] as const,
  detail: (id: string) => ['sysUser', 'detail', id] as const,
};

const post = <T>(path: string, body: unknown) => request<T>(`/api/sysUser/${path}`, { method: 'POST', body });

/** SM2 with the tenant's public key, as the sign-in form sends passwords. */
async function encrypted(password: string | undefined, tenantId: string): Promise<string | undefined> {
  if (!password) return undefined;
  const { publicKey } = await fetchSysInfo(tenantId);
  return encryptPassword(password, publicKey);
}

export const pageUsers = (q: UserFilter) => post<PageResult<UserRow>>('page', q);
export const userDetail = (id: string) => request<UserDetail>('/api/sysUser/detail', { query: { id } });
/** `password` is plain text from the form (empty: the tenant's default); it is encrypted before it is sent. */
export const addUser = async ({ password, ...body }: AddUserInput, tenantId: string) =>
  post<string>('add', { ...body, password: await encrypted(password, tenantId) });
export const updateUser = ({ password: _unused, ...body }: AddUserInput & { id: string }) =>
  post<null>('update', body);
export const deleteUser = (id: string) => post<null>('delete', { id });
export const setUserStatus = (id: string, status: number) => post<null>('setStatus', { id, status });
export const grantUserRoles = (userId: string, roleIdList: string[]) =>
  post<null>('grantRole', { userId, roleIdList });
export const unlockUser = (id: string) => post<null>('unlockLogin', { id });
/** Answers the new password (the given one, or the tenant default). */
export const resetUserPassword = async (id: string, password: string | undefined, tenantId: string) =>
  post<string>('resetPwd', { id, password: await encrypted(password, tenantId) });
