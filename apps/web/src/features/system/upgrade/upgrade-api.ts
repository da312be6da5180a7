import type { PageResult, UpgradeFilter, UpgradeInput, UpgradeRow, UpgradeUpdate } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const upgradeAdminKeys = { all: ['sysUpgrade', 'admin'] as const };

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pageUpgrades = (body: UpgradeFilter) =>
  post<PageResult<UpgradeRow>>('/api/sysUpgrade/page', body);
export const addUpgrade = (body: UpgradeInput) => post<string>('/api/sysUpgrade/add', body);
export const updateUpgrade = (body: UpgradeUpdate) => post<null>('/api/sysUpgrade/update', body);
export const deleteUpgrade = (id: string) => post<null>('/api/sysUpgrade/delete', { id });
