import type {
  PageResult,
  RegionInput,
  RegionPageInput,
  RegionRow,
  RegionSyncResult,
  RegionUpdate,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { regionKeys } from '../../../shared/region/region-api';

export { listRegionChildren, regionKeys } from '../../../shared/region/region-api';

export const regionPageKey = (filter: RegionPageInput) => [...regionKeys.all, 'page', filter] as const;

export const searchRegions = (body: RegionPageInput) =>
  request<PageResult<RegionRow>>('/api/sysRegion/page', { method: 'POST', body });
export const addRegion = (body: RegionInput) =>
  request<string>('/api/sysRegion/add', { method: 'POST', body });
export const updateRegion = (body: RegionUpdate) =>
  request<null>('/api/sysRegion/update', { method: 'POST', body });
export const deleteRegion = (id: string) =>
  request<null>('/api/sysRegion/delete', { method: 'POST', body: { id } });
/** Loading all four levels writes about 45,000 rows: allow it more than the usual time. */
export const syncRegions = (level: number) =>
  request<RegionSyncResult>('/api/sysRegion/sync', { method: 'POST', body: { level }, timeoutMs: 300_000 });
