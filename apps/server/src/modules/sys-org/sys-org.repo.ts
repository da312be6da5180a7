import type { Insertable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { Org, SysOrgTable } from '../../platform/db/schema.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import type { OrgFilter } from './sys-org.schema.js';

const duplicateCode = (code: string | null | undefined) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION
    ? conflict('crud.duplicateCode', { code: code ?? '' })
    : error;
};

/** Organisations of the tenant of the transaction (row-level security keeps other tenants out). */
export class SysOrgRepo {
  list(trx: Trx, filter: OrgFilter = {}): Promise<Org[]> {
    let query = trx.selectFrom('sysOrg').selectAll();
    if (filter.Name) query = query.where('name', 'ilike', containsPattern(filter.Name));
    if (filter.Code) query = query.where('code', 'ilike', containsPattern(filter.Code));
    if (filter.Type) query = query.where('type', '=', filter.Type);
    return query.orderBy('orderNo').orderBy('id').execute();
  }

  /** Every organisation as (id, pid): enough to walk the tree. */
  links(trx: Trx): Promise<{ id: string; pid: string }[]> {
    return trx.selectFrom('sysOrg').select(['id', 'pid']).execute();
  }

  find(trx: Trx, id: string): Promise<Org | undefined> {
    return trx.selectFrom('sysOrg').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insert(trx: Trx, row: Insertable<SysOrgTable>): Promise<void> {
    return trx
      .insertInto('sysOrg')
      .values(row)
      .execute()
      .then(() => undefined, duplicateCode(row.code));
  }

  update(trx: Trx, id: string, patch: Updateable<SysOrgTable>): Promise<void> {
    return trx
      .updateTable('sysOrg')
      .set(patch)
      .where('id', '=', id)
      .execute()
      .then(() => undefined, duplicateCode(patch.code));
  }

  setLevel(trx: Trx, ids: string[], level: number): Promise<unknown> {
    return trx.updateTable('sysOrg').set({ level }).where('id', 'in', ids).execute();
  }

  delete(trx: Trx, id: string): Promise<unknown> {
    return trx.deleteFrom('sysOrg').where('id', '=', id).execute();
  }

  async hasChildren(trx: Trx, id: string): Promise<boolean> {
    return !!(await trx.selectFrom('sysOrg').select('id').where('pid', '=', id).limit(1).executeTakeFirst());
  }

  /** Accounts whose organisation, or one of whose affiliated organisations, this is. */
  async hasAccounts(trx: Trx, id: string): Promise<boolean> {
    const own = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('orgId', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (own) return true;
    const ext = await trx
      .selectFrom('sysUserExtOrg')
      .select('id')
      .where('orgId', '=', id)
      .limit(1)
      .executeTakeFirst();
    return !!ext;
  }
}
