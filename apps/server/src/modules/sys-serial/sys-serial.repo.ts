import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { SerialFilter } from '@lintel/contracts';
import type { SysSerialTable } from './sys-serial.table.js';

export type SerialRecord = Selectable<SysSerialTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

/** The SQL of serial number sequences (tenant table). */
export class SysSerialRepo {
  page(trx: Trx, filter: SerialFilter, sort: Sort) {
    let query = trx.selectFrom('sysSerial').selectAll();
    if (filter.code) query = query.where('code', 'ilike', containsPattern(filter.code));
    if (filter.name) query = query.where('name', 'ilike', containsPattern(filter.name));
    return paginate(query, filter, sort);
  }

  find(trx: Trx, id: string): Promise<SerialRecord | undefined> {
    return trx.selectFrom('sysSerial').selectAll().where('id', '=', id).executeTakeFirst();
  }

  codeTaken(trx: Trx, code: string, exceptId?: string) {
    let query = trx
      .selectFrom('sysSerial')
      .select('id')
      .where(sql`lower(code)`, '=', code.toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<SysSerialTable>): Promise<void> {
    await trx.insertInto('sysSerial').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<SysSerialTable>): Promise<void> {
    await trx.updateTable('sysSerial').set(patch).where('id', '=', id).execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysSerial').where('id', '=', id).execute();
  }

  /**
   * Takes the next value of an enabled sequence in one statement: the row lock makes concurrent
   * callers wait for each other (each re-reads the committed value), and the period reset happens in
   * the same statement, so numbers are contiguous and never repeat. `period` is the current period of
   * each reset rule.
   */
  takeNext(trx: Trx, code: string, periods: { daily: string; monthly: string; yearly: string }) {
    const current = sql<string>`case reset_rule when 'daily' then ${periods.daily}
      when 'monthly' then ${periods.monthly} when 'yearly' then ${periods.yearly} else '' end`;
    return trx
      .updateTable('sysSerial')
      .set({
        currentValue: sql`case when reset_rule <> 'never' and period <> ${current} then 1 else current_value + 1 end`,
        period: current,
      })
      .where('code', '=', code)
      .where('status', '=', 1)
      .returning(['code', 'prefix', 'datePart', 'padding', 'currentValue'])
      .executeTakeFirst();
  }
}
