import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { SysConfigTable } from '../../platform/db/schema.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import type { ConfigFilter, ConfigPageInput } from './sys-config.schema.js';

export type Config = Selectable<SysConfigTable>;

const SORTABLE: Record<string, string> = {
  name: 'name',
  code: 'code',
  groupCode: 'groupCode',
  orderNo: 'orderNo',
  createTime: 'createTime',
  updateTime: 'updateTime',
};

const duplicateCode = (code: string | undefined) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION
    ? conflict('crud.duplicateCode', { code: code ?? '' })
    : error;
};

/** The SQL of the configuration items of the tenant a transaction works in (RLS keeps others out). */
export class SysConfigRepo {
  private filtered(trx: Trx, filter: ConfigFilter) {
    let query = trx.selectFrom('sysConfig').selectAll();
    if (filter.name?.trim()) query = query.where('name', 'ilike', containsPattern(filter.name.trim()));
    if (filter.code?.trim()) query = query.where('code', 'ilike', containsPattern(filter.code.trim()));
    if (filter.groupCode?.trim()) query = query.where('groupCode', '=', filter.groupCode.trim());
    return query;
  }

  page(trx: Trx, input: ConfigPageInput) {
    const sort = resolveSort(input, SORTABLE, { column: 'orderNo', direction: 'asc' });
    return paginate(this.filtered(trx, input), input, sort);
  }

  list(trx: Trx, filter: ConfigFilter): Promise<Config[]> {
    return this.filtered(trx, filter).orderBy('groupCode').orderBy('orderNo').orderBy('code').execute();
  }

  async groups(trx: Trx): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysConfig')
      .select('groupCode')
      .distinct()
      .orderBy('groupCode')
      .execute();
    return rows.map((row) => row.groupCode);
  }

  find(trx: Trx, id: string): Promise<Config | undefined> {
    return trx.selectFrom('sysConfig').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byCodes(trx: Trx, codes: string[]): Promise<Config[]> {
    return trx.selectFrom('sysConfig').selectAll().where('code', 'in', codes).execute();
  }

  async value(trx: Trx, code: string): Promise<string | null | undefined> {
    const row = await trx.selectFrom('sysConfig').select('value').where('code', '=', code).executeTakeFirst();
    return row ? row.value : undefined;
  }

  insert(trx: Trx, row: Insertable<SysConfigTable>): Promise<void> {
    return trx
      .insertInto('sysConfig')
      .values(row)
      .execute()
      .then(() => undefined, duplicateCode(row.code));
  }

  async update(trx: Trx, id: string, patch: Updateable<SysConfigTable>): Promise<void> {
    await trx
      .updateTable('sysConfig')
      .set(patch)
      .where('id', '=', id)
      .execute()
      .catch(duplicateCode(patch.code));
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysConfig').where('id', '=', id).execute();
  }
}
