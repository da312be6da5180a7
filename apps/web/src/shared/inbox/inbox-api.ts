import type {
  InboxFilter,
  InboxMessageRow,
  PageResult,
  ReceivedNoticeFilter,
  ReceivedNoticeRow,
  UnreadCount,
} from '@lintel/contracts';
import { request } from '../api/client';
import { INBOX_KEY } from '../realtime/realtime-events';

/**
 * The signed-in account's own notices and messages (any account may read them): the top bar bell,
 * the inbox page and the dashboard widget. Every key starts with INBOX_KEY, so the realtime
 * connector refreshes them all on PublicNotice and ReceiveMessage.
 */
type Paged<F> = F & { page: number; pageSize: number };

export const inboxKeys = {
  notices: [...INBOX_KEY, 'notices'] as const,
  unreadNotices: [...INBOX_KEY, 'notices', 'unread'] as const,
  latestNotices: [...INBOX_KEY, 'notices', 'latest'] as const,
  messages: [...INBOX_KEY, 'messages'] as const,
  unreadMessages: [...INBOX_KEY, 'messages', 'unread'] as const,
  count: [...INBOX_KEY, 'count'] as const,
};

/** Where the inbox page lives (menu sysInbox, reached by every account). */
export const INBOX_PATH = '/system/inbox';
/** What a link into the inbox asks it to show (navigation state, so the inbox stays one tag). */
export interface InboxTarget {
  tab: 'notices' | 'messages';
  id?: string;
}

export const pageReceived = (filter: Paged<ReceivedNoticeFilter>) =>
  request<PageResult<ReceivedNoticeRow>>('/api/sysNotice/pageReceived', { method: 'POST', body: filter });
export const unreadNotices = () => request<ReceivedNoticeRow[]>('/api/sysNotice/unReadList');
export const setNoticeRead = (id: string) =>
  request<null>('/api/sysNotice/setRead', { method: 'POST', body: { id } });
export const setAllNoticesRead = () =>
  request<number>('/api/sysNotice/setAllRead', { method: 'POST', body: {} });

export const pageInbox = (filter: Paged<InboxFilter>) =>
  request<PageResult<InboxMessageRow>>('/api/sysMessage/pageReceived', { method: 'POST', body: filter });
/** Opening a message marks it read. */
export const messageDetail = (id: string) =>
  request<InboxMessageRow>(`/api/sysMessage/detail?id=${encodeURIComponent(id)}`);
export const unreadMessages = () => request<InboxMessageRow[]>('/api/sysMessage/unReadList');
export const unreadCount = () => request<UnreadCount>('/api/sysMessage/unReadCount');
export const setAllMessagesRead = () =>
  request<number>('/api/sysMessage/setAllRead', { method: 'POST', body: {} });
