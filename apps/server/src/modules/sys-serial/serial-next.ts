import type { SerialNext } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/errors.js';
import { formatSerial, periodOf } from './serial-format.js';
import { SysSerialRepo } from './sys-serial.repo.js';

const repo = new SysSerialRepo();

/**
 * The next number of the tenant's sequence `code`, taken inside the caller's tenant transaction:
 * another module numbering a document calls this with its own `trx`, so a rollback of its work gives
 * the number back (no gap) and a commit keeps both.
 */
export async function nextSerial(trx: Trx, code: string, now = new Date()): Promise<SerialNext> {
  const row = await repo.takeNext(trx, code, {
    daily: periodOf('daily', now),
    monthly: periodOf('monthly', now),
    yearly: periodOf('yearly', now),
  });
  if (!row) throw notFound('serial.notFound', { code });
  return {
    code: row.code,
    value: String(row.currentValue),
    serial: formatSerial(row, row.currentValue, now),
  };
}
