import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import { sealSecret } from '../../platform/crypto/secret-box.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveSort } from '../../platform/http/paging.js';
import { openKey } from './ai-access.js';
import {
  assertCallable,
  listProviderModels,
  normalizeBaseUrl,
  testProvider,
  type ConnectionTarget,
} from './ai-connection.js';
import { forgetLimits, tenantLimits } from './ai-limits.js';
import { AiProviderRepo, type AiModelRecord, type AiProviderRecord } from './ai-provider.repo.js';
import type {
  AiConnectionInput,
  AiLimitsValue,
  AiModelInputValue,
  AiProviderFilter,
  AiProviderInput,
  AiProviderUpdate,
  AiUsageFilter,
} from './ai-provider.schema.js';

const SORT = { orderNo: 'p.orderNo', name: 'p.name', kind: 'p.kind', createTime: 'p.createTime' };
const USAGE_SORT = {
  day: 'u.day',
  requests: 'u.requests',
  promptTokens: 'u.promptTokens',
  completionTokens: 'u.completionTokens',
};

const modelOutput = (row: AiModelRecord) => ({
  id: row.id,
  providerId: row.providerId,
  modelId: row.modelId,
  name: row.name,
  reasoning: row.reasoning,
  vision: row.vision,
  isDefault: row.isDefault,
  enabled: row.enabled,
  orderNo: row.orderNo,
});

const providerOutput = (row: AiProviderRecord, modelCount: number) => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  baseUrl: row.baseUrl,
  hasApiKey: !!row.apiKey,
  enabled: row.enabled,
  orderNo: row.orderNo,
  remark: row.remark,
  modelCount,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
  createUserName: row.createUserName,
  updateUserName: row.updateUserName,
});

/** What the difference log keeps of a provider: never the key, only whether there is one. */
const logged = (row: Partial<AiProviderRecord>) => {
  const { apiKey, ...rest } = row;
  return { ...rest, hasApiKey: !!apiKey };
};

