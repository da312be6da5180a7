import { Status } from '@lintel/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import type { DictType, SysDictTypeTable } from '../../platform/db/schema.js';
import { conflict } from '../../platform/http/errors.js';
import { paginate, resolveSort, type PageRequest } from '../../platform/http/paging.js';

export interface DictTypeFilter extends PageRequest {
  name?: string;
  code?: string;
}

/** A dictionary item joined to the code of its type. */
export interface DictItemRow {
  id: string;
  dictTypeId: string;
  typeCode: string;
  value: string;
  label: string;
  tagType: string | null;
  styleSetting: string | null;
  classSetting: string | null;
  code: string | null;
  name: string | null;
  remark: string | null;
  orderNo: number;
  status: number;
  extData: string | null;
}

const SORTABLE: Record<string, string> = {
  name: 'name',
  code: 'code',
  orderNo: 'orderNo',
  status: 'status',
  createTime: 'createTime',
  updateTime: 'updateTime',
};

/** True for a PostgreSQL unique violation (node-postgres and PGlite both carry the SQLSTATE). */

const duplicateCode = (code: string) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION ? conflict('crud.duplicateCode', { code }) : error;
};

const items = (trx: Trx) =>
  trx
    .selectFrom('sysDictData as d')
    .innerJoin('sysDictType as t', 't.id', 'd.dictTypeId')
    .select([
      'd.id',
      'd.dictTypeId',
      't.code as typeCode',
      'd.value',
      'd.label',
      'd.tagType',
      'd.styleSetting',
      'd.classSetting',
      'd.code',
      'd.name',
      'd.remark',
      'd.orderNo',
      'd.status',
      'd.extData',
    ]);

/** The SQL of dictionary types, and the reads of their items the dict widget needs. */
export class SysDictTypeRepo {
  page(trx: Trx, input: DictTypeFilter) {
    const sort = resolveSort(input, SORTABLE, { column: 'orderNo', direction: 'asc' });
    let query = trx.selectFrom('sysDictType').selectAll();
    if (input.name?.trim()) query = query.where('name', 'ilike', containsPattern(input.name.trim()));
    if (input.code?.trim()) query = query.where('code', 'ilike', containsPattern(input.code.trim()));
    return paginate(query, input, sort);
  }

  list(trx: Trx): Promise<DictType[]> {
    return trx.selectFrom('sysDictType').selectAll().orderBy('orderNo').orderBy('code').execute();
  }

  findById(trx: Trx, id: string): Promise<DictType | undefined> {
    return trx.selectFrom('sysDictType').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByCode(trx: Trx, code: string): Promise<DictType | undefined> {
    return trx.selectFrom('sysDictType').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** Whether another type of the tenant already uses `code`. */
  async codeTaken(trx: Trx, code: string, exceptId?: string): Promise<boolean> {
    let query = trx.selectFrom('sysDictType').select('id').where('code', '=', code);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Inserts a type; a code taken meanwhile by a concurrent insert answers 409 too. */
  insert(trx: Trx, values: Insertable<SysDictTypeTable>): Promise<DictType> {
    return trx
      .insertInto('sysDictType')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(duplicateCode(values.code));
  }

  /** Updates one type of the tenant; undefined when it does not exist there. */
  update(trx: Trx, id: string, values: Updateable<SysDictTypeTable>): Promise<DictType | undefined> {
    return trx
      .updateTable('sysDictType')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
      .catch(duplicateCode(values.code ?? ''));
  }

  /** Deletes a type and its items; false when it does not exist in the tenant. */
  async delete(trx: Trx, id: string): Promise<boolean> {
    await trx.deleteFrom('sysDictData').where('dictTypeId', '=', id).execute();
    const result = await trx.deleteFrom('sysDictType').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Enabled items of every enabled type, in type order then item order. */
  enabledItems(trx: Trx): Promise<DictItemRow[]> {
    return items(trx)
      .where('t.status', '=', Status.Enable)
      .where('d.status', '=', Status.Enable)
      .orderBy('t.orderNo')
      .orderBy('t.code')
      .orderBy('d.orderNo')
      .orderBy('d.code')
      .orderBy('d.id')
      .execute();
  }

  /** Enabled items of one type, by item order. */
  enabledItemsOf(trx: Trx, dictTypeId: string): Promise<DictItemRow[]> {
    return items(trx)
      .where('d.dictTypeId', '=', dictTypeId)
      .where('d.status', '=', Status.Enable)
      .orderBy('d.orderNo')
      .orderBy('d.code')
      .orderBy('d.id')
      .execute();
  }
}
