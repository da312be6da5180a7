import type { OnlineUserFilter, OnlineUserRow, PageResult, SendMessageInput } from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { ONLINE_USERS_KEY } from '../../../shared/realtime/realtime-events';

export const onlineUserKeys = {
  all: ONLINE_USERS_KEY,
  page: (query: OnlineUserFilter) => [...ONLINE_USERS_KEY, 'page', query] as const,
};

export const pageOnlineUsers = (query: OnlineUserFilter) =>
  request<PageResult<OnlineUserRow>>('/api/sysOnlineUser/page', { method: 'POST', body: query });
export const forceOffline = (connectionId: string) =>
  request<null>('/api/sysOnlineUser/forceOffline', { method: 'POST', body: { connectionId } });
export const sendMessage = (body: SendMessageInput) =>
  request<null>('/api/sysOnlineUser/sendMessage', { method: 'POST', body });
