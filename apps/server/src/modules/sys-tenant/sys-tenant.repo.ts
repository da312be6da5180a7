import type { Insertable, Updateable } from 'kysely';
import { Status } from '@lintel/contracts';
import type { Sql, Trx } from '../../platform/db/database.js';
import type { SysTenantTable, SysUserTable, Tenant } from '../../platform/db/schema.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import { paginate, resolveSort, type PageRequest } from '../../platform/http/paging.js';
import type { TenantFilter, TenantUserFilter } from './sys-tenant.schema.js';

/** Turns the unique index on tenant names into the localized conflict (a race past the check). */
export const duplicateName = (name: string) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION ? conflict('tenant.nameTaken', { name }) : error;
};

/**
 * Tenants (a global table: reached in a platform transaction, since the administrator account of
 * each tenant is joined from its tenant-owned row) and the grants and accounts of one tenant.
 * Deleted tenants are kept (0007_tenant_soft_delete) and never listed or changed here.
 */
export class SysTenantRepo {
  page(trx: Trx, filter: TenantFilter) {
    const sort = resolveSort(
      filter,
      { name: 't.name', orderNo: 't.orderNo', createTime: 't.createTime', status: 't.status' },
      { column: 't.orderNo', direction: 'asc' },
    );
    return paginate(this.filtered(trx, filter), filter, sort, 't.id');
  }

  /** The next `limit` matching tenants after `afterId`, by id: an export reads every row this way. */
  batchAfter(trx: Trx, filter: TenantFilter, afterId: string, limit: number) {
    return this.filtered(trx, filter).where('t.id', '>', afterId).orderBy('t.id').limit(limit).execute();
  }

  private filtered(trx: Trx, filter: TenantFilter) {
    let query = trx
      .selectFrom('sysTenant as t')
      .leftJoin('sysUser as u', (join) =>
        join.onRef('u.id', '=', 't.userId').onRef('u.tenantId', '=', 't.id'),
      )
      .selectAll('t')
      .select('u.account as adminAccount')
      .where('t.isDelete', '=', false);
    if (filter.name?.trim()) query = query.where('t.name', 'ilike', containsPattern(filter.name.trim()));
    if (filter.phone?.trim()) query = query.where('t.phone', 'ilike', containsPattern(filter.phone.trim()));
    return query;
  }

  /** A live tenant; `db` may be the global handle (the tenant table carries no row-level security). */
  find(db: Sql, id: string): Promise<Tenant | undefined> {
    return db
      .selectFrom('sysTenant')
      .selectAll()
      .where('id', '=', id)
      .where('isDelete', '=', false)
      .executeTakeFirst();
  }

  /** The live tenant whose administrator account this is (Admin.NET names tenants by it: `userId`). */
  findByAdmin(db: Sql, userId: string): Promise<Tenant | undefined> {
    return db
      .selectFrom('sysTenant')
      .selectAll()
      .where('userId', '=', userId)
      .where('isDelete', '=', false)
      .executeTakeFirst();
  }

  /** Enabled live tenants as choices (Admin.NET `sysTenant/list`): name, host and id, in list order. */
  options(db: Sql) {
    return db
      .selectFrom('sysTenant')
      .select(['id as value', 'name as label', 'host'])
      .where('isDelete', '=', false)
      .where('status', '=', Status.Enable)
      .orderBy('orderNo')
      .orderBy('id')
      .execute();
  }

  /** Another live tenant with this name or host (case-insensitive), if any. */
  async clash(trx: Trx, name: string, host: string | null, exceptId?: string) {
    let query = trx
      .selectFrom('sysTenant')
      .select(['id', 'name', 'host'])
      .where('isDelete', '=', false)
      .where((eb) => {
        const same = [eb(eb.fn('lower', ['name']), '=', name.toLowerCase())];
        if (host) same.push(eb(eb.fn('lower', ['host']), '=', host.toLowerCase()));
        return eb.or(same);
      });
    if (exceptId) query = query.where('id', '<>', exceptId);
    const rows = await query.execute();
    if (rows.some((r) => r.name.toLowerCase() === name.toLowerCase())) return 'name' as const;
    if (rows.length) return 'host' as const;
    return undefined;
  }

  async update(trx: Trx, id: string, patch: Updateable<SysTenantTable>, name?: string): Promise<void> {
    await trx
      .updateTable('sysTenant')
      .set(patch)
      .where('id', '=', id)
      .execute()
      .catch(duplicateName(name ?? ''));
  }

