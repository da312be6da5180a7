import type { Locale } from '@lintel/contracts';
import type { AppContext } from '../../platform/context.js';
import { difyChatProvider } from '../../platform/ai/dify-chat.js';
import { AiProviderError } from '../../platform/ai/errors.js';
import { openAiCompatibleProvider } from '../../platform/ai/openai-compatible.js';
import { policyFetch } from '../../platform/ai/policy-fetch.js';
import type { AiChatProvider, AiErrorCode } from '../../platform/ai/types.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import type { AiConnectionOutcome } from './ai-provider.schema.js';

/** Where a connection test or a model list goes: the form's values over the saved provider's. */
export interface ConnectionTarget {
  kind: 'openai' | 'dify';
  baseUrl: string;
  apiKey: string;
  user: string;
}

/** A test is cut off after this long (a provider that accepts and never answers). */
const TEST_TIMEOUT_MS = 20_000;

/** Trimmed, without a trailing slash; http or https only. */
export function normalizeBaseUrl(value: string): string {
  const text = value.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('ai.provider.invalidUrl');
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !url.hostname ||
    url.username ||
    url.password
  )
    throw badRequest('ai.provider.invalidUrl');
  return text;
}

/**
 * Refuses a base URL the server may not call (SSRF: loopback, private and link-local addresses
 * unless ALLOW_PRIVATE_HOSTS names them). Checked when a provider is saved or tried; the outbound
 * fetch checks again at every connection, so a name that later resolves elsewhere is refused too.
 * A name that does not resolve now is accepted: DNS may be down for a moment.
 */
export async function assertCallable(ctx: AppContext, baseUrl: string): Promise<void> {
  const verdict = await ctx.outbound.judge(baseUrl);
  if (verdict === 'invalid') throw badRequest('ai.provider.invalidUrl');
  if (verdict === 'private') throw badRequest('ai.provider.privateAddress', { host: new URL(baseUrl).host });
}

function providerFor(ctx: AppContext, target: ConnectionTarget): AiChatProvider {
  const fetch = policyFetch(ctx.outbound);
  return target.kind === 'dify'
    ? difyChatProvider({ baseUrl: target.baseUrl, apiKey: target.apiKey, fetch, user: target.user })
    : openAiCompatibleProvider({ baseUrl: target.baseUrl, apiKey: target.apiKey, fetch });
}

const failureText = (locale: Locale, code: AiErrorCode, detail: string) =>
  t(locale, 'ai.provider.failed', { reason: t(locale, `ai.error.${code}`), detail: detail.slice(0, 300) });

/** The provider's model ids; a localized 400 when it cannot be asked. */
export async function listProviderModels(
  ctx: AppContext,
  target: ConnectionTarget,
  locale: Locale,
): Promise<string[]> {
  if (target.kind === 'dify') return [];
  try {
    return await providerFor(ctx, target).listModels(AbortSignal.timeout(TEST_TIMEOUT_MS));
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    const code = error.code === 'aborted' ? 'unreachable' : error.code;
    throw new AppError(400, 'ai.provider.failed', {
      reason: t(locale, `ai.error.${code}`),
      detail: error.message,
    });
  }
}

/**
 * Tries a provider: its model list (OpenAI-compatible), then a one-token chat to `chatModel` (for a
 * Dify app, its own model), stopped at the first token. Latencies are measured on this server, so
 * they include the network between it and the provider.
 */
export async function testProvider(
  ctx: AppContext,
  target: ConnectionTarget,
  chatModel: string | null,
  locale: Locale,
): Promise<AiConnectionOutcome> {
  const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
  const provider = providerFor(ctx, target);
  const outcome: AiConnectionOutcome = {
    ok: false,
    listLatencyMs: null,
    chatLatencyMs: null,
    models: [],
    chatModel: null,
    code: null,
    message: '',
  };
  const fail = (code: AiErrorCode, detail: string): AiConnectionOutcome => {
    const shown = code === 'aborted' ? 'unreachable' : code;
    const why = code === 'aborted' ? `no answer in ${TEST_TIMEOUT_MS / 1000} s` : detail;
    return { ...outcome, ok: false, code: shown, message: failureText(locale, shown, why) };
  };

  if (target.kind === 'openai') {
    const started = performance.now();
    try {
      outcome.models = await provider.listModels(signal);
      outcome.listLatencyMs = Math.round(performance.now() - started);
    } catch (error) {
      if (error instanceof AiProviderError) return fail(error.code, error.message);
      throw error;
    }
  }
  const model = chatModel || outcome.models[0] || (target.kind === 'dify' ? 'dify' : null);
  if (!model) return { ...outcome, ok: true };
  outcome.chatModel = model;
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener('abort', stop, { once: true });
  const started = performance.now();
  try {
    for await (const event of provider.streamChat({
      model,
      messages: [{ role: 'user', content: 'Hi' }],
      maxTokens: 1,
      signal: controller.signal,
    })) {
      if (event.type === 'error') return fail(signal.aborted ? 'aborted' : event.code, event.message);
      if (event.type === 'reasoning' || event.type === 'content' || event.type === 'done') {
        outcome.chatLatencyMs = Math.round(performance.now() - started);
        // Leaving the loop ends the upstream request: one token is all a test needs.
        break;
      }
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return { ...outcome, ok: outcome.chatLatencyMs !== null };
}
