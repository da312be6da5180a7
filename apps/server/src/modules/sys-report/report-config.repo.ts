import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ReportConfigFilter } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { SysReportConfigTable } from './sys-report.table.js';

export type ReportConfigRecord = Selectable<SysReportConfigTable> & { dataSourceName: string | null };
type Sort = { column: string; direction: 'asc' | 'desc' };

/** The SQL of report configurations (a tenant table), each with its data source's name. */
export class ReportConfigRepo {
  private base(trx: Trx) {
    return trx
      .selectFrom('sysReportConfig as c')
      .leftJoin('sysReportDataSource as s', 's.id', 'c.dataSourceId')
      .selectAll('c')
      .select('s.name as dataSourceName');
  }

  page(trx: Trx, filter: ReportConfigFilter, sort: Sort) {
    let query = this.base(trx);
    if (filter.name) query = query.where('c.name', 'ilike', containsPattern(filter.name));
    if (filter.groupName) query = query.where('c.groupName', 'ilike', containsPattern(filter.groupName));
    return paginate(query, filter, sort, 'c.id');
  }

  find(trx: Trx, id: string): Promise<ReportConfigRecord | undefined> {
    return this.base(trx).where('c.id', '=', id).executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<SysReportConfigTable>): Promise<void> {
    await trx.insertInto('sysReportConfig').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<SysReportConfigTable>): Promise<void> {
    await trx.updateTable('sysReportConfig').set(patch).where('id', '=', id).execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysReportConfig').where('id', '=', id).execute();
  }
}
