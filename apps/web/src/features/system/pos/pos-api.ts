import { request } from '../../../shared/api/client';

export interface PosRow {
  id: string;
  name: string;
  code: string | null;
  orderNo: number;
  status: number;
  remark: string | null;
  staffCount: number;
  createTime: string;
  updateTime: string | null;
}

export interface PosInput {
  name: string;
  code: string;
  orderNo?: number;
  status?: number;
  remark?: string | null;
}

export interface StaffRow {
  id: string;
  account: string;
  realName: string | null;
  phone: string | null;
  orgName: string | null;
  status: number;
  main: boolean;
}

export interface PosFilter {
  Name?: string;
  Code?: string;
}

export const posKeys = {
  all: ['sysPos'] as const,
  list: (filter: PosFilter) => ['sysPos', 'list', filter] as const,
  staff: (id: string) => ['sysPos', 'staff', id] as const,
};

export const listPositions = (filter: PosFilter = {}) =>
  request<PosRow[]>('/api/sysPos/list', { query: { ...filter } });
export const listStaff = (id: string) => request<StaffRow[]>('/api/sysPos/staff', { query: { Id: id } });
export const addPosition = (body: PosInput) => request<string>('/api/sysPos/add', { method: 'POST', body });
export const updatePosition = (body: PosInput & { id: string }) =>
  request<null>('/api/sysPos/update', { method: 'POST', body });
export const deletePosition = (id: string) =>
  request<null>('/api/sysPos/delete', { method: 'POST', body: { id } });
