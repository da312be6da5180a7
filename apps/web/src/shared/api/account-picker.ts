import type { PickedUserRow } from '@lintel/contracts';
import { request } from './client';

/**
 * Accounts of the tenant by account or real name (sysUser/pickList): the pickers of the message and
 * notice forms, open to senders and notice editors who may not list accounts.
 */
export const pickAccounts = (keyword: string) =>
  request<PickedUserRow[]>('/api/sysUser/pickList', { method: 'POST', body: { keyword } });
