import type { ApprovalInstanceFilter, ApproverKind } from '@lintel/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type {
  ApprovalHistoryTable,
  ApprovalInstanceTable,
  ApprovalTodoTable,
} from './approval-flow.table.js';

export type InstanceRecord = Selectable<ApprovalInstanceTable>;
export type HistoryRecord = Selectable<ApprovalHistoryTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

const LIST_COLUMNS = [
  'i.id',
  'i.flowId',
  'i.flowName',
  'i.status',
  'i.currentNodeName',
  'i.submitUserId',
  'i.submitUserName',
  'i.createTime',
  'i.updateTime',
  'i.finishTime',
] as const;

/** The SQL of requests: the instances, who may act on them now, their history and the approvers. */
export class ApprovalInstanceRepo {
  async insert(trx: Trx, row: Insertable<ApprovalInstanceTable>): Promise<void> {
    await trx.insertInto('approvalInstance').values(row).execute();
  }

  find(trx: Trx, id: string): Promise<InstanceRecord | undefined> {
    return trx.selectFrom('approvalInstance').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The instance row locked until the transaction ends: two approvers acting at once are serialised. */
  lock(trx: Trx, id: string): Promise<InstanceRecord | undefined> {
    return trx.selectFrom('approvalInstance').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async update(trx: Trx, id: string, patch: Updateable<ApprovalInstanceTable>): Promise<void> {
    await trx.updateTable('approvalInstance').set(patch).where('id', '=', id).execute();
  }

  /** Replaces who may act on the instance now (nobody when `userIds` is empty). */
  async setTodo(trx: Trx, tenantId: string, instanceId: string, userIds: string[]): Promise<void> {
    await trx.deleteFrom('approvalTodo').where('instanceId', '=', instanceId).execute();
    if (userIds.length === 0) return;
    const rows: Insertable<ApprovalTodoTable>[] = userIds.map((userId) => ({ tenantId, instanceId, userId }));
    await trx.insertInto('approvalTodo').values(rows).execute();
  }

  async isTodo(trx: Trx, instanceId: string, userId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('approvalTodo')
      .select('userId')
      .where('instanceId', '=', instanceId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return !!row;
  }

  /** Names of the accounts that may act on the instance now. */
  async todoNames(trx: Trx, instanceId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('approvalTodo as t')
      .innerJoin('sysUser as u', 'u.id', 't.userId')
      .select(['u.account', 'u.realName'])
      .where('t.instanceId', '=', instanceId)
      .orderBy('u.account')
      .execute();
    return rows.map((r) => r.realName || r.account);
  }

  async insertHistory(trx: Trx, row: Insertable<ApprovalHistoryTable>): Promise<void> {
    await trx.insertInto('approvalHistory').values(row).execute();
  }

  history(trx: Trx, instanceId: string): Promise<HistoryRecord[]> {
    return trx
      .selectFrom('approvalHistory')
      .selectAll()
      .where('instanceId', '=', instanceId)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
  }

  /** Whether the account acted on the instance before. */
  async acted(trx: Trx, instanceId: string, userId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('approvalHistory')
      .select('id')
      .where('instanceId', '=', instanceId)
      .where('actorId', '=', userId)
      .executeTakeFirst();
    return !!row;
  }

  private filtered(trx: Trx, filter: ApprovalInstanceFilter) {
    let query = trx.selectFrom('approvalInstance as i').select(LIST_COLUMNS);
    if (filter.status) query = query.where('i.status', '=', filter.status);
    if (filter.keyword) {
      const like = containsPattern(filter.keyword.trim());
      query = query.where((eb) =>
        eb.or([eb('i.flowName', 'ilike', like), eb('i.submitUserName', 'ilike', like)]),
      );
    }
    return query;
  }

  pageMine(trx: Trx, userId: string, filter: ApprovalInstanceFilter, sort: Sort) {
    return paginate(this.filtered(trx, filter).where('i.submitUserId', '=', userId), filter, sort, 'i.id');
  }

  pageTodo(trx: Trx, userId: string, filter: ApprovalInstanceFilter, sort: Sort) {
    const query = this.filtered(trx, filter)
      .innerJoin('approvalTodo as t', 't.instanceId', 'i.id')
      .where('t.userId', '=', userId)
      .where('i.status', '=', 'pending');
    return paginate(query, filter, sort, 'i.id');
  }

  /**
   * The enabled accounts an approver node names: the accounts themselves, every holder of the roles,
   * or the directors of the organisations (of the submitter's organisation when none is named).
   */
  async approvers(
    trx: Trx,
    kind: ApproverKind,
    ids: string[],
    submitOrgId: string | null,
  ): Promise<string[]> {
    let query;
    if (kind === 'user') {
      if (ids.length === 0) return [];
      query = trx.selectFrom('sysUser as u').select('u.id').where('u.id', 'in', ids);
    } else if (kind === 'role') {
      if (ids.length === 0) return [];
      query = trx
        .selectFrom('sysUserRole as r')
        .innerJoin('sysUser as u', 'u.id', 'r.userId')
        .select('u.id')
        .where('r.roleId', 'in', ids);
    } else {
      const orgs = ids.length > 0 ? ids : submitOrgId ? [submitOrgId] : [];
      if (orgs.length === 0) return [];
      query = trx
        .selectFrom('sysOrg as o')
        .innerJoin('sysUser as u', 'u.id', 'o.directorId')
        .select('u.id')
        .where('o.id', 'in', orgs);
    }
    const rows = await query.where('u.status', '=', 1).distinct().execute();
    return rows.map((r) => r.id);
  }
}
