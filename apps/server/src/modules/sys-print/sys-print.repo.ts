import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import type { PrintFilter } from './sys-print.schema.js';
import type { SysPrintTable } from './sys-print.table.js';

export type PrintTemplate = Selectable<SysPrintTable>;

/** Columns the page may be sorted by, by the name the client sends. */
const SORTABLE: Record<string, string> = {
  id: 'id',
  name: 'name',
  bizType: 'bizType',
  orderNo: 'orderNo',
  status: 'status',
  createTime: 'createTime',
};

/** Two templates of a tenant may not share a name: print/{name} finds one by it. */
const duplicateName = (name: string | undefined) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION
    ? conflict('print.duplicateName', { name: name ?? '' })
    : error;
};

export class SysPrintRepo {
  page(trx: Trx, filter: PrintFilter) {
    let query = trx.selectFrom('sysPrint').selectAll();
    if (filter.name) query = query.where('name', 'ilike', containsPattern(filter.name));
    if (filter.bizType) query = query.where('bizType', '=', filter.bizType);
    const sort = resolveSort(filter, SORTABLE, { column: 'orderNo', direction: 'asc' });
    return paginate(query, filter, sort);
  }

  /** The enabled templates a list offers, in their order. */
  enabledFor(trx: Trx, bizType: string) {
    return trx
      .selectFrom('sysPrint')
      .select(['id', 'name', 'bizType', 'paper', 'remark'])
      .where('bizType', '=', bizType)
      .where('status', '=', 1)
      .orderBy('orderNo')
      .orderBy('id')
      .limit(200)
      .execute();
  }

  find(trx: Trx, id: string): Promise<PrintTemplate | undefined> {
    return trx.selectFrom('sysPrint').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findEnabledByName(trx: Trx, name: string): Promise<PrintTemplate | undefined> {
    return trx
      .selectFrom('sysPrint')
      .selectAll()
      .where('name', '=', name)
      .where('status', '=', 1)
      .executeTakeFirst();
  }

  insert(trx: Trx, row: Insertable<SysPrintTable>): Promise<void> {
    return trx
      .insertInto('sysPrint')
      .values(row)
      .execute()
      .then(() => undefined, duplicateName(row.name));
  }

  async update(trx: Trx, id: string, patch: Updateable<SysPrintTable>): Promise<void> {
    await trx
      .updateTable('sysPrint')
      .set(patch)
      .where('id', '=', id)
      .execute()
      .catch(duplicateName(patch.name));
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysPrint').where('id', '=', id).execute();
  }
}
