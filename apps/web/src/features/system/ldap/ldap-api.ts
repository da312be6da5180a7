import type {
  LdapFilter,
  LdapInput,
  LdapRow,
  LdapSyncReport,
  LdapTestResult,
  LdapUpdate,
  PageResult,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const ldapKeys = { all: ['sysLdap'] as const };

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export type LdapSyncKind = 'syncDept' | 'syncUser';

export const pageLdap = (body: LdapFilter) => post<PageResult<LdapRow>>('/api/sysLdap/page', body);
export const addLdap = (body: LdapInput) => post<string>('/api/sysLdap/add', body);
export const updateLdap = (body: LdapUpdate) => post<null>('/api/sysLdap/update', body);
export const deleteLdap = (id: string) => post<null>('/api/sysLdap/delete', { id });
export const testLdap = (id: string) => post<LdapTestResult>('/api/sysLdap/testConnection', { id });
export const syncLdap = (kind: LdapSyncKind, id: string, preview: boolean) =>
  post<LdapSyncReport>(`/api/sysLdap/${kind}`, { id, preview });
