import { sql, type Insertable } from 'kysely';
import type { Trx } from '../db/database.js';
import type { SysLogDiffTable, SysLogOpTable } from '../db/schema.js';
import type { SysLogExTable, SysLogHttpTable, SysLogVisTable } from '../logs/log-tables.js';
import { chainRows, type ChainedLog } from './hash-chain.js';

/** The advisory lock class of the log chains (the tenant id's hash is the object): 'LOGC'. */
const CHAIN_LOCK_CLASS = 0x4c4f4743;

/** One batch of log rows for one database. */
export interface LogBatch {
  ops: Insertable<SysLogOpTable>[];
  diffs: Insertable<SysLogDiffTable>[];
  vis: Insertable<SysLogVisTable>[];
  ex: Insertable<SysLogExTable>[];
  http: Insertable<SysLogHttpTable>[];
}

export const isEmptyBatch = (batch: LogBatch): boolean =>
  !batch.ops.length && !batch.diffs.length && !batch.vis.length && !batch.ex.length && !batch.http.length;

/**
 * Takes the tenant's chain lock for the rest of the transaction: every writer (of any process)
 * appending to the tenant's operation or difference log waits here, so each reads the last hash
 * only after the one before it committed, and the chain never forks.
 */
export async function lockChain(trx: Trx, tenantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CHAIN_LOCK_CLASS}::int4, hashtext(${tenantId}::text))`.execute(
    trx,
  );
}

/** The hash of the tenant's last chained row of a log, null when it has none. */
export async function lastHash(trx: Trx, log: ChainedLog, tenantId: string): Promise<string | null> {
  const row = await trx
    .selectFrom(log)
    .select('hash')
    .where('tenantId', '=', tenantId)
    .where('hash', 'is not', null)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.hash ?? null;
}

/**
 * Writes a batch: the unchained logs in one insert each; the chained ones tenant by tenant (in id
 * order, so two writers never wait on each other's locks in a cycle), under the tenant's lock.
 */
export async function insertLogBatch(trx: Trx, batch: LogBatch): Promise<void> {
  if (batch.vis.length) await trx.insertInto('sysLogVis').values(batch.vis).execute();
  if (batch.ex.length) await trx.insertInto('sysLogEx').values(batch.ex).execute();
  if (batch.http.length) await trx.insertInto('sysLogHttp').values(batch.http).execute();
  const tenants = [...new Set([...batch.ops, ...batch.diffs].map((r) => r.tenantId))].sort();
  for (const tenantId of tenants) {
    await lockChain(trx, tenantId);
    const ops = batch.ops.filter((r) => r.tenantId === tenantId);
    const diffs = batch.diffs.filter((r) => r.tenantId === tenantId);
    if (ops.length) {
      const rows = chainRows('sysLogOp', await lastHash(trx, 'sysLogOp', tenantId), ops);
      await trx.insertInto('sysLogOp').values(rows).execute();
    }
    if (diffs.length) {
      const rows = chainRows('sysLogDiff', await lastHash(trx, 'sysLogDiff', tenantId), diffs);
      await trx.insertInto('sysLogDiff').values(rows).execute();
    }
  }
}

/** Up to `limit` rows of a tenant's chained log after a position, in insertion order, for verification. */
export function chainSlice(trx: Trx, log: ChainedLog, tenantId: string, afterSeq: string, limit: number) {
  return trx
    .selectFrom(log)
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}
