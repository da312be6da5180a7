import type { PosFilter, PosInput, PosRow, PosUpdate, StaffRow } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const posKeys = {
  all: ['sysPos'] as const,
  list: (filter: PosFilter) => ['sysPos', 'list', filter] as const,
  staff: (id: string) => ['sysPos', 'staff', id] as const,
};

export const listPositions = (filter: PosFilter = {}) =>
  request<PosRow[]>('/api/sysPos/list', { query: { ...filter } });
export const listStaff = (id: string) => request<StaffRow[]>('/api/sysPos/staff', { query: { Id: id } });
export const addPosition = (body: PosInput) => request<string>('/api/sysPos/add', { method: 'POST', body });
export const updatePosition = (body: PosUpdate) =>
  request<null>('/api/sysPos/update', { method: 'POST', body });
export const deletePosition = (id: string) =>
  request<null>('/api/sysPos/delete', { method: 'POST', body: { id } });
