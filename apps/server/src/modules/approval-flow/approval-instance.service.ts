import type {
  ApprovalAction,
  ApprovalInstanceDetail,
  ApprovalInstanceFilter,
  ApprovalInstanceRow,
  FlowGraph,
  FlowNode,
  InstanceStatus,
  Locale,
  ResubmitApprovalInput,
  StartableFlow,
  SubmitApprovalInput,
} from '@lintel/contracts';
import { iso } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { ApprovalFlowRepo } from './approval-flow.repo.js';
import { ApprovalForms } from './approval-forms.js';
import { ApprovalInstanceRepo, type InstanceRecord } from './approval-instance.repo.js';
import { ApprovalNotifier, type Notice } from './approval-notify.js';
import { nextStop, nodeOf, parseFlowGraph, parseFormBinding, startNode } from './flow-graph.js';

const SORTABLE = { createTime: 'i.createTime', updateTime: 'i.updateTime', flowName: 'i.flowName' };
const DEFAULT_SORT = { column: 'i.createTime', direction: 'desc' } as const;

const toRow = (row: Pick<InstanceRecord, keyof ApprovalInstanceRow>): ApprovalInstanceRow => ({
  id: row.id,
  flowId: row.flowId,
  flowName: row.flowName,
  status: row.status as InstanceStatus,
  currentNodeName: row.currentNodeName,
  submitUserId: row.submitUserId,
  submitUserName: row.submitUserName,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
  finishTime: iso(row.finishTime),
});

/** Where a request stands after it moved: waiting at an approver node for these accounts, or done. */
type Stop = { node: FlowNode; userIds: string[] };

/**
 * Requests (`approvalInstance/*`). Only the accounts on the current node's to-do list act on a
 * pending request, under a lock of its row (two approvers at once: one wins, the other hears that it
 * is no longer pending or no longer theirs). Each approval walks the snapshot graph to the next
 * approver node (conditions decided on the submitted data); reaching an end approves the request.
 * Every action is a history row; the people it reaches hear of it in their inbox.
 */
export class ApprovalInstanceService {
  private readonly repo = new ApprovalInstanceRepo();
  private readonly flows = new ApprovalFlowRepo();
  private readonly forms: ApprovalForms;
  private readonly notifier: ApprovalNotifier;

  constructor(private readonly ctx: AppContext) {
    this.forms = new ApprovalForms(ctx);
    this.notifier = new ApprovalNotifier(ctx);
  }

  /** Enabled flows with the form each asks for; a flow whose form cannot be filled now is left out. */
  async startable(principal: Principal, locale: Locale): Promise<StartableFlow[]> {
    const rows = await this.ctx.db.tenant(principal.tenantId, (trx) => this.flows.list(trx, true));
    const out: StartableFlow[] = [];
    for (const row of rows) {
      const form = await this.forms
        .formOf(principal, locale, parseFormBinding(row.formJson))
        .catch(() => null);
      if (form) out.push({ id: row.id, code: row.code, name: row.name, remark: row.remark, form });
    }
    return out;
  }

