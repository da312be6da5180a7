import type { Insertable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import {
  containsPattern,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  sqlState,
} from '../../platform/db/sql-helpers.js';
import type { SysDictDataTable } from '../../platform/db/schema.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { paginate, resolveSort, type PageRequest } from '../../platform/http/paging.js';

export interface DictDataFilter extends PageRequest {
  dictTypeId: string;
  label?: string;
  value?: string;
  code?: string;
  status?: number;
}

const SORTABLE: Record<string, string> = {
  label: 'd.label',
  value: 'd.value',
  code: 'd.code',
  name: 'd.name',
  orderNo: 'd.orderNo',
  status: 'd.status',
  createTime: 'd.createTime',
  updateTime: 'd.updateTime',
};

/** A value taken meanwhile answers 409; a type deleted meanwhile (foreign key) answers 404. */
const writeFailure = (value: string | undefined) => (error: unknown) => {
  const state = sqlState(error);
  if (state === PG_UNIQUE_VIOLATION) throw conflict('crud.duplicateValue', { value: value ?? '' });
  if (state === PG_FOREIGN_KEY_VIOLATION) throw notFound();
  throw error;
};

const rows = (trx: Trx) =>
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
      'd.createTime',
      'd.updateTime',
      'd.createUserId',
      'd.createUserName',
      'd.updateUserId',
      'd.updateUserName',
    ]);

export type DictDataRow = Awaited<ReturnType<ReturnType<typeof rows>['executeTakeFirstOrThrow']>>;

/** The SQL of dictionary items. */
export class SysDictDataRepo {
  page(trx: Trx, input: DictDataFilter) {
    const sort = resolveSort(input, SORTABLE, { column: 'd.orderNo', direction: 'asc' });
    let query = rows(trx).where('d.dictTypeId', '=', input.dictTypeId);
    if (input.label?.trim()) query = query.where('d.label', 'ilike', containsPattern(input.label.trim()));
    if (input.value?.trim()) query = query.where('d.value', 'ilike', containsPattern(input.value.trim()));
    if (input.code?.trim()) query = query.where('d.code', 'ilike', containsPattern(input.code.trim()));
    if (input.status !== undefined) query = query.where('d.status', '=', input.status);
    return paginate(query, input, sort, 'd.id');
  }

  listOf(trx: Trx, dictTypeId: string): Promise<DictDataRow[]> {
    return rows(trx)
      .where('d.dictTypeId', '=', dictTypeId)
      .orderBy('d.orderNo')
      .orderBy('d.code')
      .orderBy('d.id')
      .execute();
  }

  findById(trx: Trx, id: string): Promise<DictDataRow | undefined> {
    return rows(trx).where('d.id', '=', id).executeTakeFirst();
  }

  /** Whether another item of the type already has `value`. */
  async valueTaken(trx: Trx, dictTypeId: string, value: string, exceptId?: string): Promise<boolean> {
    let query = trx
      .selectFrom('sysDictData')
      .select('id')
      .where('dictTypeId', '=', dictTypeId)
      .where('value', '=', value);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(trx: Trx, values: Insertable<SysDictDataTable>): Promise<string> {
    const row = await trx
      .insertInto('sysDictData')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(writeFailure(values.value));
    return row.id;
  }

  /** Updates one item of the tenant; false when it does not exist there. */
  async update(trx: Trx, id: string, values: Updateable<SysDictDataTable>): Promise<boolean> {
    const result = await trx
      .updateTable('sysDictData')
      .set(values)
      .where('id', '=', id)
      .executeTakeFirst()
      .catch(writeFailure(values.value));
    return result.numUpdatedRows > 0n;
  }

  async delete(trx: Trx, id: string): Promise<boolean> {
    const result = await trx.deleteFrom('sysDictData').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
