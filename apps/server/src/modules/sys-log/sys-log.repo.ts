import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import type { DiffLogFilter, OpLogFilter } from './sys-log.schema.js';

/**
 * Single entries of the tenant's operation and difference logs, and clearing the operation log.
 * The tenant filter is explicit here besides row-level security.
 */
export class SysLogRepo {
  opById(trx: Trx, tenantId: string, id: string) {
    return trx
      .selectFrom('sysLogOp')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  diffById(trx: Trx, tenantId: string, id: string) {
    return trx
      .selectFrom('sysLogDiff')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Deletes every operation log entry of the tenant; answers how many there were. */
  async clearOps(trx: Trx, tenantId: string): Promise<number> {
    const result = await trx.deleteFrom('sysLogOp').where('tenantId', '=', tenantId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** The tenant's operation log entries matching a filter, as a query to page or stream. */
export function opQuery(trx: Trx, input: OpLogFilter) {
  let query = trx.selectFrom('sysLogOp').selectAll();
  if (input.account?.trim()) query = query.where('account', 'ilike', containsPattern(input.account.trim()));
  if (input.url?.trim()) query = query.where('url', 'ilike', containsPattern(input.url.trim()));
  if (input.success !== undefined) query = query.where('success', '=', input.success);
  if (input.startTime) query = query.where('createTime', '>=', new Date(input.startTime));
  if (input.endTime) query = query.where('createTime', '<=', new Date(input.endTime));
  return query;
}

/** The tenant's difference log entries matching a filter, as a query to page or stream. */
export function diffQuery(trx: Trx, input: DiffLogFilter) {
  let query = trx.selectFrom('sysLogDiff').selectAll();
  if (input.tableName) query = query.where('tableName', '=', input.tableName);
  if (input.rowId) query = query.where('rowId', '=', input.rowId);
  if (input.account?.trim()) query = query.where('account', 'ilike', containsPattern(input.account.trim()));
  if (input.startTime) query = query.where('createTime', '>=', new Date(input.startTime));
  if (input.endTime) query = query.where('createTime', '<=', new Date(input.endTime));
  return query;
}
