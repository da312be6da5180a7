import type { Trx } from '../../platform/db/database.js';

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
