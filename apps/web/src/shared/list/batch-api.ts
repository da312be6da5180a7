import { request } from '../api/client';

/** What a batch route answers (server platform/http/batch.ts). */
export interface BatchResult {
  total: number;
  done: number;
  failed: { id: string; message: string }[];
}

/** `POST /api/{controller}/batchDelete { ids }`. */
export const batchDelete = (controller: string, ids: string[]) =>
  request<BatchResult>(`/api/${controller}/batchDelete`, { method: 'POST', body: { ids } });

/** `POST /api/{controller}/batchSetStatus { ids, status }` (1 enabled, 2 disabled). */
export const batchSetStatus = (controller: string, ids: string[], status: number) =>
  request<BatchResult>(`/api/${controller}/batchSetStatus`, { method: 'POST', body: { ids, status } });
