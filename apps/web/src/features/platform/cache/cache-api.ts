import type { CacheDeleteResult, CacheKeyList, CacheValue } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const cacheKeys = {
  all: ['sysCache'] as const,
  keys: ['sysCache', 'keys'] as const,
  value: (key: string) => ['sysCache', 'value', key] as const,
};

const part = encodeURIComponent;

export const listCacheKeys = () => request<CacheKeyList>('/api/sysCache/keyList');
export const readCacheValue = (key: string) => request<CacheValue>(`/api/sysCache/value/${part(key)}`);
export const deleteCacheKey = (key: string) =>
  request<CacheDeleteResult>(`/api/sysCache/delete/${part(key)}`, { method: 'POST' });
export const deleteCachePrefix = (prefix: string) =>
  request<CacheDeleteResult>(`/api/sysCache/deleteByPreKey/${part(prefix)}`, { method: 'POST' });
export const clearCache = () => request<CacheDeleteResult>('/api/sysCache/clear', { method: 'POST' });
