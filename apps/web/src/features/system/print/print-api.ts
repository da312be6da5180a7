import type {
  PageResult,
  PrintFilter,
  PrintInput,
  PrintRow,
  PrintUpdate,
  UploadedFileRow,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const printAdminKeys = {
  all: ['sysPrint'] as const,
  page: (query: PrintFilter) => ['sysPrint', 'page', query] as const,
};

export const pagePrintTemplates = (query: PrintFilter) =>
  request<PageResult<PrintRow>>('/api/sysPrint/page', { method: 'POST', body: query });
export const printTemplateDetail = (id: string) =>
  request<PrintRow>('/api/sysPrint/detail', { query: { id } });
export const addPrintTemplate = (body: PrintInput) =>
  request<string>('/api/sysPrint/add', { method: 'POST', body });
export const updatePrintTemplate = (body: PrintUpdate) =>
  request<null>('/api/sysPrint/update', { method: 'POST', body });
export const deletePrintTemplate = (id: string) =>
  request<null>('/api/sysPrint/delete', { method: 'POST', body: { id } });

/** A picture for an image element, stored in the file centre as a public file (printed by address). */
export function uploadPrintImage(file: Blob, fileName: string) {
  const form = new FormData();
  form.append('path', 'print');
  form.append('isPublic', 'true');
  form.append('file', file, fileName);
  return request<UploadedFileRow>('/api/sysFile/uploadFile', { method: 'POST', body: form });
}
