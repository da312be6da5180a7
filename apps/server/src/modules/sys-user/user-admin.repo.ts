import { sql, type Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { NewUser, SysUserTable } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import { inSubtrees, scopeCondition, type DataScopeSet } from '../../platform/permission/data-scope.js';
import { orgPaths } from '../../platform/permission/data-scope.repo.js';
import type { ExtOrgInput, UserFilter } from './user-admin.schema.js';

const SORTABLE = {
  account: 'u.account',
  realName: 'u.realName',
  orderNo: 'u.orderNo',
  createTime: 'u.createTime',
  lastLoginTime: 'u.lastLoginTime',
  status: 'u.status',
};

/** The SQL of account administration; every query runs in the tenant's transaction (RLS). */
export class UserAdminRepo {
  /** A page of the accounts the scope shows, with organisation, position and lock state. */
  async page(
    trx: Trx,
    scope: DataScopeSet,
    filter: UserFilter,
    totalOf?: (exact: () => Promise<number>) => Promise<number>,
  ) {
    const sort = resolveSort(filter, SORTABLE, { column: 'u.orderNo', direction: 'asc' });
    return paginate(await this.filtered(trx, scope, filter), filter, sort, 'u.id', totalOf);
  }

  /** The next `limit` matching accounts after `afterId`, by id: an export reads all rows this way. */
  async batchAfter(trx: Trx, scope: DataScopeSet, filter: UserFilter, afterId: string, limit: number) {
    return (await this.filtered(trx, scope, filter))
      .where('u.id', '>', afterId)
      .orderBy('u.id')
      .limit(limit)
      .execute();
  }

  private async filtered(trx: Trx, scope: DataScopeSet, filter: UserFilter) {
    let query = trx
      .selectFrom('sysUser as u')
      .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
      .leftJoin('sysPos as p', 'p.id', 'u.posId')
      .leftJoin('sysLoginFailure as f', (join) =>
        join.on('f.subject', '=', sql<string>`'u:' || u.id`).on('f.lockedUntil', '>', sql<Date>`now()`),
      )
      .select([
        'u.id',
        'u.account',
        'u.realName',
        'u.nickName',
        'u.avatar',
        'u.sex',
        'u.phone',
        'u.email',
        'u.accountType',
        'u.orgId',
        'o.name as orgName',
        'u.posId',
        'p.name as posName',
        'u.jobNum',
        'u.status',
        'u.orderNo',
        'u.lastLoginIp',
        'u.lastLoginTime',
        'u.createTime',
        sql<boolean>`f.subject is not null`.as('locked'),
      ])
      .where(scopeCondition(scope, 'u.orgId', ['u.createUserId', 'u.id']));
    if (filter.account) query = query.where('u.account', 'ilike', containsPattern(filter.account));
    if (filter.realName) query = query.where('u.realName', 'ilike', containsPattern(filter.realName));
    if (filter.phone) query = query.where('u.phone', 'like', containsPattern(filter.phone));
    if (filter.status) query = query.where('u.status', '=', filter.status);
    if (filter.posId) query = query.where('u.posId', '=', filter.posId);
    // An organisation of another tenant (or none) has no accounts here: RLS hides its path.
    if (filter.orgId) query = query.where(inSubtrees('u.orgId', await orgPaths(trx, [filter.orgId])));
    return query;
  }

  /** The account if the scope shows it. */
  async visible(trx: Trx, scope: DataScopeSet, id: string) {
    return trx
      .selectFrom('sysUser as u')
      .selectAll('u')
      .where('u.id', '=', id)
      .where(scopeCondition(scope, 'u.orgId', ['u.createUserId', 'u.id']))
      .executeTakeFirst();
  }

  /** Whether the account's sign-in is locked (failures count on the account: `u:<id>`). */
  async isLocked(trx: Trx, userId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('sysLoginFailure')
      .select('subject')
      .where('subject', '=', `u:${userId}`)
      .where('lockedUntil', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return !!row;
  }

  async unlock(trx: Trx, userId: string): Promise<void> {
    await trx.deleteFrom('sysLoginFailure').where('subject', '=', `u:${userId}`).execute();
  }

  /** Another account of the tenant with this account name (any case) or phone, if any. */
  async taken(trx: Trx, field: 'account' | 'phone', value: string, exceptId?: string) {
    let query = trx
      .selectFrom('sysUser')
      .select('id')
      .where(
        field === 'account' ? sql`lower(account)` : sql.ref('phone'),
        '=',
        field === 'account' ? value.toLowerCase() : value,
      );
    if (exceptId) query = query.where('id', '<>', exceptId);
    return !!(await query.executeTakeFirst());
  }

  /**
   * Whether another account signs in with this name: sign-in takes an account name or an e-mail
   * address (sys-auth.repo.ts findLogin), so the two share one space, compared without case.
   */
  async signInNameTaken(trx: Trx, name: string, exceptId?: string): Promise<boolean> {
    const lower = name.toLowerCase();
    let query = trx
      .selectFrom('sysUser')
      .select('id')
      .where((eb) => eb.or([eb(sql`lower(account)`, '=', lower), eb(sql`lower(email)`, '=', lower)]));
    if (exceptId) query = query.where('id', '<>', exceptId);
    return !!(await query.executeTakeFirst());
  }

  async insert(trx: Trx, row: NewUser): Promise<void> {
    await trx.insertInto('sysUser').values(row).execute();
  }

  async update(trx: Trx, id: string, values: Updateable<SysUserTable>): Promise<void> {
    await trx.updateTable('sysUser').set(values).where('id', '=', id).execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysUserRole').where('userId', '=', id).execute();
    await trx.deleteFrom('sysUserExtOrg').where('userId', '=', id).execute();
    await trx.deleteFrom('sysUser').where('id', '=', id).execute();
  }

  async roleIds(trx: Trx, userId: string): Promise<string[]> {
    const rows = await trx.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute();
    return rows.map((r) => r.roleId).sort();
  }

  /** Ids among `ids` that are roles of the tenant. */
  async existingRoles(trx: Trx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await trx.selectFrom('sysRole').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  async setRoles(trx: Trx, tenantId: string, userId: string, roleIds: string[]) {
    await trx.deleteFrom('sysUserRole').where('userId', '=', userId).execute();
    if (roleIds.length === 0) return;
    await trx
      .insertInto('sysUserRole')
      .values(roleIds.map((roleId) => ({ tenantId, userId, roleId })))
      .execute();
  }

  async extOrgs(trx: Trx, userId: string) {
    return trx
      .selectFrom('sysUserExtOrg as e')
      .leftJoin('sysOrg as o', 'o.id', 'e.orgId')
      .leftJoin('sysPos as p', 'p.id', 'e.posId')
      .select([
        'e.orgId',
        'o.name as orgName',
        'e.posId',
        'p.name as posName',
        'e.jobNum',
        'e.posLevel',
        sql<string | null>`to_char(e.join_date, 'YYYY-MM-DD')`.as('joinDate'),
      ])
      .where('e.userId', '=', userId)
      .orderBy('e.id')
      .execute();
  }

  async setExtOrgs(trx: Trx, tenantId: string, userId: string, list: ExtOrgInput[], newId: () => string) {
    await trx.deleteFrom('sysUserExtOrg').where('userId', '=', userId).execute();
    if (list.length === 0) return;
    await trx
      .insertInto('sysUserExtOrg')
      .values(
        list.map((e) => ({
          id: newId(),
          tenantId,
          userId,
          orgId: e.orgId,
          posId: e.posId ?? null,
          jobNum: e.jobNum ?? null,
          posLevel: e.posLevel ?? null,
          joinDate: e.joinDate ?? null,
        })),
      )
      .execute();
  }

  /** How many of `ids` are organisations / positions of the tenant. */
  async countExisting(trx: Trx, table: 'sysOrg' | 'sysPos', ids: string[]): Promise<number> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return 0;
    const row = await trx
      .selectFrom(table)
      .select(sql<string>`count(*)`.as('n'))
      .where('id', 'in', unique)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async configValue(trx: Trx, code: string): Promise<string | undefined> {
    const row = await trx.selectFrom('sysConfig').select('value').where('code', '=', code).executeTakeFirst();
    return row?.value ?? undefined;
  }

  /** The tenant's admin account id (sys_tenant.user_id). */
  async tenantAdminId(trx: Trx, tenantId: string): Promise<string | null> {
    const row = await trx
      .selectFrom('sysTenant')
      .select('userId')
      .where('id', '=', tenantId)
      .executeTakeFirst();
    return row?.userId ?? null;
  }
}
