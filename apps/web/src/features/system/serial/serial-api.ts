import type {
  PageResult,
  SerialFilter,
  SerialInput,
  SerialNext,
  SerialRow,
  SerialUpdate,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const serialKeys = { all: ['sysSerial'] as const };

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pageSerials = (body: SerialFilter) => post<PageResult<SerialRow>>('/api/sysSerial/page', body);
export const addSerial = (body: SerialInput) => post<string>('/api/sysSerial/add', body);
export const updateSerial = (body: SerialUpdate) => post<null>('/api/sysSerial/update', body);
export const deleteSerial = (id: string) => post<null>('/api/sysSerial/delete', { id });
export const nextSerial = (code: string) => post<SerialNext>('/api/sysSerial/next', { code });
