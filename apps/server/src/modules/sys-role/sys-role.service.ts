import { DataScope, Status, type Locale } from '@lintel/contracts';
import { applied } from '../../platform/audit/diff.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { dateTimeCell, enumCell } from '../../platform/export/cell-formats.js';
import { EXPORT_BATCH, exportRows, keysetBatches, oneBatch } from '../../platform/export/row-export.js';
import { notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import {
  assertMayGrantDataScope,
  assertMayGrantMenus,
  assertNotOwnRole,
} from '../../platform/permission/grant-policy.js';
import { RoleGrantsRepo } from './role-grants.repo.js';
import { created, updated } from '../../platform/audit/stamps.js';
import { SysRoleRepo } from './sys-role.repo.js';
import { RoleOutput, type RoleExportInput, type RoleFilter, type RoleInput } from './sys-role.schema.js';
import { rolePolicy } from './role.policy.js';

/** Fields of the role list a file may hold. */
const EXPORTABLE = Object.keys(RoleOutput.properties);
/** Coded columns, written as a person reads them. */
const FORMATS = {
  dataScope: enumCell('DataScope'),
  status: enumCell('Status'),
  createTime: dateTimeCell,
  updateTime: dateTimeCell,
};

type RoleRow = NonNullable<Awaited<ReturnType<SysRoleRepo['find']>>> & { userCount: number | null };

export const toRoleOutput = (row: RoleRow) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  dataScope: row.dataScope,
  isSystem: row.isSystem,
  orderNo: row.orderNo,
  status: row.status,
  remark: row.remark,
  userCount: row.userCount ?? 0,
  createTime: formatIso(row.createTime),
  updateTime: row.updateTime ? formatIso(row.updateTime) : null,
  updateUserName: row.updateUserName,
});

/** Registry keys of the menus a new role holds from the start. */
const STARTER_MENUS = ['dashboard', 'home'];

/**
 * Roles of the working tenant. A change that alters what holders may do (status, delete) bumps the
 * menu epoch, so cached principals are rebuilt on their next request. Switching a role on grants
 * everything it holds, so it passes the grant policy like a grant does.
 */
