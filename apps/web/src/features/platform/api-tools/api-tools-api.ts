import type { ApiListItem, SmKeyPairOutput } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const apiToolsKeys = {
  list: ['sysCommon', 'apiList'] as const,
};

/**
 * The server takes the text in the path (Admin.NET's contract) and refuses a path parameter longer
 * than 256 characters as sent, so the form checks the escaped length before asking.
 */
export const MAX_ENCODED_TEXT = 256;
export const encodedLength = (text: string) => encodeURIComponent(text).length;

export const listApis = () => request<ApiListItem[]>('/api/sysCommon/apiList');
export const newSmKeyPair = () => request<SmKeyPairOutput>('/api/sysCommon/smKeyPair');
export const encryptPlainText = (plainText: string) =>
  request<string>(`/api/sysCommon/encryptPlainText/${encodeURIComponent(plainText)}`, { method: 'POST' });
