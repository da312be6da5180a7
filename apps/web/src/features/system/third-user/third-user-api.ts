import type { PageResult, ThirdUserFilter, ThirdUserRow } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const thirdUserKeys = { all: ['sysWechatUser'] as const };

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pageThirdUsers = (body: ThirdUserFilter) =>
  post<PageResult<ThirdUserRow>>('/api/sysWechatUser/page', body);
export const unbindThirdUser = (id: string) => post<null>('/api/sysWechatUser/delete', { id });
