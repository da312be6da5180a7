import type {
  ConstItemRow,
  ConstTypeRow,
  DictDataInput,
  DictDataPageInput,
  DictDataRow,
  DictDataUpdate,
  DictTypeInput,
  DictTypePageInput,
  DictTypeRow,
  DictTypeUpdate,
  PageResult,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const dictKeys = {
  types: ['sysDictType'] as const,
  data: ['sysDictData'] as const,
  consts: ['sysConst', 'list'] as const,
  constData: (typeName: string) => ['sysConst', 'data', typeName] as const,
};

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pageDictTypes = (body: DictTypePageInput) =>
  post<PageResult<DictTypeRow>>('/api/sysDictType/page', body);
export const addDictType = (body: DictTypeInput) => post<string>('/api/sysDictType/add', body);
export const updateDictType = (body: DictTypeUpdate) => post<null>('/api/sysDictType/update', body);
export const deleteDictType = (id: string) => post<null>('/api/sysDictType/delete', { id });
export const setDictTypeStatus = (id: string, status: number) =>
  post<null>('/api/sysDictType/setStatus', { id, status });

export const pageDictData = (body: DictDataPageInput) =>
  post<PageResult<DictDataRow>>('/api/sysDictData/page', body);
export const addDictData = (body: DictDataInput) => post<string>('/api/sysDictData/add', body);
export const updateDictData = (body: DictDataUpdate) => post<null>('/api/sysDictData/update', body);
export const deleteDictData = (id: string) => post<null>('/api/sysDictData/delete', { id });
export const setDictDataStatus = (id: string, status: number) =>
  post<null>('/api/sysDictData/setStatus', { id, status });

export const listConstTypes = () => request<ConstTypeRow[]>('/api/sysConst/list');
export const constData = (typeName: string) =>
  request<ConstItemRow[]>(`/api/sysConst/data/${encodeURIComponent(typeName)}`);
