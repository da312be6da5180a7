import { DataScope, MenuType } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/http/errors.js';
import { assertMayManageAccount } from '../../platform/permission/account-policy.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { FIELD_CATALOG, isGuardedColumn } from '../../platform/permission/field-catalog.js';
import {
  assertMayChangeRouteBlacklist,
  assertMayGrantDataScope,
  assertMayGrantMenus,
  assertMayHandOnRoles,
  assertMayLiftFieldBlacklist,
} from '../../platform/permission/grant-policy.js';
import { RoleGrantsRepo } from './role-grants.repo.js';
import type { SysRoleService } from './sys-role.service.js';

/** A route of the running app that a role's API blacklist may name (coded routes only). */
export interface GrantableRoute {
  url: string;
  permission: string;
}

/**
 * What a role grants: menus and buttons, data scope, API and field blacklists and holders. Every
 * grant passes the grant policy (platform/permission/grant-policy.ts: nobody grants what they do not
 * hold), and every holder change the account policy (nobody acts on an account of a higher kind).
 */
export class RoleGrantsService {
  private readonly repo = new RoleGrantsRepo();

  constructor(
    private readonly ctx: AppContext,
    private readonly roles: SysRoleService,
  ) {}

  ownMenuList(principal: Principal, roleId: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.roles.get(trx, roleId);
      return this.roles.repo.menuIds(trx, roleId);
    });
  }

  /**
   * The menus and buttons the caller may hand on, as a tree (for the grant dialog): every menu for
   * the super admin, the tenant's menus outside core modules for the tenant admin, and otherwise
   * what the caller holds.
   */
  grantableMenus(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const rows = await this.repo.grantableMenus(trx, principal.isSuperAdmin);
      if (principal.isSuperAdmin || principal.isSysAdmin) return rows;
      const visible = new Set(principal.menuIds);
      const held = new Set(principal.permissions);
      return rows.filter((m) =>
        m.type === MenuType.Btn ? !!m.permission && held.has(m.permission) : visible.has(m.id),
      );
    });
  }

  async grantMenu(principal: Principal, roleId: string, menuIds: string[]): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.roles.get(trx, roleId);
      const before = await this.roles.repo.menuIds(trx, roleId);
      const menus = await this.repo.menusByIds(trx, menuIds);
      if (menus.length !== menuIds.length) throw badRequest('role.unknownMenu');
      assertMayGrantMenus(principal, menus, await this.repo.tenantMenuIds(trx));
      await this.roles.repo.replaceMenus(trx, principal.tenantId, roleId, menuIds);
      this.grantRecord(principal, roleId, 'menus', before, menuIds);
    });
    await this.ctx.sessions.touchMenus();
  }

  ownOrgList(principal: Principal, roleId: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.roles.get(trx, roleId);
      return this.roles.repo.orgIds(trx, roleId);
    });
  }

  async grantDataScope(
    principal: Principal,
    roleId: string,
    dataScope: number,
    orgIds: string[],
  ): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const role = await this.roles.get(trx, roleId);
      const beforeOrgs = await this.roles.repo.orgIds(trx, roleId);
      const custom = dataScope === DataScope.Define ? orgIds : [];
      if ((await this.repo.countOrgs(trx, custom)) !== custom.length) throw badRequest('role.unknownOrg');
      assertMayGrantDataScope(principal, await resolveDataScope(trx, principal), dataScope, custom);
      await this.roles.repo.update(trx, roleId, { dataScope });
      await this.roles.repo.replaceOrgs(trx, principal.tenantId, roleId, custom);
      this.ctx.audit.diff({
        principal,
        table: 'sysRole',
        rowId: roleId,
        operation: 'update',
        before: { dataScope: role.dataScope, orgs: [...beforeOrgs].sort() },
        after: { dataScope, orgs: [...custom].sort() },
      });
    });
    // Holders' principals (and the data scopes computed for them) are rebuilt on their next request.
    await this.ctx.tenants.invalidate(principal.tenantId);
  }

  roleApiList(principal: Principal, roleId: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.roles.get(trx, roleId);
      return this.roles.repo.routes(trx, roleId);
    });
  }

  /** Replaces the role's API blacklist: each entry must be a coded route of this server. */
  async grantApi(
    principal: Principal,
    roleId: string,
    routes: string[],
    known: GrantableRoute[],
  ): Promise<void> {
    const coded = new Map(known.filter((r) => r.permission.includes(':')).map((r) => [r.url, r]));
    const unknown = routes.filter((route) => !coded.has(route));
    if (unknown.length > 0) throw badRequest('role.unknownApi', { api: unknown[0]! });
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.roles.get(trx, roleId);
      const before = await this.roles.repo.routes(trx, roleId);
      const wanted = new Set(routes);
      const lifted = before.filter((route) => !wanted.has(route));
      const added = routes.filter((route) => !before.includes(route));
      assertMayChangeRouteBlacklist(
        principal,
        [...lifted, ...added],
        lifted.map((url) => coded.get(url) ?? { url, permission: '' }),
      );
      await this.roles.repo.replaceRoutes(trx, principal.tenantId, roleId, routes);
      this.grantRecord(principal, roleId, 'apis', before, routes);
    });
    await this.ctx.sessions.touchMenus();
  }

  /**
   * Sets the accounts holding the role, among those the granter may see: holders outside the
   * granter's data scope are neither listed to them nor removed by them. Below the admins, only
   * roles the granter holds can be handed on, and no account of a higher kind is added or removed.
   */
  async grantUser(principal: Principal, roleId: string, userIds: string[]): Promise<void> {
    const touched = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.roles.get(trx, roleId);
      const scope = await resolveDataScope(trx, principal);
      const before = await this.roles.repo.holders(trx, roleId);
      const candidates = [...new Set([...before, ...userIds])];
      const visible = new Map(
        (await this.repo.accountsInScope(trx, scope, candidates)).map((u) => [u.id, u]),
      );
      if (userIds.some((id) => !visible.has(id))) throw badRequest('role.unknownUser');
      const wanted = new Set(userIds);
      const removed = before.filter((id) => visible.has(id) && !wanted.has(id));
      const added = userIds.filter((id) => !before.includes(id));
      if (removed.length || added.length) assertMayHandOnRoles(principal, [roleId]);
      for (const id of [...removed, ...added]) assertMayManageAccount(principal, visible.get(id)!, 'holder');
      await this.roles.repo.removeHolders(trx, roleId, removed);
      await this.roles.repo.addHolders(trx, principal.tenantId, roleId, added);
      if (removed.length || added.length) {
        this.grantRecord(principal, roleId, 'users', before, [
          ...before.filter((id) => !removed.includes(id)),
          ...added,
        ]);
      }
      return [...removed, ...added];
    });
    // Added and removed holders see the change on their next request.
    for (const userId of touched) await this.ctx.sessions.touchUser(userId);
  }

  /** The accounts holding the role that the caller may see. */
  holders(principal: Principal, roleId: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.roles.get(trx, roleId);
      return this.repo.holdersInScope(trx, await resolveDataScope(trx, principal), roleId);
    });
  }

  /** A grant in the role's difference log: the granted set before and after, sorted. */
  private grantRecord(
    principal: Principal,
    roleId: string,
    field: string,
    before: string[],
    after: string[],
  ) {
    this.ctx.audit.diff({
      principal,
      table: 'sysRole',
      rowId: roleId,
      operation: 'update',
      before: { [field]: [...before].sort() },
      after: { [field]: [...after].sort() },
    });
  }

  /** Every table a field blacklist may name, with its hideable fields. */
  allTableColumns() {
    return Object.entries(FIELD_CATALOG).map(([tableName, columns]) => ({
      tableName,
      columns: [...columns],
    }));
  }

  roleTable(principal: Principal, roleId: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.roles.get(trx, roleId);
      return groupColumns(await this.roles.repo.tableColumns(trx, roleId));
    });
  }

  /** Replaces the role's field blacklist; holders stop seeing (and may not write) those fields at once. */
  async grantRoleTable(
    principal: Principal,
    roleId: string,
    tables: { tableName: string; columns: string[] }[],
  ): Promise<void> {
    const rows = tables.flatMap((t) =>
      t.columns.map((columnName) => ({ tableName: t.tableName, columnName })),
    );
    const unknown = rows.find((r) => !isGuardedColumn(r.tableName, r.columnName));
    if (unknown)
      throw badRequest('role.unknownColumn', { column: `${unknown.tableName}.${unknown.columnName}` });
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.roles.get(trx, roleId);
      const unique = [...new Map(rows.map((r) => [`${r.tableName}.${r.columnName}`, r])).values()];
      const keyOf = (r: { tableName: string; columnName: string }) => `${r.tableName}.${r.columnName}`;
      const current = await this.roles.repo.tableColumns(trx, roleId);
      const wanted = new Set(unique.map(keyOf));
      assertMayLiftFieldBlacklist(
        principal,
        current.filter((r) => !wanted.has(keyOf(r))),
      );
      await this.roles.repo.replaceTables(trx, principal.tenantId, roleId, unique);
      this.grantRecord(principal, roleId, 'fields', current.map(keyOf), unique.map(keyOf));
    });
    await this.ctx.sessions.touchMenus();
  }
}

/** Column rows grouped by table, as the grant dialog reads them. */
export function groupColumns(rows: { tableName: string; columnName: string }[]) {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.tableName, [...(out.get(r.tableName) ?? []), r.columnName]);
  return [...out].map(([tableName, columns]) => ({ tableName, columns }));
}
