import type { Insertable } from 'kysely';
import type { Trx } from '../db/database.js';
import type { SysLogDiffTable, SysLogOpTable } from '../db/schema.js';

/** Writes a batch of operation and difference log rows: one insert per table, none for an empty list. */
export async function insertAuditRows(
  trx: Trx,
  ops: Insertable<SysLogOpTable>[],
  diffs: Insertable<SysLogDiffTable>[],
): Promise<void> {
  if (ops.length) await trx.insertInto('sysLogOp').values(ops).execute();
  if (diffs.length) await trx.insertInto('sysLogDiff').values(diffs).execute();
}
