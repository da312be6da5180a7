import type { ConfigInput, ConfigPageInput, ConfigRow, ConfigUpdate, PageResult } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const configKeys = {
  all: ['sysConfig'] as const,
  groups: ['sysConfig', 'groups'] as const,
};

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pageConfigs = (body: ConfigPageInput) =>
  post<PageResult<ConfigRow>>('/api/sysConfig/page', body);
export const configGroups = () => request<string[]>('/api/sysConfig/groupList');
export const addConfig = (body: ConfigInput) => post<string>('/api/sysConfig/add', body);
export const updateConfig = (body: ConfigUpdate) => post<null>('/api/sysConfig/update', body);
export const deleteConfig = (id: string) => post<null>('/api/sysConfig/delete', { id });
