import type { PageResult } from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { ONLINE_USERS_KEY, type MessageType } from '../../../shared/realtime/realtime-events';

export interface OnlineUserRow {
  connectionId: string;
  userId: string;
  account: string;
  realName: string | null;
  time: string;
  ip: string | null;
  browser: string | null;
  os: string | null;
  tenantId: string;
}

export interface OnlineUserFilter {
  account?: string;
  realName?: string;
}

export interface OnlineUserQuery extends OnlineUserFilter {
  page: number;
  pageSize: number;
}

export interface SendMessageInput {
  userId: string;
  title: string;
  message: string;
  messageType: MessageType;
}

export const onlineUserKeys = {
  all: ONLINE_USERS_KEY,
  page: (query: OnlineUserQuery) => [...ONLINE_USERS_KEY, 'page', query] as const,
};

export const pageOnlineUsers = (query: OnlineUserQuery) =>
  request<PageResult<OnlineUserRow>>('/api/sysOnlineUser/page', { method: 'POST', body: query });
export const forceOffline = (connectionId: string) =>
  request<null>('/api/sysOnlineUser/forceOffline', { method: 'POST', body: { connectionId } });
export const sendMessage = (body: SendMessageInput) =>
  request<null>('/api/sysOnlineUser/sendMessage', { method: 'POST', body });
