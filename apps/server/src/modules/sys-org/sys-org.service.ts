import { applied } from '../../platform/audit/diff.js';
import type { Principal } from '../../platform/auth/principal.js';
import { countCacheOf } from '../../platform/cache/count-cache.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { Org } from '../../platform/db/schema.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveDataScope, type DataScopeSet } from '../../platform/permission/data-scope.js';
import { created, updated } from '../../platform/audit/stamps.js';
import { buildTree, descendants } from './org-tree.js';
import { SysOrgRepo } from './sys-org.repo.js';
import type { OrgFilter, OrgInput, OrgUpdate } from './sys-org.schema.js';
import { orgPolicy } from './org.policy.js';

const ROOT = '0';

export function toOrgOutput(row: Org) {
  return {
    id: row.id,
    pid: row.pid,
    name: row.name,
    code: row.code,
    level: row.level,
    type: row.type,
    directorId: row.directorId,
    orderNo: row.orderNo,
    status: row.status,
    remark: row.remark,
    createTime: formatIso(row.createTime),
    updateTime: row.updateTime ? formatIso(row.updateTime) : null,
    createUserName: row.createUserName,
    updateUserName: row.updateUserName,
  };
}

/** An organisation the user may see and manage: inside their data scope (or their own). */
const inScope = (scope: DataScopeSet, principal: Principal, id: string) =>
  scope.all || scope.orgIds.includes(id) || id === principal.orgId;

/**
 * The organisation tree of the working tenant. Reads and writes stay inside the caller's data
 * scope; a change of the tree bumps the tenant's epoch, so cached principals (organisation names,
 * data scope) are rebuilt on their next request.
 */
export class SysOrgService {
  private readonly repo = new SysOrgRepo();

  constructor(private readonly ctx: AppContext) {}

  tree(principal: Principal, filter: OrgFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      const rows = (await this.repo.list(trx, filter)).filter((row) => inScope(scope, principal, row.id));
      return buildTree(rows.map(toOrgOutput));
    });
  }

  /**
   * The caller's own organisation (Admin.NET sysUser/orgInfo), or null: none assigned, or a super
   * admin working in a tenant it does not belong to.
   */
  async own(principal: Principal) {
    if (!principal.orgId || principal.tenantId !== principal.homeTenantId) return null;
    const row = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.find(trx, principal.orgId!));
    return row ? toOrgOutput(row) : null;
  }

  private async target(trx: Trx, principal: Principal, scope: DataScopeSet, id: string): Promise<Org> {
    const row = await this.repo.find(trx, id);
    if (!row) throw notFound();
    if (!inScope(scope, principal, id)) throw forbidden('org.outOfScope');
    return row;
  }

  /** Level of a child of `pid` (roots are level 1); the parent must exist and be in scope. */
  private async levelUnder(
    trx: Trx,
    principal: Principal,
    scope: DataScopeSet,
    pid: string,
  ): Promise<number> {
    if (pid === ROOT) {
      if (!scope.all) throw forbidden('org.outOfScope');
      return 1;
    }
    const parent = await this.repo.find(trx, pid);
    if (!parent) throw badRequest('org.parentNotFound');
    if (!inScope(scope, principal, pid)) throw forbidden('org.outOfScope');
    return (parent.level ?? 1) + 1;
  }

  async add(principal: Principal, input: OrgInput): Promise<string> {
    const id = newId();
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      const level = await this.levelUnder(trx, principal, scope, input.pid);
      const row = {
        id,
        tenantId: principal.tenantId,
        pid: input.pid,
        name: input.name?.trim(),
        code: input.code?.trim(),
        level,
        type: input.type ?? null,
        directorId: input.directorId ?? null,
        orderNo: input.orderNo,
        status: input.status,
        remark: input.remark ?? null,
        ...created(principal),
      };
      await this.repo.insert(trx, row);
      this.ctx.audit.diff({ principal, table: 'sysOrg', rowId: id, operation: 'insert', after: row });
    });
    await this.ctx.tenants.invalidate(principal.tenantId);
    return id;
  }

  async update(principal: Principal, input: OrgUpdate): Promise<void> {
    const moved = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      const current = await this.target(trx, principal, scope, input.id);
      const moved = current.pid !== input.pid;
      let level = current.level ?? 1;
      let subtree = new Map<string, number>();
      if (moved) {
        subtree = descendants(await this.repo.links(trx), input.id);
        orgPolicy.assertMove(subtree, input.pid);
        level = await this.levelUnder(trx, principal, scope, input.pid);
      }
      const patch = {
        pid: input.pid,
        name: input.name?.trim(),
        code: input.code?.trim(),
        level,
        type: input.type,
        directorId: input.directorId,
        orderNo: input.orderNo,
        status: input.status,
        remark: input.remark,
        ...updated(principal),
      };
      await this.repo.update(trx, input.id, patch);
      this.ctx.audit.diff({
        principal,
        table: 'sysOrg',
        rowId: input.id,
        operation: 'update',
        before: current,
        after: applied(current, patch),
      });
      if (moved) {
        const byDepth = new Map<number, string[]>();
        for (const [id, depth] of subtree)
          if (depth > 0) byDepth.set(depth, [...(byDepth.get(depth) ?? []), id]);
        for (const [depth, ids] of byDepth) await this.repo.setLevel(trx, ids, level + depth);
      }
      return moved;
    });
    // Account lists filtered by an organisation count its whole branch: a moved branch moves totals.
    if (moved) await countCacheOf(this.ctx.cache).changed(principal.tenantId, 'sysUser');
    await this.ctx.tenants.invalidate(principal.tenantId);
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      const current = await this.target(trx, principal, scope, id);
      orgPolicy.assertDeletable({
        hasChildren: await this.repo.hasChildren(trx, id),
        hasAccounts: await this.repo.hasAccounts(trx, id),
      });
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({ principal, table: 'sysOrg', rowId: id, operation: 'delete', before: current });
    });
    await this.ctx.tenants.invalidate(principal.tenantId);
  }
}
