import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import type { DiffLogFilter, OpLogFilter } from './sys-log.schema.js';

/** Reads of the tenant's operation and difference logs, newest first. */
export class SysLogService {
  constructor(private readonly ctx: AppContext) {}

  opPage(principal: Principal, input: OpLogFilter) {
    const sort = resolveSort(
      input,
      { createTime: 'createTime', elapsedMs: 'elapsedMs', statusCode: 'statusCode' },
      {
        column: 'createTime',
        direction: 'desc',
      },
    );
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      let query = trx.selectFrom('sysLogOp').selectAll();
      if (input.account?.trim())
        query = query.where('account', 'ilike', containsPattern(input.account.trim()));
      if (input.url?.trim()) query = query.where('url', 'ilike', containsPattern(input.url.trim()));
      if (input.success !== undefined) query = query.where('success', '=', input.success);
      if (input.startTime) query = query.where('createTime', '>=', new Date(input.startTime));
      if (input.endTime) query = query.where('createTime', '<=', new Date(input.endTime));
      const page = await paginate(query, input, sort);
      return {
        ...page,
        items: page.items.map(({ tenantId: _t, userId: _u, ...row }) => ({
          ...row,
          createTime: formatIso(row.createTime),
        })),
      };
    });
  }

  diffPage(principal: Principal, input: DiffLogFilter) {
    const sort = resolveSort(
      input,
      { createTime: 'createTime' },
      { column: 'createTime', direction: 'desc' },
    );
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      let query = trx.selectFrom('sysLogDiff').selectAll();
      if (input.tableName) query = query.where('tableName', '=', input.tableName);
      if (input.rowId) query = query.where('rowId', '=', input.rowId);
      if (input.account?.trim())
        query = query.where('account', 'ilike', containsPattern(input.account.trim()));
      if (input.startTime) query = query.where('createTime', '>=', new Date(input.startTime));
      if (input.endTime) query = query.where('createTime', '<=', new Date(input.endTime));
      const page = await paginate(query, input, sort);
      return {
        ...page,
        items: page.items.map(({ tenantId: _t, userId: _u, ...row }) => ({
          ...row,
          createTime: formatIso(row.createTime),
        })),
      };
    });
  }
}
