import {
  Status,
  type ApprovalFlowFilter,
  type ApprovalFlowInput,
  type ApprovalFlowRow,
  type ApprovalFlowUpdate,
  type FlowGraph,
} from '@lintel/contracts';
import { applied } from '../../platform/audit/diff.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { ApprovalFlowRepo, type FlowRecord } from './approval-flow.repo.js';
import { ApprovalForms } from './approval-forms.js';
import { parseFlowGraph, parseFormBinding } from './flow-graph.js';

const SORTABLE = { code: 'code', name: 'name', createTime: 'createTime' };

export const toFlowOutput = (row: FlowRecord): ApprovalFlowRow => ({
  id: row.id,
  code: row.code,
  name: row.name,
  formJson: row.formJson,
  flowJson: row.flowJson,
  status: row.status,
  remark: row.remark,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
  createUserName: row.createUserName,
  updateUserName: row.updateUserName,
});

/** `yyMMdd` of today, the prefix of automatic codes (Admin.NET's LastCode). */
const dayPrefix = (now = new Date()) =>
  `${String(now.getFullYear() % 100).padStart(2, '0')}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;

/**
 * Flow definitions (`approvalFlow/*`). Saving checks the whole definition: the graph's structure
 * (flow-graph.ts), that every account, role and organisation an approver node names exists here
 * (organisations with a director), and that a bound form is published.
 */
export class ApprovalFlowService {
  private readonly repo = new ApprovalFlowRepo();
  private readonly forms: ApprovalForms;

  constructor(private readonly ctx: AppContext) {
    this.forms = new ApprovalForms(ctx);
  }

  page(principal: Principal, filter: ApprovalFlowFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const sort = resolveSort(filter, SORTABLE, { column: 'createTime', direction: 'desc' });
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map(toFlowOutput) };
    });
  }

  list(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) =>
      (await this.repo.list(trx)).map(toFlowOutput),
    );
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => toFlowOutput(await this.found(trx, id)));
  }

  /** Admin.NET's GetInfo: the definition of a code. */
  info(principal: Principal, code: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.byCode(trx, code);
      if (!row) throw notFound();
      return toFlowOutput(row);
    });
  }

  async add(principal: Principal, input: ApprovalFlowInput): Promise<string> {
    const fields = await this.checked(principal, input);
    const id = newId();
    return this.unique(() =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        const code = input.code?.trim() || (await this.nextCode(trx));
        const row = { id, tenantId: principal.tenantId, ...fields, code, ...created(principal) };
        await this.repo.insert(trx, row);
        this.ctx.audit.diff({ principal, table: 'approvalFlow', rowId: id, operation: 'insert', after: row });
        return id;
      }),
    );
  }

  async update(principal: Principal, input: ApprovalFlowUpdate): Promise<void> {
    const fields = await this.checked(principal, input);
    await this.unique(() =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        const current = await this.found(trx, input.id);
        const patch = { ...fields, code: input.code?.trim() || current.code, ...updated(principal) };
        await this.repo.update(trx, input.id, patch);
        const after = applied(current, patch);
        this.ctx.audit.diff({
          principal,
          table: 'approvalFlow',
          rowId: input.id,
          operation: 'update',
          before: current,
          after,
        });
      }),
    );
  }

  /** Requests in progress keep their snapshot, but a flow with open ones is kept until they close. */
  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const before = await this.found(trx, id);
      const open = await this.repo.openInstances(trx, id);
      if (open > 0) throw badRequest('approvalFlow.inUse', { count: open });
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({ principal, table: 'approvalFlow', rowId: id, operation: 'delete', before });
    });
  }

  private async checked(principal: Principal, input: ApprovalFlowInput) {
    const graph = parseFlowGraph(input.flowJson);
    const binding = parseFormBinding(input.formJson);
    await this.forms.assertBindable(principal, binding);
    await this.ctx.db.tenant(principal.tenantId, (trx) => this.assertApproversExist(trx, graph));
    return {
      name: input.name.trim(),
      // Stored as parsed, so what was checked is what is kept (no unknown fields ride along).
      formJson: JSON.stringify(binding),
      flowJson: JSON.stringify(graph),
      status: input.status ?? Status.Enable,
      remark: input.remark ?? null,
    };
  }

  /** Every approver node names accounts, roles or organisations (with a director) of this tenant. */
  private async assertApproversExist(trx: Trx, graph: FlowGraph): Promise<void> {
    for (const node of graph.nodes) {
      if (node.type !== 'approver' || !node.approver) continue;
      const ids = [...new Set(node.approver.ids)];
      const found =
        node.approver.kind === 'user'
          ? await this.repo.enabledUsers(trx, ids)
          : node.approver.kind === 'role'
            ? await this.repo.roles(trx, ids)
            : await this.repo.orgsWithDirector(trx, ids);
      if (found.length !== ids.length)
        throw badRequest(`approvalFlow.unresolvable.${node.approver.kind}`, { node: node.name });
    }
  }

  private async nextCode(trx: Trx): Promise<string> {
    const prefix = dayPrefix();
    const taken = new Set(await this.repo.codesLike(trx, prefix));
    let n = taken.size + 1;
    while (taken.has(`${prefix}${String(n).padStart(2, '0')}`)) n++;
    return `${prefix}${String(n).padStart(2, '0')}`;
  }

  private async found(trx: Trx, id: string): Promise<FlowRecord> {
    const row = await this.repo.find(trx, id);
    if (!row) throw notFound();
    return row;
  }

  private async unique<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (sqlState(error) === PG_UNIQUE_VIOLATION) throw conflict('approvalFlow.codeExists');
      throw error;
    }
  }
}
