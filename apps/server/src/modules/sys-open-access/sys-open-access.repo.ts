import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { SysOpenAccessTable } from '../../platform/auth/open-access.table.js';
import { scopeCondition, type DataScopeSet } from '../../platform/permission/data-scope.js';
import type { OpenAccessFilter } from './sys-open-access.schema.js';

export type OpenAccessRecord = Selectable<SysOpenAccessTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

/** The SQL of the tenant's open API access keys. */
export class SysOpenAccessRepo {
  page(trx: Trx, filter: OpenAccessFilter, sort: Sort) {
    let query = trx
      .selectFrom('sysOpenAccess as k')
      .leftJoin('sysUser as u', 'u.id', 'k.bindUserId')
      .selectAll('k')
      .select(['u.account as bindUserAccount', 'u.realName as bindUserName']);
    if (filter.accessKey) query = query.where('k.accessKey', 'ilike', containsPattern(filter.accessKey));
    if (filter.bindUserId) query = query.where('k.bindUserId', '=', filter.bindUserId);
    return paginate(query, filter, sort, 'k.id');
  }

  find(trx: Trx, id: string): Promise<OpenAccessRecord | undefined> {
    return trx.selectFrom('sysOpenAccess').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByKey(trx: Trx, accessKey: string): Promise<OpenAccessRecord | undefined> {
    return trx.selectFrom('sysOpenAccess').selectAll().where('accessKey', '=', accessKey).executeTakeFirst();
  }

  /** The account if the caller's data scope shows it. */
  visibleAccount(trx: Trx, scope: DataScopeSet, id: string) {
    return trx
      .selectFrom('sysUser as u')
      .select(['u.id', 'u.accountType', 'u.orgId', 'u.tenantId'])
      .where('u.id', '=', id)
      .where(scopeCondition(scope, 'u.orgId', ['u.createUserId', 'u.id']))
      .executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<SysOpenAccessTable>): Promise<void> {
    await trx.insertInto('sysOpenAccess').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<SysOpenAccessTable>): Promise<void> {
    await trx.updateTable('sysOpenAccess').set(patch).where('id', '=', id).execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysOpenAccess').where('id', '=', id).execute();
  }
}
