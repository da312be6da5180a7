import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import type { ExLogFilter, HttpLogFilter, VisLogFilter } from './access-log.schema.js';

/**
 * The visit, exception and HTTP request logs: filtered queries (paged or streamed newest first),
 * single entries and clearing. The tenant filter is explicit here besides row-level security.
 */

/** The logs of this file, by table. */
export type AccessLog = 'sysLogVis' | 'sysLogEx' | 'sysLogHttp';

const since = (input: { startTime?: string }) => (input.startTime ? new Date(input.startTime) : undefined);
const until = (input: { endTime?: string }) => (input.endTime ? new Date(input.endTime) : undefined);

export function visQuery(trx: Trx, tenantId: string, input: VisLogFilter) {
  let query = trx.selectFrom('sysLogVis').selectAll().where('tenantId', '=', tenantId);
  if (input.account?.trim()) query = query.where('account', 'ilike', containsPattern(input.account.trim()));
  if (input.actionName) query = query.where('actionName', '=', input.actionName);
  if (input.success !== undefined) query = query.where('success', '=', input.success);
  if (input.remoteIp?.trim())
    query = query.where('remoteIp', 'ilike', containsPattern(input.remoteIp.trim()));
  const from = since(input);
  const to = until(input);
  if (from) query = query.where('createTime', '>=', from);
  if (to) query = query.where('createTime', '<=', to);
  return query;
}

export function exQuery(trx: Trx, tenantId: string, input: ExLogFilter) {
  let query = trx.selectFrom('sysLogEx').selectAll().where('tenantId', '=', tenantId);
  if (input.requestId?.trim()) query = query.where('requestId', '=', input.requestId.trim());
  if (input.account?.trim()) query = query.where('account', 'ilike', containsPattern(input.account.trim()));
  if (input.url?.trim()) query = query.where('url', 'ilike', containsPattern(input.url.trim()));
  const from = since(input);
  const to = until(input);
  if (from) query = query.where('createTime', '>=', from);
  if (to) query = query.where('createTime', '<=', to);
  return query;
}

export function httpQuery(trx: Trx, tenantId: string, input: HttpLogFilter) {
  let query = trx.selectFrom('sysLogHttp').selectAll().where('tenantId', '=', tenantId);
  if (input.account?.trim()) query = query.where('account', 'ilike', containsPattern(input.account.trim()));
  if (input.method?.trim()) query = query.where('method', '=', input.method.trim().toUpperCase());
  if (input.url?.trim()) query = query.where('url', 'ilike', containsPattern(input.url.trim()));
  if (input.statusCode !== undefined) query = query.where('statusCode', '=', input.statusCode);
  const from = since(input);
  const to = until(input);
  if (from) query = query.where('createTime', '>=', from);
  if (to) query = query.where('createTime', '<=', to);
  return query;
}

export const visById = (trx: Trx, tenantId: string, id: string) =>
  trx
    .selectFrom('sysLogVis')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
export const exById = (trx: Trx, tenantId: string, id: string) =>
  trx
    .selectFrom('sysLogEx')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
export const httpById = (trx: Trx, tenantId: string, id: string) =>
  trx
    .selectFrom('sysLogHttp')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Deletes every entry of one of these logs of the tenant; answers how many there were. */
export async function clearLog(trx: Trx, log: AccessLog, tenantId: string): Promise<number> {
  const result = await trx.deleteFrom(log).where('tenantId', '=', tenantId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every difference log entry of the tenant; answers how many there were. */
export async function clearDiffs(trx: Trx, tenantId: string): Promise<number> {
  const result = await trx.deleteFrom('sysLogDiff').where('tenantId', '=', tenantId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
