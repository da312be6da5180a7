import type {
  GenerateSignatureInput,
  GenerateSignatureResult,
  OpenAccessFilter,
  OpenAccessInput,
  OpenAccessRow,
  OpenAccessSecret,
  OpenAccessUpdate,
  PageResult,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const openAccessKeys = { all: ['sysOpenAccess'] as const };

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pageOpenAccess = (body: OpenAccessFilter) =>
  post<PageResult<OpenAccessRow>>('/api/sysOpenAccess/page', body);
export const addOpenAccess = (body: OpenAccessInput) =>
  post<OpenAccessSecret>('/api/sysOpenAccess/add', body);
export const updateOpenAccess = (body: OpenAccessUpdate) => post<null>('/api/sysOpenAccess/update', body);
export const deleteOpenAccess = (id: string) => post<null>('/api/sysOpenAccess/delete', { id });
export const rotateOpenAccessSecret = (id: string) =>
  post<OpenAccessSecret>('/api/sysOpenAccess/secret', { id });
export const generateSignature = (body: GenerateSignatureInput) =>
  post<GenerateSignatureResult>('/api/sysOpenAccess/generateSignature', body);
