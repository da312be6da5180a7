import type { ApprovalFlowFilter } from '@lintel/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { ApprovalFlowTable } from './approval-flow.table.js';

export type FlowRecord = Selectable<ApprovalFlowTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

/** The SQL of flow definitions and of the accounts, roles and organisations they name. */
export class ApprovalFlowRepo {
  page(trx: Trx, filter: ApprovalFlowFilter, sort: Sort) {
    let query = trx.selectFrom('approvalFlow').selectAll();
    if (filter.keyword) {
      const like = containsPattern(filter.keyword.trim());
      query = query.where((eb) =>
        eb.or([eb('code', 'ilike', like), eb('name', 'ilike', like), eb('remark', 'ilike', like)]),
      );
    }
    if (filter.code) query = query.where('code', 'ilike', containsPattern(filter.code.trim()));
    if (filter.name) query = query.where('name', 'ilike', containsPattern(filter.name.trim()));
    if (filter.remark) query = query.where('remark', 'ilike', containsPattern(filter.remark.trim()));
    return paginate(query, filter, sort);
  }

  list(trx: Trx, enabledOnly = false): Promise<FlowRecord[]> {
    let query = trx.selectFrom('approvalFlow').selectAll();
    if (enabledOnly) query = query.where('status', '=', 1);
    return query.orderBy('code').execute();
  }

  find(trx: Trx, id: string): Promise<FlowRecord | undefined> {
    return trx.selectFrom('approvalFlow').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byCode(trx: Trx, code: string): Promise<FlowRecord | undefined> {
    return trx.selectFrom('approvalFlow').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** Codes of the day's automatic numbering already taken (yyMMddNN), to pick the next one. */
  async codesLike(trx: Trx, prefix: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('approvalFlow')
      .select('code')
      .where('code', 'like', `${prefix}%`)
      .execute();
    return rows.map((r) => r.code);
  }

  async insert(trx: Trx, row: Insertable<ApprovalFlowTable>): Promise<void> {
    await trx.insertInto('approvalFlow').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<ApprovalFlowTable>): Promise<void> {
    await trx.updateTable('approvalFlow').set(patch).where('id', '=', id).execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('approvalFlow').where('id', '=', id).execute();
  }

  /** Requests of the flow still open (pending, or returned to be resubmitted). */
  async openInstances(trx: Trx, flowId: string): Promise<number> {
    const row = await trx
      .selectFrom('approvalInstance')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('flowId', '=', flowId)
      .where('status', 'in', ['pending', 'returned'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Which of the ids are enabled accounts of the tenant. */
  async enabledUsers(trx: Trx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 1)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Which of the ids are roles of the tenant. */
  async roles(trx: Trx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await trx.selectFrom('sysRole').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /** Which of the ids are organisations of the tenant with a director. */
  async orgsWithDirector(trx: Trx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await trx
      .selectFrom('sysOrg')
      .select('id')
      .where('id', 'in', ids)
      .where('directorId', 'is not', null)
      .execute();
    return rows.map((r) => r.id);
  }
}
