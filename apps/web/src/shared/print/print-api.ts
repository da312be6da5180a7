import type { PrintRow, PrintSummary } from '@lintel/contracts';
import { request } from '../api/client';

/** The templates every account may read: the chooser of a list and one template by name. */
export const printKeys = {
  choices: (bizType: string) => ['sysPrint', 'choices', bizType] as const,
};

export const listPrintTemplates = (bizType: string) =>
  request<PrintSummary[]>('/api/sysPrint/list', { query: { bizType } });
export const printTemplateByName = (name: string) =>
  request<PrintRow>(`/api/sysPrint/print/${encodeURIComponent(name)}`);
