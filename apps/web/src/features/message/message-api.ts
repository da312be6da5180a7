import type { MsgLogFilter, MsgLogRow, PageResult } from '@lintel/contracts';
import { request } from '../../shared/api/client';

type Paged<F> = F & { page: number; pageSize: number };

/** The message log (sysLogMsg:*). */
export const msgLogKeys = { all: ['sysLogMsg'] as const };
export const pageMsgLog = (filter: Paged<MsgLogFilter>) =>
  request<PageResult<MsgLogRow>>('/api/sysLogMsg/page', { method: 'POST', body: filter });
export const clearMsgLog = () => request<number>('/api/sysLogMsg/clear', { method: 'POST', body: {} });
