import type { ChainVerifyResult, OpLogFilter, OpLogRow, PageResult } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const opLogKeys = {
  all: ['sysLogOp'] as const,
  page: (filter: OpLogFilter & { page: number; pageSize: number }) => ['sysLogOp', 'page', filter] as const,
};

export const pageOpLog = (filter: OpLogFilter & { page: number; pageSize: number }) =>
  request<PageResult<OpLogRow>>('/api/sysLogOp/page', { method: 'POST', body: filter });

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari\//, 'Safari'],
];

/** The browser and major version a user agent names ("Chrome 126"), else the agent's first word. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return '';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent.split(/[\s/]/)[0] ?? userAgent;
}

/** The log lists of the log directory, by controller. */
export type LogController = 'sysLogOp' | 'sysLogDiff' | 'sysLogVis' | 'sysLogEx' | 'sysLogHttp';

/** Empties one log of the tenant; answers how many entries went. */
export const clearLog = (log: LogController) => request<number>(`/api/${log}/clear`, { method: 'POST' });

/** Checks the hash chain of the operation or difference log. */
export const verifyLog = (log: 'sysLogOp' | 'sysLogDiff') =>
  request<ChainVerifyResult>(`/api/${log}/verify`, { method: 'POST' });

/** One page of one of the visit, exception and HTTP request logs. */
export const pageLog =
  <R, F>(log: LogController) =>
  (filter: F & { page: number; pageSize: number }) =>
    request<PageResult<R>>(`/api/${log}/page`, { method: 'POST', body: filter });
