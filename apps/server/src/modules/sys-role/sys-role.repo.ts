import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { SysRoleTable } from '../../platform/db/schema.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import type { RoleFilter } from './sys-role.schema.js';

const SORTABLE: Record<string, string> = {
  name: 'r.name',
  code: 'r.code',
  orderNo: 'r.orderNo',
  status: 'r.status',
  createTime: 'r.createTime',
};

const duplicateCode = (code: string | undefined) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION
    ? conflict('crud.duplicateCode', { code: code ?? '' })
    : error;
};

const withUserCount = (trx: Trx) =>
  trx
    .selectFrom('sysRole as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('sysUserRole as ur')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('ur.roleId', '=', 'r.id')
        .as('userCount'),
    );

/** The roles a list filter matches. */
function filtered(trx: Trx, input: RoleFilter) {
  let query = withUserCount(trx);
  if (input.name?.trim()) query = query.where('r.name', 'ilike', containsPattern(input.name.trim()));
  if (input.code?.trim()) query = query.where('r.code', 'ilike', containsPattern(input.code.trim()));
  return query;
}

/** Roles of the tenant of the transaction and their grants (row-level security keeps tenants apart). */
export class SysRoleRepo {
  page(trx: Trx, input: RoleFilter) {
    const sort = resolveSort(input, SORTABLE, { column: 'r.orderNo', direction: 'asc' });
    return paginate(filtered(trx, input), input, sort, 'r.id');
  }

  /** The next `limit` matching roles after `afterId`, by id: an export reads every row this way. */
  batchAfter(trx: Trx, input: RoleFilter, afterId: string, limit: number) {
    return filtered(trx, input).where('r.id', '>', afterId).orderBy('r.id').limit(limit).execute();
  }

  list(trx: Trx) {
    return withUserCount(trx).orderBy('r.orderNo').orderBy('r.id').execute();
  }

  find(trx: Trx, id: string) {
    return trx.selectFrom('sysRole').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async codeTaken(trx: Trx, code: string): Promise<boolean> {
    const hit = await trx
      .selectFrom('sysRole')
      .select('id')
      .where(sql`lower(code)`, '=', code.toLowerCase())
      .executeTakeFirst();
    return !!hit;
  }

  insert(trx: Trx, row: Insertable<SysRoleTable>): Promise<void> {
    return trx
      .insertInto('sysRole')
      .values(row)
      .execute()
      .then(() => undefined, duplicateCode(row.code));
  }

  async update(trx: Trx, id: string, patch: Updateable<SysRoleTable>): Promise<boolean> {
    const result = await trx
      .updateTable('sysRole')
      .set(patch)
      .where('id', '=', id)
      .executeTakeFirst()
      .catch(duplicateCode(typeof patch.code === 'string' ? patch.code : undefined));
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes the role with its grants. */
  async delete(trx: Trx, id: string): Promise<void> {
    for (const table of ['sysRoleMenu', 'sysRoleOrg', 'sysRoleApi', 'sysRoleTable'] as const) {
      await trx.deleteFrom(table).where('roleId', '=', id).execute();
    }
    await trx.deleteFrom('sysRole').where('id', '=', id).execute();
  }

  async holders(trx: Trx, roleId: string): Promise<string[]> {
    const rows = await trx.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId).execute();
    return rows.map((r) => r.userId);
  }

  async menuIds(trx: Trx, roleId: string): Promise<string[]> {
    const rows = await trx.selectFrom('sysRoleMenu').select('menuId').where('roleId', '=', roleId).execute();
    return rows.map((r) => r.menuId);
  }

  async orgIds(trx: Trx, roleId: string): Promise<string[]> {
    const rows = await trx.selectFrom('sysRoleOrg').select('orgId').where('roleId', '=', roleId).execute();
    return rows.map((r) => r.orgId);
  }

  async routes(trx: Trx, roleId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysRoleApi')
      .select('route')
      .where('roleId', '=', roleId)
      .orderBy('route')
      .execute();
    return rows.map((r) => r.route);
  }

  async tableColumns(trx: Trx, roleId: string) {
    return trx
      .selectFrom('sysRoleTable')
      .select(['tableName', 'columnName'])
      .where('roleId', '=', roleId)
      .execute();
  }

  /** Replaces one kind of grant of a role with `values` (rows without tenant and role). */
  async replaceMenus(trx: Trx, tenantId: string, roleId: string, menuIds: string[]) {
    await trx.deleteFrom('sysRoleMenu').where('roleId', '=', roleId).execute();
    if (menuIds.length > 0) {
      await trx
        .insertInto('sysRoleMenu')
        .values(menuIds.map((menuId) => ({ tenantId, roleId, menuId })))
        .execute();
    }
  }

  async replaceOrgs(trx: Trx, tenantId: string, roleId: string, orgIds: string[]) {
    await trx.deleteFrom('sysRoleOrg').where('roleId', '=', roleId).execute();
    if (orgIds.length > 0) {
      await trx
        .insertInto('sysRoleOrg')
        .values(orgIds.map((orgId) => ({ tenantId, roleId, orgId })))
        .execute();
    }
  }

  async replaceRoutes(trx: Trx, tenantId: string, roleId: string, routes: string[]) {
    await trx.deleteFrom('sysRoleApi').where('roleId', '=', roleId).execute();
    if (routes.length > 0) {
      await trx
        .insertInto('sysRoleApi')
        .values(routes.map((route) => ({ tenantId, roleId, route })))
        .execute();
    }
  }

  async replaceTables(
    trx: Trx,
    tenantId: string,
    roleId: string,
    columns: { tableName: string; columnName: string }[],
  ) {
    await trx.deleteFrom('sysRoleTable').where('roleId', '=', roleId).execute();
    if (columns.length > 0) {
      await trx
        .insertInto('sysRoleTable')
        .values(columns.map((c) => ({ tenantId, roleId, ...c })))
        .execute();
    }
  }

  async addHolders(trx: Trx, tenantId: string, roleId: string, userIds: string[]) {
    if (userIds.length === 0) return;
    await trx
      .insertInto('sysUserRole')
      .values(userIds.map((userId) => ({ tenantId, roleId, userId })))
      .execute();
  }

  async removeHolders(trx: Trx, roleId: string, userIds: string[]) {
    if (userIds.length === 0) return;
    await trx.deleteFrom('sysUserRole').where('roleId', '=', roleId).where('userId', 'in', userIds).execute();
  }
}