/** Model providers of the working tenant, their models, limits and usage. */
export class AiProviderService {
  private readonly repo = new AiProviderRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, filter: AiProviderFilter) {
    const sort = resolveSort(filter, SORT, { column: 'p.orderNo', direction: 'asc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map((row) => providerOutput(row, Number(row.modelCount ?? 0))) };
    });
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.find(trx, id);
      if (!row) throw notFound();
      const models = await this.repo.models(trx, [id]);
      return { ...providerOutput(row, models.length), models: models.map(modelOutput) };
    });
  }

  async add(principal: Principal, input: AiProviderInput): Promise<string> {
    const fields = await this.fields(input);
    const apiKey = input.apiKey?.trim();
    if (input.kind === 'dify' && !apiKey) throw badRequest('ai.provider.keyRequired');
    const id = newId();
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = {
        id,
        tenantId: principal.tenantId,
        ...fields,
        apiKey: apiKey ? sealSecret(this.ctx.keys, apiKey) : null,
        ...created(principal),
      };
      await this.repo.insert(trx, row);
      await this.syncModels(trx, principal, id, input.models);
      this.ctx.audit.diff({
        principal,
        table: 'aiProvider',
        rowId: id,
        operation: 'insert',
        after: logged(row),
      });
      return id;
    });
  }

  async update(principal: Principal, input: AiProviderUpdate): Promise<void> {
    const fields = await this.fields(input);
    const apiKey = input.apiKey?.trim();
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, input.id);
      if (!current) throw notFound();
      // An empty key keeps the saved one: the form never has it to send back.
      const key = apiKey ? sealSecret(this.ctx.keys, apiKey) : input.clearApiKey ? null : current.apiKey;
      if (input.kind === 'dify' && !key) throw badRequest('ai.provider.keyRequired');
      const patch = { ...fields, apiKey: key, ...updated(principal) };
      await this.repo.update(trx, input.id, patch);
      await this.syncModels(trx, principal, input.id, input.models);
      this.ctx.audit.diff({
        principal,
        table: 'aiProvider',
        rowId: input.id,
        operation: 'update',
        before: logged(current),
        // A new key shows as a change of hasApiKey only when there was none; re-keying is noted apart.
        after: { ...logged({ ...current, ...patch }), ...(apiKey ? { apiKeyChanged: true } : {}) },
      });
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      const models = await this.repo.models(trx, [id]);
      await this.repo.deleteModels(
        trx,
        models.map((m) => m.id),
        updated(principal),
      );
      // Soft: usage rows and chats keep naming the provider's models.
      await this.repo.update(trx, id, { isDelete: true, apiKey: null, ...updated(principal) });
      this.ctx.audit.diff({
        principal,
        table: 'aiProvider',
        rowId: id,
        operation: 'delete',
        before: logged(current),
      });
    });
  }

  async testConnection(principal: Principal, input: AiConnectionInput, locale: Locale) {
    const { target, defaultModel } = await this.target(principal, input);
    return testProvider(this.ctx, target, input.modelId?.trim() || defaultModel, locale);
  }

  async fetchModels(principal: Principal, input: AiConnectionInput, locale: Locale): Promise<string[]> {
    const { target } = await this.target(principal, input);
    return listProviderModels(this.ctx, target, locale);
  }

  limits(principal: Principal): Promise<AiLimitsValue> {
    return tenantLimits(this.ctx, principal.tenantId);
  }

  async setLimits(principal: Principal, input: AiLimitsValue): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const before = await this.repo.limits(trx);
      const { updateTime, updateUserId, updateUserName } = updated(principal);
      await this.repo.setLimits(trx, {
        tenantId: principal.tenantId,
        ...input,
        updateTime,
        updateUserId,
        updateUserName,
      });
      this.ctx.audit.diff({
        principal,
        table: 'aiLimit',
        rowId: principal.tenantId,
        operation: before ? 'update' : 'insert',
        before: before ?? {},
        after: input,
      });
    });
    await forgetLimits(this.ctx, principal.tenantId);
  }

  usage(principal: Principal, filter: AiUsageFilter) {
    const sort = resolveSort(filter, USAGE_SORT, { column: 'u.day', direction: 'desc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.usagePage(trx, filter, sort);
      const days = await this.repo.usageByDay(trx, filter);
      return {
        ...page,
        items: page.items.map((row) => ({
          day: row.day,
          userId: row.userId,
          account: row.account ?? null,
          realName: row.realName ?? null,
          modelRowId: row.modelRowId,
          modelName: row.modelName ?? null,
          modelId: row.modelId ?? null,
          requests: row.requests,
          promptTokens: Number(row.promptTokens),
          completionTokens: Number(row.completionTokens),
          totalTokens: Number(row.promptTokens) + Number(row.completionTokens),
        })),
        days: days.map((d) => ({
          day: d.day,
          requests: Number(d.requests),
          promptTokens: Number(d.promptTokens),
          completionTokens: Number(d.completionTokens),
        })),
      };
    });
  }

  /** The provider's own columns of a form, checked: a base URL this server may call. */
  private async fields(input: AiProviderInput) {
    const baseUrl = normalizeBaseUrl(input.baseUrl);
    await assertCallable(this.ctx, baseUrl);
    const seen = new Set<string>();
    for (const model of input.models) {
      const id = model.modelId.trim();
      if (seen.has(id)) throw badRequest('ai.provider.duplicateModel', { model: id });
      seen.add(id);
    }
    return {
      kind: input.kind,
      name: input.name.trim(),
      baseUrl,
      enabled: input.enabled,
      orderNo: input.orderNo ?? 100,
      remark: input.remark?.trim() || null,
    };
  }

  /**
   * Writes the form's model list: saved models (by id) updated, new ones added, missing ones
   * removed (softly). A model marked default takes the tenant's default from any other provider.
   */
  private async syncModels(trx: Trx, principal: Principal, providerId: string, models: AiModelInputValue[]) {
    const existing = await this.repo.models(trx, [providerId]);
    const known = new Set(existing.map((m) => m.id));
    for (const model of models) if (model.id && !known.has(model.id)) throw notFound();
    // One default: the first marked one.
    const defaultIndex = models.findIndex((m) => m.isDefault);
    if (defaultIndex >= 0) await this.repo.clearDefault(trx);
    const kept = new Set<string>();
    for (const [index, model] of models.entries()) {
      const fields = {
        modelId: model.modelId.trim(),
        name: model.name.trim(),
        reasoning: model.reasoning,
        vision: model.vision,
        isDefault: index === defaultIndex,
        enabled: model.enabled,
        orderNo: model.orderNo ?? index + 1,
      };
      if (model.id) {
        kept.add(model.id);
        await this.repo.updateModel(trx, model.id, { ...fields, ...updated(principal) });
      } else {
        await this.repo.insertModel(trx, {
          id: newId(),
          tenantId: principal.tenantId,
          providerId,
          ...fields,
          ...created(principal),
        });
      }
    }
    await this.repo.deleteModels(
      trx,
      existing.filter((m) => !kept.has(m.id)).map((m) => m.id),
      updated(principal),
    );
  }

  /** The connection a test or a model list uses: the form's values over the saved provider's. */
  private async target(
    principal: Principal,
    input: AiConnectionInput,
  ): Promise<{ target: ConnectionTarget; defaultModel: string | null }> {
    const saved = input.id
      ? await this.ctx.db.tenant(principal.tenantId, async (trx) => {
          const row = await this.repo.find(trx, input.id!);
          if (!row) throw notFound();
          const models = await this.repo.models(trx, [row.id]);
          return { row, model: (models.find((m) => m.isDefault) ?? models[0])?.modelId ?? null };
        })
      : undefined;
    const baseUrl = input.baseUrl ?? saved?.row.baseUrl;
    const kind = input.kind ?? saved?.row.kind ?? 'openai';
    if (!baseUrl) throw badRequest('ai.provider.invalidUrl');
    const url = normalizeBaseUrl(baseUrl);
    await assertCallable(this.ctx, url);
    const apiKey = input.apiKey?.trim() || openKey(this.ctx, saved?.row.apiKey ?? null);
    return {
      target: { kind, baseUrl: url, apiKey, user: `${principal.tenantId}:${principal.userId}` },
      defaultModel: saved?.model ?? null,
    };
  }
}
