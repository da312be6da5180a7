import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ReportSourceFilter } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { SysReportDataSourceTable } from './sys-report.table.js';

export type ReportSourceRecord = Selectable<SysReportDataSourceTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

/** The SQL of report data sources (a tenant table). */
export class ReportSourceRepo {
  page(trx: Trx, filter: ReportSourceFilter, sort: Sort) {
    let query = trx.selectFrom('sysReportDataSource as s').selectAll('s');
    if (filter.name) query = query.where('s.name', 'ilike', containsPattern(filter.name));
    if (filter.kind) query = query.where('s.kind', '=', filter.kind);
    return paginate(query, filter, sort, 's.id');
  }

  list(trx: Trx) {
    return trx
      .selectFrom('sysReportDataSource')
      .select(['id', 'name', 'kind'])
      .orderBy('orderNo')
      .orderBy('id')
      .execute();
  }

  find(trx: Trx, id: string): Promise<ReportSourceRecord | undefined> {
    return trx.selectFrom('sysReportDataSource').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<SysReportDataSourceTable>): Promise<void> {
    await trx.insertInto('sysReportDataSource').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<SysReportDataSourceTable>): Promise<void> {
    await trx.updateTable('sysReportDataSource').set(patch).where('id', '=', id).execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysReportDataSource').where('id', '=', id).execute();
  }

  /** How many reports read from a source (it cannot be deleted while any do). */
  async usedBy(trx: Trx, id: string): Promise<number> {
    const row = await trx
      .selectFrom('sysReportConfig')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('dataSourceId', '=', id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
