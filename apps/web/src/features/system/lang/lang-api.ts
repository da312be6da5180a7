import type { LangInput, LangPageInput, LangRow, LangUpdate, PageResult } from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { activeLanguages, languageKeys } from '../../../shared/api/languages';

export const langKeys = {
  all: ['sysLang'] as const,
  dropdown: languageKeys.dropdown,
};

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pageLangs = (body: LangPageInput) => post<PageResult<LangRow>>('/api/sysLang/page', body);
export const addLang = (body: LangInput) => post<string>('/api/sysLang/add', body);
export const updateLang = (body: LangUpdate) => post<null>('/api/sysLang/update', body);
export const deleteLang = (id: string) => post<null>('/api/sysLang/delete', { id });
/** The active languages (public: the sign-in page and the language switch read it too). */
export const langDropdown = activeLanguages;
