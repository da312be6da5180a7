import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Sql, Trx } from '../../platform/db/database.js';
import type { SysLangTable } from '../../platform/db/schema.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import type { LangPageInput } from './sys-lang.schema.js';

export type Lang = Selectable<SysLangTable>;

const SORTABLE: Record<string, string> = {
  code: 'code',
  name: 'name',
  nativeName: 'nativeName',
  active: 'active',
  orderNo: 'orderNo',
  createTime: 'createTime',
};

const duplicateCode = (code: string | undefined) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION
    ? conflict('lang.duplicateCode', { code: code ?? '' })
    : error;
};

/** The SQL of the languages (a platform table). */
export class SysLangRepo {
  page(db: Sql, input: LangPageInput) {
    const sort = resolveSort(input, SORTABLE, { column: 'orderNo', direction: 'asc' });
    let query = db.selectFrom('sysLang').selectAll();
    const keyword = input.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      query = query.where((eb) =>
        eb.or([
          eb('code', 'ilike', pattern),
          eb('name', 'ilike', pattern),
          eb('nativeName', 'ilike', pattern),
        ]),
      );
    }
    if (input.active !== undefined) query = query.where('active', '=', input.active);
    return paginate(query, input, sort);
  }

  active(db: Sql): Promise<Lang[]> {
    return db
      .selectFrom('sysLang')
      .selectAll()
      .where('active', '=', true)
      .orderBy('orderNo')
      .orderBy('code')
      .execute();
  }

  find(db: Sql, id: string): Promise<Lang | undefined> {
    return db.selectFrom('sysLang').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The active languages' ids, locked until the transaction ends (the last one must stay active). */
  async lockActive(trx: Trx): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysLang')
      .select('id')
      .where('active', '=', true)
      .forUpdate()
      .execute();
    return rows.map((row) => row.id);
  }

  insert(trx: Trx, row: Insertable<SysLangTable>): Promise<void> {
    return trx
      .insertInto('sysLang')
      .values(row)
      .execute()
      .then(() => undefined, duplicateCode(row.code));
  }

  async update(trx: Trx, id: string, patch: Updateable<SysLangTable>): Promise<void> {
    await trx
      .updateTable('sysLang')
      .set(patch)
      .where('id', '=', id)
      .execute()
      .catch(duplicateCode(patch.code));
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysLang').where('id', '=', id).execute();
  }
}
