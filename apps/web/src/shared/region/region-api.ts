import type { RegionRow } from '@lintel/contracts';
import { request } from '../api/client';

/** Regions are read by every signed-in account: the cascader of any form uses these calls. */
export const regionKeys = {
  all: ['sysRegion'] as const,
  children: (pid: string) => ['sysRegion', 'children', pid] as const,
};

/** The children of a region (`0`: the provinces). */
export const listRegionChildren = (pid = '0') =>
  request<RegionRow[]>('/api/sysRegion/list', { query: { Pid: pid } });
