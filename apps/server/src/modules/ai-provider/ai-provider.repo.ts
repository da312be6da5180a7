import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { AiLimitTable, AiModelTable, AiProviderTable } from './ai-provider.table.js';

export type AiProviderRecord = Selectable<AiProviderTable>;
export type AiModelRecord = Selectable<AiModelTable>;
export type AiLimitRecord = Selectable<AiLimitTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

export interface ProviderFilter {
  name?: string;
  kind?: 'openai' | 'dify';
  page?: number;
  pageSize?: number;
}

export interface UsageFilter {
  startDay?: string;
  endDay?: string;
  userId?: string;
  modelRowId?: string;
  page?: number;
  pageSize?: number;
}

/** A model that can answer now: itself and its provider enabled and not deleted. */
export type UsableModel = AiModelRecord & {
  providerKind: 'openai' | 'dify';
  providerName: string;
  baseUrl: string;
  apiKey: string | null;
};

/** The SQL of model providers, their models, usage and limits (all tenant tables). */
export class AiProviderRepo {
  page(trx: Trx, filter: ProviderFilter, sort: Sort) {
    let query = trx
      .selectFrom('aiProvider as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('aiModel as m')
          .select(sql<string>`count(*)`.as('c'))
          .whereRef('m.providerId', '=', 'p.id')
          .where('m.isDelete', '=', false)
          .as('modelCount'),
      )
      .where('p.isDelete', '=', false);
    if (filter.name) query = query.where('p.name', 'ilike', containsPattern(filter.name));
    if (filter.kind) query = query.where('p.kind', '=', filter.kind);
    return paginate(query, filter, sort, 'p.id');
  }

  find(trx: Trx, id: string): Promise<AiProviderRecord | undefined> {
    return trx
      .selectFrom('aiProvider')
      .selectAll()
      .where('id', '=', id)
      .where('isDelete', '=', false)
      .executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<AiProviderTable>): Promise<void> {
    await trx.insertInto('aiProvider').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<AiProviderTable>): Promise<void> {
    await trx.updateTable('aiProvider').set(patch).where('id', '=', id).execute();
  }

  models(trx: Trx, providerIds: string[]): Promise<AiModelRecord[]> {
    if (!providerIds.length) return Promise.resolve([]);
    return trx
      .selectFrom('aiModel')
      .selectAll()
      .where('providerId', 'in', providerIds)
      .where('isDelete', '=', false)
      .orderBy('orderNo')
      .orderBy('id')
      .execute();
  }

  async insertModel(trx: Trx, row: Insertable<AiModelTable>): Promise<void> {
    await trx.insertInto('aiModel').values(row).execute();
  }

  async updateModel(trx: Trx, id: string, patch: Updateable<AiModelTable>): Promise<void> {
    await trx.updateTable('aiModel').set(patch).where('id', '=', id).execute();
  }

  async deleteModels(trx: Trx, ids: string[], patch: Updateable<AiModelTable>): Promise<void> {
    if (!ids.length) return;
    await trx
      .updateTable('aiModel')
      .set({ ...patch, isDelete: true, isDefault: false })
      .where('id', 'in', ids)
      .execute();
  }

  /** Clears the tenant's default before another model takes it (one default per tenant). */
  async clearDefault(trx: Trx): Promise<void> {
    await trx.updateTable('aiModel').set({ isDefault: false }).where('isDefault', '=', true).execute();
  }

  private usable(trx: Trx) {
    return trx
      .selectFrom('aiModel as m')
      .innerJoin('aiProvider as p', 'p.id', 'm.providerId')
      .selectAll('m')
      .select(['p.kind as providerKind', 'p.name as providerName', 'p.baseUrl', 'p.apiKey'])
      .where('m.isDelete', '=', false)
      .where('m.enabled', '=', true)
      .where('p.isDelete', '=', false)
      .where('p.enabled', '=', true);
  }

  /** Every model that can answer, the default first, then in the order the admin set. */
  usableModels(trx: Trx): Promise<UsableModel[]> {
    return this.usable(trx)
      .orderBy('m.isDefault', 'desc')
      .orderBy('p.orderNo')
      .orderBy('p.id')
      .orderBy('m.orderNo')
      .orderBy('m.id')
      .execute() as Promise<UsableModel[]>;
  }

