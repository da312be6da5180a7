import type { PageResult, PluginAddResult, PluginPageInput, PluginRow } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const pluginKeys = { all: ['sysPlugin'] as const };

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pagePlugins = (body: PluginPageInput) =>
  post<PageResult<PluginRow>>('/api/sysPlugin/page', body);
export const setPluginStatus = (id: string, status: number) =>
  post<null>('/api/sysPlugin/setStatus', { id, status });
export const deletePlugin = (id: string) => post<null>('/api/sysPlugin/delete', { id });

/** Uploads a plugin .zip (super admin, development only); it loads at the next start of the server. */
export function uploadPlugin(file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return request<PluginAddResult>('/api/sysPlugin/add', { method: 'POST', body: form });
}

/** The JSON a plugin answers at its index route GET /api/plugin/<name>/ (plugin-view-page). */
export const pluginIndex = (name: string) => request<unknown>(`/api/plugin/${encodeURIComponent(name)}/`);