  /** Writes settings of one tenant; answers whether it exists. */
  async saveSettings(db: Sql, id: string, patch: Updateable<SysTenantTable>): Promise<boolean> {
    const result = await db.updateTable('sysTenant').set(patch).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  insert(trx: Trx, row: Insertable<SysTenantTable>): Promise<Tenant> {
    return trx.insertInto('sysTenant').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Whether a database (the main one, or a tenant's own) holds the tenant's row. */
  async exists(trx: Trx, tenantId: string): Promise<boolean> {
    return !!(await trx.selectFrom('sysTenant').select('id').where('id', '=', tenantId).executeTakeFirst());
  }

  /** Every live tenant of a type, in list order. */
  ofType(db: Sql, tenantType: number): Promise<Tenant[]> {
    return db
      .selectFrom('sysTenant')
      .selectAll()
      .where('tenantType', '=', tenantType)
      .where('isDelete', '=', false)
      .orderBy('orderNo')
      .orderBy('id')
      .execute();
  }

  /** The menus a tenant may be granted: every enabled tenant-scope menu, in menu order. */
  grantableMenus(db: Sql) {
    return db
      .selectFrom('sysMenu')
      .select(['id', 'pid', 'name', 'title', 'type', 'permission', 'icon', 'scope'])
      .where('scope', '=', 'tenant')
      .where('status', '=', Status.Enable)
      .orderBy('orderNo')
      .orderBy('id')
      .execute();
  }

  /** The scope of each named menu that exists. */
  menuScopes(db: Sql, menuIds: string[]) {
    return db.selectFrom('sysMenu').select(['id', 'scope']).where('id', 'in', menuIds).execute();
  }

  async setPassword(
    trx: Trx,
    userId: string,
    patch: Pick<
      Updateable<SysUserTable>,
      'password' | 'lastChangePasswordTime' | 'updateTime' | 'updateUserId' | 'updateUserName'
    >,
  ): Promise<void> {
    await trx.updateTable('sysUser').set(patch).where('id', '=', userId).execute();
  }

  /** The administrator account of a tenant, by the id its tenant row names. */
  tenantAdmin(trx: Trx, tenantId: string, userId: string) {
    return trx
      .selectFrom('sysUser')
      .select(['id', 'account'])
      .where('id', '=', userId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
  }

  async renameAccount(
    trx: Trx,
    tenantId: string,
    userId: string,
    patch: Pick<Updateable<SysUserTable>, 'account' | 'updateTime' | 'updateUserId' | 'updateUserName'>,
  ): Promise<void> {
    await trx
      .updateTable('sysUser')
      .set(patch)
      .where('id', '=', userId)
      .where('tenantId', '=', tenantId)
      .execute();
  }

  async menuIds(trx: Trx, tenantId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysTenantMenu')
      .select('menuId')
      .where('tenantId', '=', tenantId)
      .orderBy('menuId')
      .execute();
    return rows.map((r) => r.menuId);
  }

  /** Replaces a tenant's menus; a menu taken from the tenant is taken from its roles too. */
  async replaceMenus(trx: Trx, tenantId: string, menuIds: string[]): Promise<void> {
    let revoke = trx.deleteFrom('sysTenantMenu').where('tenantId', '=', tenantId);
    let revokeRoles = trx.deleteFrom('sysRoleMenu').where('tenantId', '=', tenantId);
    if (menuIds.length) {
      revoke = revoke.where('menuId', 'not in', menuIds);
      revokeRoles = revokeRoles.where('menuId', 'not in', menuIds);
    }
    await revoke.execute();
    await revokeRoles.execute();
    if (menuIds.length) {
      await trx
        .insertInto('sysTenantMenu')
        .values(menuIds.map((menuId) => ({ tenantId, menuId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }

  /** Menus some role of the tenant holds. */
  async roleMenuIds(trx: Trx, tenantId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysRoleMenu')
      .select('menuId')
      .distinct()
      .where('tenantId', '=', tenantId)
      .execute();
    return rows.map((r) => r.menuId);
  }

  /** Grants the tenant these menus besides the ones it holds. */
  async addMenus(trx: Trx, tenantId: string, menuIds: string[]): Promise<void> {
    if (menuIds.length === 0) return;
    await trx
      .insertInto('sysTenantMenu')
      .values(menuIds.map((menuId) => ({ tenantId, menuId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Accounts of a tenant holding a live session (their sessions are ended when it is disabled). */
  async usersWithSessions(trx: Trx, tenantId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysTokenFamily')
      .select('userId')
      .distinct()
      .where('tenantId', '=', tenantId)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', new Date())
      .execute();
    return rows.map((r) => r.userId);
  }

  users(trx: Trx, tenantId: string, filter: TenantUserFilter & PageRequest) {
    let query = trx
      .selectFrom('sysUser as u')
      .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
      .select([
        'u.id',
        'u.account',
        'u.realName',
        'u.phone',
        'u.email',
        'u.accountType',
        'o.name as orgName',
        'u.status',
        'u.lastLoginTime',
        'u.createTime',
      ])
      .where('u.tenantId', '=', tenantId);
    if (filter.account?.trim())
      query = query.where('u.account', 'ilike', containsPattern(filter.account.trim()));
    if (filter.realName?.trim())
      query = query.where('u.realName', 'ilike', containsPattern(filter.realName.trim()));
    const sort = resolveSort(
      filter,
      { account: 'u.account', realName: 'u.realName', createTime: 'u.createTime' },
      { column: 'u.orderNo', direction: 'asc' },
    );
    return paginate(query, filter, sort, 'u.id');
  }

  /** An account of the tenant the transaction is in, as far as signing it in needs. */
  account(trx: Trx, userId: string) {
    return trx
      .selectFrom('sysUser')
      .select(['id', 'account', 'status', 'accountType'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Clears the sign-in lockout of an account (failures count on the account: `u:<id>`). */
  async clearLockout(trx: Trx, userId: string): Promise<void> {
    await trx.deleteFrom('sysLoginFailure').where('subject', '=', `u:${userId}`).execute();
  }
}
