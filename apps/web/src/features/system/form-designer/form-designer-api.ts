import type {
  FormDataFilter,
  FormDataRow,
  FormFilter,
  FormInput,
  FormRow,
  FormUpdate,
  FormVersionRow,
  PageResult,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

type Paged<F> = F & { page: number; pageSize: number };

/** Forms of the designer (sysForm:*) and their submissions (sysFormData:*). */
export const formKeys = {
  all: ['sysForm'] as const,
  detail: (id: string) => ['sysForm', 'detail', id] as const,
  versions: (id: string) => ['sysForm', 'versions', id] as const,
  version: (id: string, version: number) => ['sysForm', 'version', id, version] as const,
  data: ['sysFormData'] as const,
};

export const pageForms = (filter: Paged<FormFilter>) =>
  request<PageResult<FormRow>>('/api/sysForm/page', { method: 'POST', body: filter });
export const formDetail = (id: string) => request<FormRow>('/api/sysForm/detail', { query: { id } });
export const addForm = (body: FormInput) => request<string>('/api/sysForm/add', { method: 'POST', body });
export const updateForm = (body: FormUpdate) =>
  request<null>('/api/sysForm/update', { method: 'POST', body });
export const deleteForm = (id: string) =>
  request<null>('/api/sysForm/delete', { method: 'POST', body: { id } });
export const publishForm = (id: string) =>
  request<{ version: number }>('/api/sysForm/publish', { method: 'POST', body: { id } });
export const formVersions = (formId: string) =>
  request<FormVersionRow[]>('/api/sysForm/versions', { query: { formId } });
export const formVersion = async (formId: string, version: number) =>
  (await request<FormVersionRow[]>('/api/sysForm/versions', { query: { formId, version } }))[0]!;

export const pageFormData = (filter: Paged<FormDataFilter>) =>
  request<PageResult<FormDataRow>>('/api/sysFormData/page', { method: 'POST', body: filter });
export const submitFormData = (formId: string, version: number, data: Record<string, unknown>) =>
  request<string>('/api/sysFormData/submit', { method: 'POST', body: { formId, version, data } });
export const deleteFormData = (id: string) =>
  request<null>('/api/sysFormData/delete', { method: 'POST', body: { id } });
