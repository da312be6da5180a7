import type { LangOptionRow } from '@lintel/contracts';
import { request } from './client';

/** The languages the platform keeps active (sysLang/dropdownData, public: the sign-in page reads it). */
export const languageKeys = { dropdown: ['sysLang', 'dropdown'] as const };
export const activeLanguages = () =>
  request<LangOptionRow[]>('/api/sysLang/dropdownData', { method: 'POST', body: undefined });
