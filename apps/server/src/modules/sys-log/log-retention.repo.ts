import { sql } from 'kysely';
import type { Sql, Trx } from '../../platform/db/database.js';

/** The log tables retention purges, by their table name in SQL. */
export const RETAINED_LOGS = {
  sysLogVis: 'sys_log_vis',
  sysLogOp: 'sys_log_op',
  sysLogDiff: 'sys_log_diff',
  sysLogEx: 'sys_log_ex',
  sysLogHttp: 'sys_log_http',
  /** The message log (sys-message module, 0011). */
  sysLogMsg: 'sys_log_msg',
} as const;
export type RetainedLog = keyof typeof RETAINED_LOGS;

/** Tenants whose logs retention goes through (deleted tenants keep their rows until purged elsewhere). */
export function tenantIds(db: Sql): Promise<{ id: string }[]> {
  return db.selectFrom('sysTenant').select('id').orderBy('id').execute();
}

/**
 * Deletes at most `limit` rows of one log of a tenant written before `before`, oldest first;
 * answers how many went. Bounded so one call never holds locks on a large table for long.
 */
export async function purgeBatch(
  trx: Trx,
  log: RetainedLog,
  tenantId: string,
  before: Date,
  limit: number,
): Promise<number> {
  const table = sql.table(RETAINED_LOGS[log]);
  const result = await sql`
    delete from ${table} where id in (
      select id from ${table}
      where tenant_id = ${tenantId} and create_time < ${before}
      order by create_time limit ${limit}
    )`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