  usableModel(trx: Trx, id: string): Promise<UsableModel | undefined> {
    return this.usable(trx).where('m.id', '=', id).executeTakeFirst() as Promise<UsableModel | undefined>;
  }

  /** Adds one answered request and its tokens to the user's row for the model and day. */
  async addUsage(
    trx: Trx,
    row: {
      tenantId: string;
      day: string;
      userId: string;
      modelRowId: string;
      promptTokens: number;
      completionTokens: number;
    },
  ): Promise<void> {
    await trx
      .insertInto('aiUsage')
      .values({ ...row, requests: 1 })
      .onConflict((oc) =>
        oc.columns(['tenantId', 'day', 'userId', 'modelRowId']).doUpdateSet({
          requests: sql`ai_usage.requests + 1`,
          promptTokens: sql`ai_usage.prompt_tokens + excluded.prompt_tokens`,
          completionTokens: sql`ai_usage.completion_tokens + excluded.completion_tokens`,
        }),
      )
      .execute();
  }

  /** Tokens used on a day: by the tenant, and by one user. */
  async tokensOn(trx: Trx, day: string, userId: string): Promise<{ tenant: number; user: number }> {
    const row = await trx
      .selectFrom('aiUsage')
      .select([
        sql<string>`coalesce(sum(prompt_tokens + completion_tokens), 0)`.as('tenant'),
        sql<string>`coalesce(sum(prompt_tokens + completion_tokens) filter (where user_id = ${userId}::bigint), 0)`.as(
          'user',
        ),
      ])
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return { tenant: Number(row.tenant), user: Number(row.user) };
  }

  usagePage(trx: Trx, filter: UsageFilter, sort: Sort) {
    let query = trx
      .selectFrom('aiUsage as u')
      .leftJoin('sysUser as s', 's.id', 'u.userId')
      .leftJoin('aiModel as m', 'm.id', 'u.modelRowId')
      // A Dify study workflow's runs count against its configuration row (stu-workflow's meter).
      .leftJoin('aiWorkflowConfig as w', 'w.id', 'u.modelRowId')
      .select((eb) => [
        'u.day',
        'u.userId',
        's.account',
        's.realName',
        'u.modelRowId',
        eb.fn.coalesce('m.name', 'w.name').as('modelName'),
        eb.fn.coalesce('m.modelId', sql<string>`'dify'`).as('modelId'),
        'u.requests',
        'u.promptTokens',
        'u.completionTokens',
      ]);
    if (filter.startDay) query = query.where('u.day', '>=', filter.startDay);
    if (filter.endDay) query = query.where('u.day', '<=', filter.endDay);
    if (filter.userId) query = query.where('u.userId', '=', filter.userId);
    if (filter.modelRowId) query = query.where('u.modelRowId', '=', filter.modelRowId);
    return paginate(query, filter, sort, 'u.userId');
  }

  /** Requests and tokens per day over a range (the usage chart). */
  usageByDay(trx: Trx, filter: UsageFilter) {
    let query = trx
      .selectFrom('aiUsage')
      .select([
        'day',
        sql<string>`sum(requests)`.as('requests'),
        sql<string>`sum(prompt_tokens)`.as('promptTokens'),
        sql<string>`sum(completion_tokens)`.as('completionTokens'),
      ])
      .groupBy('day')
      .orderBy('day');
    if (filter.startDay) query = query.where('day', '>=', filter.startDay);
    if (filter.endDay) query = query.where('day', '<=', filter.endDay);
    if (filter.userId) query = query.where('userId', '=', filter.userId);
    if (filter.modelRowId) query = query.where('modelRowId', '=', filter.modelRowId);
    return query.execute();
  }

  limits(trx: Trx): Promise<AiLimitRecord | undefined> {
    return trx.selectFrom('aiLimit').selectAll().executeTakeFirst();
  }

  async setLimits(trx: Trx, row: Insertable<AiLimitTable>): Promise<void> {
    const { tenantId: _tenant, ...patch } = row;
    await trx
      .insertInto('aiLimit')
      .values(row)
      .onConflict((oc) => oc.column('tenantId').doUpdateSet(patch))
      .execute();
  }
}