  mine(principal: Principal, filter: ApprovalInstanceFilter) {
    const sort = resolveSort(filter, SORTABLE, DEFAULT_SORT);
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.pageMine(trx, principal.userId, filter, sort);
      return { ...page, items: page.items.map(toRow) };
    });
  }

  todo(principal: Principal, filter: ApprovalInstanceFilter) {
    const sort = resolveSort(filter, SORTABLE, DEFAULT_SORT);
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.pageTodo(trx, principal.userId, filter, sort);
      return { ...page, items: page.items.map(toRow) };
    });
  }

  async submit(principal: Principal, locale: Locale, input: SubmitApprovalInput): Promise<string> {
    const flow = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.flows.find(trx, input.flowId);
      if (!row) throw notFound();
      if (row.status !== 1) throw badRequest('approvalFlow.flowDisabled');
      const graph = parseFlowGraph(row.flowJson);
      // Refused before the form keeps anything: a request nobody could approve is never filed.
      await this.stopAfter(trx, graph, startNode(graph).id, input.data, principal.orgId);
      return { row, graph, binding: parseFormBinding(row.formJson) };
    });
    const version = await this.forms.accept(principal, flow.binding, input.data);
    const id = newId();
    const stop = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const next = await this.stopAfter(
        trx,
        flow.graph,
        startNode(flow.graph).id,
        input.data,
        principal.orgId,
      );
      const done = next.node.type === 'end';
      await this.repo.insert(trx, {
        id,
        tenantId: principal.tenantId,
        flowId: flow.row.id,
        flowName: flow.row.name,
        flowJson: JSON.stringify(flow.graph),
        formJson: JSON.stringify(flow.binding),
        formVersion: version,
        data: JSON.stringify(input.data),
        status: done ? 'approved' : 'pending',
        currentNodeId: done ? null : next.node.id,
        currentNodeName: done ? null : next.node.name,
        submitUserId: principal.userId,
        submitUserName: principal.realName ?? principal.account,
        submitOrgId: principal.orgId,
        finishTime: done ? new Date() : null,
      });
      await this.repo.setTodo(trx, principal.tenantId, id, next.userIds);
      await this.history(trx, principal, id, 'submit', startNode(flow.graph), input.comment);
      return next;
    });
    await this.notifyStop(principal, locale, flow.row.name, principal.realName ?? principal.account, stop);
    return id;
  }

  /** The submitter sends a returned request again, with its answers edited; it starts over. */
  async resubmit(principal: Principal, locale: Locale, input: ResubmitApprovalInput): Promise<void> {
    const current = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.find(trx, input.id));
    if (!current) throw notFound();
    if (current.submitUserId !== principal.userId) throw forbidden('approvalFlow.notSubmitter');
    if (current.status !== 'returned') throw conflict('approvalFlow.notReturned');
    const version = await this.forms.accept(principal, current.formJson, input.data);
    const stop = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.lock(trx, input.id);
      if (row?.status !== 'returned') throw conflict('approvalFlow.notReturned');
      const next = await this.stopAfter(
        trx,
        row.flowJson,
        startNode(row.flowJson).id,
        input.data,
        row.submitOrgId,
      );
      const done = next.node.type === 'end';
      await this.repo.update(trx, row.id, {
        data: JSON.stringify(input.data),
        formVersion: version,
        status: done ? 'approved' : 'pending',
        currentNodeId: done ? null : next.node.id,
        currentNodeName: done ? null : next.node.name,
        updateTime: new Date(),
        finishTime: done ? new Date() : null,
      });
      await this.repo.setTodo(trx, principal.tenantId, row.id, next.userIds);
      await this.history(trx, principal, row.id, 'resubmit', startNode(row.flowJson), input.comment);
      return next;
    });
    await this.notifyStop(principal, locale, current.flowName, current.submitUserName, stop);
  }

  /** approve / reject / return by an account on the current to-do list. */
  async decide(
    principal: Principal,
    locale: Locale,
    id: string,
    action: 'approve' | 'reject' | 'return',
    comment?: string,
  ): Promise<void> {
    const outcome = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.lock(trx, id);
      if (!row) throw notFound();
      if (row.status !== 'pending') throw conflict('approvalFlow.notPending');
      if (!(await this.repo.isTodo(trx, id, principal.userId))) throw forbidden('approvalFlow.notYourTurn');
      const here = nodeOf(row.flowJson, row.currentNodeId)!;
      await this.history(trx, principal, id, action, here, comment);
      const now = new Date();
      if (action !== 'approve') {
        const status = action === 'reject' ? 'rejected' : 'returned';
        await this.repo.update(trx, id, {
          status,
          currentNodeId: null,
          currentNodeName: null,
          updateTime: now,
          finishTime: action === 'reject' ? now : null,
        });
        await this.repo.setTodo(trx, principal.tenantId, id, []);
        return { row, stop: null, status } as const;
      }
      const next = await this.stopAfter(trx, row.flowJson, here.id, row.data, row.submitOrgId);
      const done = next.node.type === 'end';
      await this.repo.update(trx, id, {
        status: done ? 'approved' : 'pending',
        currentNodeId: done ? null : next.node.id,
        currentNodeName: done ? null : next.node.name,
        updateTime: now,
        finishTime: done ? now : null,
      });
      await this.repo.setTodo(trx, principal.tenantId, id, next.userIds);
      return { row, stop: next, status: done ? 'approved' : 'pending' } as const;
    });
    const { row, stop, status } = outcome;
    if (status === 'pending')
      await this.notifyStop(principal, locale, row.flowName, row.submitUserName, stop!);
    else
      await this.notify(principal, locale, {
        kind: 'decided',
        userIds: [row.submitUserId],
        flowName: row.flowName,
        outcome: status,
      });
  }

  /** The submitter takes back a request that is not decided yet. */
  async withdraw(principal: Principal, id: string, comment?: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.lock(trx, id);
      if (!row) throw notFound();
      if (row.submitUserId !== principal.userId) throw forbidden('approvalFlow.notSubmitter');
      if (row.status !== 'pending' && row.status !== 'returned') throw conflict('approvalFlow.notPending');
      await this.history(trx, principal, id, 'withdraw', nodeOf(row.flowJson, row.currentNodeId), comment);
      const now = new Date();
      await this.repo.update(trx, id, {
        status: 'withdrawn',
        currentNodeId: null,
        currentNodeName: null,
        updateTime: now,
        finishTime: now,
      });
      await this.repo.setTodo(trx, principal.tenantId, id, []);
    });
  }

  /**
   * One request with its answers, form and history, for those involved in it: its submitter, the
   * accounts that may act on it now or acted on it before, and flow administrators. Anyone else
   * hears that it does not exist.
   */
  async detail(principal: Principal, locale: Locale, id: string): Promise<ApprovalInstanceDetail> {
    const found = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.find(trx, id);
      if (!row) throw notFound();
      const mine = row.submitUserId === principal.userId;
      const onTodo = await this.repo.isTodo(trx, id, principal.userId);
      const involved =
        mine ||
        onTodo ||
        principal.permissions.includes('approvalFlow:page') ||
        (await this.repo.acted(trx, id, principal.userId));
      if (!involved) throw notFound();
      return {
        row,
        mine,
        onTodo,
        approvers: await this.repo.todoNames(trx, id),
        history: await this.repo.history(trx, id),
      };
    });
    const { row, mine, onTodo, approvers, history } = found;
    const form = await this.forms.formOf(principal, locale, row.formJson, row.formVersion).catch(() => ({
      kind: row.formJson.kind,
      formId: row.formJson.kind === 'form' ? row.formJson.formId : null,
      version: row.formVersion,
      schema: null,
      uiSchema: null,
    }));
    const open = row.status === 'pending' || row.status === 'returned';
    return {
      ...toRow(row),
      data: row.data,
      form,
      approvers,
      can: {
        approve: row.status === 'pending' && onTodo,
        withdraw: mine && open,
        resubmit: mine && row.status === 'returned',
      },
      history: history.map((h) => ({
        id: h.id,
        action: h.action as ApprovalAction,
        nodeName: h.nodeName,
        comment: h.comment,
        actorId: h.actorId,
        actorName: h.actorName,
        createTime: formatIso(h.createTime),
      })),
    };
  }

  /**
   * The next node that waits after `fromId`, with the accounts that may act there. An approver node
   * that resolves to nobody (a role without holders, an organisation without a director) refuses
   * the move, so a request never waits for no one.
   */
  private async stopAfter(
    trx: Trx,
    graph: FlowGraph,
    fromId: string,
    data: Record<string, unknown>,
    submitOrgId: string | null,
  ): Promise<Stop> {
    const node = nextStop(graph, fromId, data);
    if (node.type === 'end') return { node, userIds: [] };
    const approver = node.approver!;
    const userIds = await this.repo.approvers(trx, approver.kind, approver.ids, submitOrgId);
    if (userIds.length === 0) throw badRequest('approvalFlow.noApprover', { node: node.name });
    return { node, userIds };
  }

  private async history(
    trx: Trx,
    principal: Principal,
    instanceId: string,
    action: ApprovalAction,
    node: FlowNode | undefined,
    comment: string | undefined,
  ): Promise<void> {
    await this.repo.insertHistory(trx, {
      id: newId(),
      tenantId: principal.tenantId,
      instanceId,
      action,
      nodeId: node?.id ?? null,
      nodeName: node?.name ?? null,
      comment: comment?.trim() || null,
      actorId: principal.userId,
      actorName: principal.realName ?? principal.account,
    });
  }

  /** A request that moved: its new approvers hear of it, or its submitter hears it was approved. */
  private notifyStop(principal: Principal, locale: Locale, flowName: string, submitter: string, stop: Stop) {
    return stop.node.type === 'end'
      ? Promise.resolve()
      : this.notify(principal, locale, {
          kind: 'todo',
          userIds: stop.userIds,
          flowName,
          submitter,
        });
  }

  private notify(principal: Principal, locale: Locale, notice: Notice) {
    return this.notifier.send(principal, locale, notice);
  }
}