export class SysRoleService {
  readonly repo = new SysRoleRepo();
  private readonly grants = new RoleGrantsRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, input: RoleFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.page(trx, input);
      return { ...page, items: page.items.map(toRoleOutput) };
    });
  }

  /**
   * The filtered roles as a file, streamed: the page the user sees, or every match read in batches
   * of short transactions. The field blacklist hides columns as in the list.
   */
  export(principal: Principal, input: RoleExportInput, locale: Locale, onError: (error: unknown) => void) {
    const { format, range, columns, ...filter } = input;
    const batch = (last: { id: string } | undefined) =>
      this.ctx.db.tenant(principal.tenantId, async (trx) =>
        (await this.repo.batchAfter(trx, filter, last?.id ?? '0', EXPORT_BATCH)).map(toRoleOutput),
      );
    return exportRows(
      {
        format,
        allowed: EXPORTABLE,
        hidden: principal.fieldBlacklist.sysRole,
        asked: columns,
        name: 'roles',
        rows: () =>
          range === 'page'
            ? oneBatch(this.page(principal, filter).then((page) => page.items))
            : keysetBatches(batch),
        cells: (row) => row,
        locale,
        formats: FORMATS,
      },
      onError,
    );
  }

  list(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) =>
      (await this.repo.list(trx)).map(toRoleOutput),
    );
  }

  /** The role, or 404 (also for another tenant's id). */
  async get(trx: Trx, id: string) {
    const row = await this.repo.find(trx, id);
    if (!row) throw notFound();
    return row;
  }

  add(principal: Principal, input: RoleInput): Promise<string> {
    const id = newId();
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      // A new role sees its holders' own rows until a data scope is granted.
      const dataScope = input.dataScope ?? DataScope.Self;
      assertMayGrantDataScope(principal, await resolveDataScope(trx, principal), dataScope, []);
      const row = {
        id,
        tenantId: principal.tenantId,
        name: input.name.trim(),
        code: input.code.trim(),
        dataScope,
        orderNo: input.orderNo,
        status: input.status,
        remark: input.remark ?? null,
        ...created(principal),
      };
      await this.repo.insert(trx, row);
      // Every new role starts with the dashboard, so its holders land on a page of their own after
      // signing in (the personal centre reaches every account anyway).
      const starter = await this.grants.tenantMenusByKey(trx, STARTER_MENUS);
      await this.repo.replaceMenus(trx, principal.tenantId, id, starter);
      this.ctx.audit.diff({ principal, table: 'sysRole', rowId: id, operation: 'insert', after: row });
      return id;
    });
  }

  async update(principal: Principal, input: RoleInput & { id: string }): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.get(trx, input.id);
      rolePolicy.assertCodeChange(current, input.code.trim());
      if (input.status !== undefined && input.status !== current.status)
        await this.assertMaySwitch(trx, principal, current, input.status);
      const patch = {
        name: input.name.trim(),
        code: input.code.trim(),
        orderNo: input.orderNo,
        status: input.status,
        remark: input.remark,
        ...updated(principal),
      };
      await this.repo.update(trx, input.id, patch);
      this.ctx.audit.diff({
        principal,
        table: 'sysRole',
        rowId: input.id,
        operation: 'update',
        before: current,
        after: applied(current, patch),
      });
    });
    await this.ctx.sessions.touchMenus();
  }

  async setStatus(principal: Principal, id: string, status: number): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.get(trx, id);
      if (status !== current.status) await this.assertMaySwitch(trx, principal, current, status);
      await this.repo.update(trx, id, { status, ...updated(principal) });
      this.ctx.audit.diff({
        principal,
        table: 'sysRole',
        rowId: id,
        operation: 'update',
        before: current,
        after: applied(current, { status }),
      });
    });
    await this.ctx.sessions.touchMenus();
  }

  /**
   * Switching a role on or off: never one the caller holds (off sheds its restrictions, on adds its
   * grants); and a role switched on grants its menus and data scope at once, so the caller must
   * hold them.
   */
  private async assertMaySwitch(
    trx: Trx,
    principal: Principal,
    role: { id: string; dataScope: number },
    status: number,
  ): Promise<void> {
    assertNotOwnRole(principal, role.id);
    if (status !== Status.Enable) return;
    const menus = await this.grants.menusByIds(trx, await this.repo.menuIds(trx, role.id));
    assertMayGrantMenus(principal, menus, await this.grants.tenantMenuIds(trx));
    const orgs = role.dataScope === DataScope.Define ? await this.repo.orgIds(trx, role.id) : [];
    assertMayGrantDataScope(principal, await resolveDataScope(trx, principal), role.dataScope, orgs);
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const role = await this.get(trx, id);
      rolePolicy.assertDeletable(role, role.isSystem ? 0 : (await this.repo.holders(trx, id)).length);
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({ principal, table: 'sysRole', rowId: id, operation: 'delete', before: role });
    });
    await this.ctx.sessions.touchMenus();
  }

  /** A new role with the same data scope and every grant (menus, organisations, APIs, fields), no holders. */
  copy(principal: Principal, input: { id: string; name?: string; code?: string }): Promise<string> {
    const id = newId();
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const source = await this.get(trx, input.id);
      let code = input.code?.trim();
      if (!code) {
        // code_copy, code_copy2, ...: the first free one.
        for (let n = 1; !code || (await this.repo.codeTaken(trx, code)); n++) {
          code = `${source.code}_copy${n === 1 ? '' : n}`;
        }
      }
      await this.repo.insert(trx, {
        id,
        tenantId: principal.tenantId,
        name: input.name?.trim() || `${source.name} - copy`,
        code,
        dataScope: source.dataScope,
        orderNo: source.orderNo,
        status: source.status,
        remark: source.remark,
        ...created(principal),
      });
      const tenantId = principal.tenantId;
      await this.repo.replaceMenus(trx, tenantId, id, await this.repo.menuIds(trx, source.id));
      await this.repo.replaceOrgs(trx, tenantId, id, await this.repo.orgIds(trx, source.id));
      await this.repo.replaceRoutes(trx, tenantId, id, await this.repo.routes(trx, source.id));
      await this.repo.replaceTables(trx, tenantId, id, await this.repo.tableColumns(trx, source.id));
      return id;
    });
  }
}
