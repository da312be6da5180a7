import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { difyChatProvider } from '../../platform/ai/dify-chat.js';
import { difyWorkflowRunner, type DifyWorkflowRunner } from '../../platform/ai/dify-workflow.js';
import { openAiCompatibleProvider } from '../../platform/ai/openai-compatible.js';
import { policyFetch } from '../../platform/ai/policy-fetch.js';
import type { AiChatProvider, AiErrorCode } from '../../platform/ai/types.js';
import { openSecret, SecretBoxError } from '../../platform/crypto/secret-box.js';
import { badRequest, conflict } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { checkAiLimits, usageDay } from './ai-limits.js';
import { AiProviderRepo, type UsableModel } from './ai-provider.repo.js';

/**
 * What the chat and the study workflows use of the provider settings: the model to talk to (with a
 * provider ready to stream), the limits check before a request, and the usage record after it. The
 * API keys are opened here and go no further than the adapters.
 */
export interface AiModelInfo {
  /** Our row id (ai_model.id). */
  id: string;
  /** The provider's id of the model. */
  modelId: string;
  name: string;
  reasoning: boolean;
  vision: boolean;
  providerId: string;
}

const repo = new AiProviderRepo();

const info = (row: UsableModel): AiModelInfo => ({
  id: row.id,
  modelId: row.modelId,
  name: row.name,
  reasoning: row.reasoning,
  vision: row.vision,
  providerId: row.providerId,
});

/**
 * The model to answer with and its provider: the model row named (our id), or the tenant's default
 * (else the first enabled model). Throws `ai.notConfigured` (409) when the tenant has no enabled model,
 * and `ai.modelUnavailable` (400) when the model named is deleted or disabled.
 */
export async function openChatModel(
  ctx: AppContext,
  trx: Trx,
  principal: Principal,
  modelId?: string | null,
): Promise<{ provider: AiChatProvider; model: AiModelInfo }> {
  let row: UsableModel | undefined;
  if (modelId) {
    row = await repo.usableModel(trx, modelId);
    if (!row) {
      if (!(await repo.usableModels(trx)).length) throw conflict('ai.notConfigured');
      throw badRequest('ai.modelUnavailable');
    }
  } else {
    row = (await repo.usableModels(trx))[0];
    if (!row) throw conflict('ai.notConfigured');
  }
  return { provider: providerOf(ctx, principal, row), model: info(row) };
}

/** The models a user may choose from (the chat's model selector), the default first. */
export async function usableModels(
  trx: Trx,
): Promise<(AiModelInfo & { isDefault: boolean; providerName: string })[]> {
  return (await repo.usableModels(trx)).map((row) => ({
    ...info(row),
    isDefault: row.isDefault,
    providerName: row.providerName,
  }));
}

function providerOf(ctx: AppContext, principal: Principal, row: UsableModel): AiChatProvider {
  const apiKey = openKey(ctx, row.apiKey);
  const fetch = policyFetch(ctx.outbound);
  if (row.providerKind === 'dify')
    return difyChatProvider({
      baseUrl: row.baseUrl,
      apiKey,
      fetch,
      user: `${principal.tenantId}:${principal.userId}`,
    });
  return openAiCompatibleProvider({ baseUrl: row.baseUrl, apiKey, fetch });
}

/** A stored key, opened; `ai.keyUnreadable` when it was sealed by another install's data key. */
export function openKey(ctx: AppContext, sealed: string | null): string {
  if (!sealed) return '';
  try {
    return openSecret(ctx.keys, sealed);
  } catch (error) {
    if (error instanceof SecretBoxError) throw conflict('ai.keyUnreadable');
    throw error;
  }
}

/** Checks the tenant's and the user's limits before a model request; a localized 429 when reached. */
export function beginAiRequest(ctx: AppContext, principal: Principal): Promise<void> {
  return checkAiLimits(ctx, principal);
}

/** Adds a finished request's tokens to the user's usage of the model today. */
export async function recordAiUsage(
  ctx: AppContext,
  principal: Principal,
  model: AiModelInfo,
  usage: { promptTokens: number; completionTokens: number },
): Promise<void> {
  await ctx.db.tenant(principal.tenantId, (trx) =>
    repo.addUsage(trx, {
      tenantId: principal.tenantId,
      day: usageDay(),
      userId: principal.userId,
      modelRowId: model.id,
      promptTokens: Math.max(0, Math.round(usage.promptTokens)),
      completionTokens: Math.max(0, Math.round(usage.completionTokens)),
    }),
  );
}

/** A Dify workflow app (study workflows): streaming `run`, and `runBlocking` for runs fetched later. */
export function openDifyWorkflow(
  ctx: AppContext,
  options: { baseUrl: string; apiKey: string; workflowId?: string | null },
): DifyWorkflowRunner {
  return difyWorkflowRunner({ ...options, fetch: policyFetch(ctx.outbound) });
}

/** A Dify chat app as a chat provider; `user` is Dify's end-user id (`${tenantId}:${userId}`). */
export function openDifyChat(
  ctx: AppContext,
  options: { baseUrl: string; apiKey: string; user: string },
): AiChatProvider {
  return difyChatProvider({ ...options, fetch: policyFetch(ctx.outbound) });
}

/**
 * The user's words for a stream's error code (the `error` event's message): the adapters' own
 * messages are the provider's English; the provider's detail follows for the codes where it helps.
 */
export function aiErrorMessage(locale: Locale, code: AiErrorCode, detail?: string): string {
  const text = t(locale, `ai.error.${code}`);
  return detail && (code === 'bad_request' || code === 'upstream' || code === 'unreachable')
    ? `${text} (${detail.slice(0, 200)})`
    : text;
}
