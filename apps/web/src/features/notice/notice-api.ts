import type {
  OrgNode,
  NoticeFilter,
  NoticeInput,
  NoticeRow,
  NoticeUpdate,
  PageResult,
} from '@lintel/contracts';
import { request } from '../../shared/api/client';

type Paged<F> = F & { page: number; pageSize: number };

/** Notice management (sysNotice:*): the tenant's drafts, published and cancelled notices. */
export const noticeKeys = {
  all: ['sysNotice'] as const,
  detail: (id: string) => ['sysNotice', 'detail', id] as const,
};

export const pageNotices = (filter: Paged<NoticeFilter>) =>
  request<PageResult<NoticeRow>>('/api/sysNotice/page', { method: 'POST', body: filter });
export const noticeDetail = (id: string) =>
  request<NoticeRow>(`/api/sysNotice/detail?id=${encodeURIComponent(id)}`);
export const addNotice = (body: NoticeInput) =>
  request<string>('/api/sysNotice/add', { method: 'POST', body });
export const updateNotice = (body: NoticeUpdate) =>
  request<null>('/api/sysNotice/update', { method: 'POST', body });
export const deleteNotice = (id: string) =>
  request<null>('/api/sysNotice/delete', { method: 'POST', body: { id } });
export const publishNotice = (id: string) =>
  request<{ recipientCount: number }>('/api/sysNotice/public', { method: 'POST', body: { id } });
export const cancelNotice = (id: string) =>
  request<null>('/api/sysNotice/cancel', { method: 'POST', body: { id } });

/** Notice states (Admin.NET NoticeStatusEnum) and their tag colours. */
export const NOTICE_STATUS_COLOURS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'warning' };

/** Organisations to address (the tree of sysOrg/list); accounts come from shared/api/account-picker. */
export const orgTree = () => request<OrgNode[]>('/api/sysOrg/list');
