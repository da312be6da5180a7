import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { SysCodeGenConfigTable, SysCodeGenTable } from '../../platform/db/tables/code-gen-tables.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import type { CodeGenPageInput } from './sys-code-gen.schema.js';

export type CodeGen = Selectable<SysCodeGenTable>;
export type CodeGenConfig = Selectable<SysCodeGenConfigTable>;

const SORTABLE: Record<string, string> = {
  tableName: 'tableName',
  className: 'className',
  busName: 'busName',
  createTime: 'createTime',
};

const duplicateClass = (className: string | undefined) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION
    ? conflict('codeGen.duplicateClass', { name: className ?? '' })
    : error;
};

/** The code generator's records: platform tables, on the platform transaction. */
export class SysCodeGenRepo {
  page(trx: Trx, input: CodeGenPageInput) {
    let query = trx.selectFrom('sysCodeGen').selectAll();
    if (input.tableName) query = query.where('tableName', 'ilike', containsPattern(input.tableName));
    if (input.busName) query = query.where('busName', 'ilike', containsPattern(input.busName));
    return paginate(query, input, resolveSort(input, SORTABLE, { column: 'createTime', direction: 'desc' }));
  }

  find(trx: Trx, id: string): Promise<CodeGen | undefined> {
    return trx.selectFrom('sysCodeGen').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<SysCodeGenTable>): Promise<void> {
    await trx.insertInto('sysCodeGen').values(row).execute().catch(duplicateClass(row.className));
  }

  async update(trx: Trx, id: string, patch: Updateable<SysCodeGenTable>): Promise<void> {
    await trx
      .updateTable('sysCodeGen')
      .set(patch)
      .where('id', '=', id)
      .execute()
      .catch(duplicateClass(patch.className ?? undefined));
  }

  /** Deletes records (their column configs cascade); answers how many went. */
  async delete(trx: Trx, ids: readonly string[]): Promise<number> {
    const result = await trx.deleteFrom('sysCodeGen').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async nameSpaces(trx: Trx): Promise<string[]> {
    const rows = await trx.selectFrom('sysCodeGen').select('nameSpace').distinct().execute();
    return rows.map((r) => r.nameSpace);
  }

  config(trx: Trx, id: string): Promise<CodeGenConfig | undefined> {
    return trx.selectFrom('sysCodeGenConfig').selectAll().where('id', '=', id).executeTakeFirst();
  }

  configs(trx: Trx, codeGenId: string): Promise<CodeGenConfig[]> {
    return trx
      .selectFrom('sysCodeGenConfig')
      .selectAll()
      .where('codeGenId', '=', codeGenId)
      .orderBy('orderNo')
      .orderBy('id')
      .execute();
  }

  async insertConfigs(trx: Trx, rows: Insertable<SysCodeGenConfigTable>[]): Promise<void> {
    if (rows.length) await trx.insertInto('sysCodeGenConfig').values(rows).execute();
  }

  async updateConfig(trx: Trx, id: string, patch: Updateable<SysCodeGenConfigTable>): Promise<void> {
    await trx.updateTable('sysCodeGenConfig').set(patch).where('id', '=', id).execute();
  }

  async deleteConfigs(trx: Trx, ids: readonly string[]): Promise<void> {
    if (ids.length) await trx.deleteFrom('sysCodeGenConfig').where('id', 'in', ids).execute();
  }

  async deleteAllConfigs(trx: Trx, codeGenId: string): Promise<void> {
    await trx.deleteFrom('sysCodeGenConfig').where('codeGenId', '=', codeGenId).execute();
  }
}
