import type OpenAI from 'openai';
import type * as OpenAiModule from 'openai';
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { AiProviderError, codeOfStatus, describeCause, errorEvent, type AiErrorEvent } from './errors.js';
import type { ProviderFetch } from './policy-fetch.js';
import { ThinkSplitter } from './think-splitter.js';
import type { AiChatProvider, AiChatRequest, AiEvent, AiMessage } from './types.js';

/**
 * Chat completions as OpenAI, DeepSeek, DashScope compatible mode, SiliconFlow, vLLM, LM Studio and
 * Ollama's `/v1` speak them, through the `openai` client (SSE framing, error bodies). The chain of
 * thought comes as `delta.reasoning_content` (DeepSeek, Qwen, SiliconFlow), as `delta.reasoning`
 * (vLLM, OpenRouter), or inline as `<think>…</think>` at the start of the content (local R1-style
 * models): all three become `reasoning` events.
 */
export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey: string;
  /** The outbound policy's fetch (policyFetch): the SSRF rules apply to every call. */
  fetch: ProviderFetch;
  /** Until the response starts (connect, headers). */
  connectTimeoutMs?: number;
  /** Longest silence inside a stream before it counts as broken. */
  idleTimeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 30_000;
const IDLE_TIMEOUT_MS = 120_000;

type OpenAiSdk = typeof OpenAiModule;
let sdk: Promise<OpenAiSdk> | undefined;
/** The openai client loads with the first model call: most processes and tests never make one. */
const loadSdk = () => (sdk ??= import('openai'));

export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): AiChatProvider {
  const connect = async () => {
    const m = await loadSdk();
    const client = new m.default({
      baseURL: options.baseUrl.replace(/\/+$/, ''),
      // Ollama and vLLM accept any key; the client insists on one.
      apiKey: options.apiKey || 'none',
      fetch: options.fetch,
      timeout: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      // A retry would hide the provider's answer from the admin and double the user's wait.
      maxRetries: 0,
      logLevel: 'off',
    });
    return { m, client };
  };
  const idleMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;

  return {
    async listModels(signal) {
      const { m, client } = await connect();
      try {
        const page = await client.models.list({ signal });
        return page.data.map((model) => model.id);
      } catch (error) {
        // Servers without a model list (some gateways): the admin types the ids instead.
        if (error instanceof m.APIError && error.status === 404) return [];
        const event = toErrorEvent(m, error, signal);
        throw new AiProviderError(event.code, event.message);
      }
    },

    async *streamChat(request) {
      const { m, client } = await connect();
      yield* stream(m, client, request, idleMs);
    },
  };
}

async function* stream(
  m: OpenAiSdk,
  client: OpenAI,
  request: AiChatRequest,
  idleMs: number,
): AsyncGenerator<AiEvent> {
  // Our own controller: aborted by the caller's signal, by a silent upstream, or by leaving early.
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  request.signal.addEventListener('abort', onAbort, { once: true });
  let idle: NodeJS.Timeout | undefined;
  let stalled = false;
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, idleMs);
  };
  try {
    if (request.signal.aborted) {
      yield errorEvent('aborted', 'cancelled');
      return;
    }
    let chunks;
    try {
      chunks = await client.chat.completions.create(body(request), { signal: controller.signal });
    } catch (error) {
      yield toErrorEvent(m, error, request.signal);
      return;
    }
    const splitter = new ThinkSplitter();
    let finishReason: string | undefined;
    let usage: AiEvent | undefined;
    try {
      arm();
      for await (const chunk of chunks) {
        arm();
        if (chunk.usage)
          usage = {
            type: 'usage',
            promptTokens: chunk.usage.prompt_tokens ?? 0,
            completionTokens: chunk.usage.completion_tokens ?? 0,
          };
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const delta = choice.delta as {
          content?: string | null;
          reasoning_content?: string;
          reasoning?: string;
        };
        const thought = delta.reasoning_content || delta.reasoning;
        if (thought) yield { type: 'reasoning', text: thought };
        if (delta.content) yield* splitter.push(delta.content);
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    } catch (error) {
      yield stalled ? stalledEvent(idleMs) : toErrorEvent(m, error, request.signal, true);
      return;
    }
    // The client ends its iteration quietly on abort.
    if (request.signal.aborted) {
      yield errorEvent('aborted', 'cancelled');
      return;
    }
    if (stalled) {
      yield stalledEvent(idleMs);
      return;
    }
    yield* splitter.flush();
    if (!finishReason) {
      yield errorEvent('upstream', 'the stream ended before the answer was finished');
      return;
    }
    if (usage) yield usage;
    yield { type: 'done', finishReason };
  } finally {
    clearTimeout(idle);
    request.signal.removeEventListener('abort', onAbort);
    // A caller that stops reading ends the upstream request too.
    controller.abort();
  }
}

function body(request: AiChatRequest): ChatCompletionCreateParamsStreaming {
  return {
    model: request.model,
    messages: request.messages.map(toMessage),
    stream: true,
    stream_options: { include_usage: true },
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    // DashScope (Qwen3), SiliconFlow and vLLM's Qwen templates switch thinking with `enable_thinking`;
    // sent only when the caller chose, so servers that know no such field never see it.
    ...(request.thinking !== undefined ? { enable_thinking: request.thinking } : {}),
  } as ChatCompletionCreateParamsStreaming;
}

function toMessage(message: AiMessage): ChatCompletionMessageParam {
  if (typeof message.content === 'string' || message.role !== 'user')
    return {
      role: message.role,
      content:
        typeof message.content === 'string'
          ? message.content
          : message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
    } as ChatCompletionMessageParam;
  return {
    role: 'user',
    content: message.content.map((part) =>
      part.type === 'text'
        ? { type: 'text' as const, text: part.text }
        : { type: 'image_url' as const, image_url: { url: part.url } },
    ),
  };
}

const stalledEvent = (idleMs: number) =>
  errorEvent('upstream', `the provider sent nothing for ${Math.round(idleMs / 1000)} s`);

/** Maps what the client threw to our codes. `started`: the response had begun (a break is the provider's). */
function toErrorEvent(m: OpenAiSdk, error: unknown, signal: AbortSignal, started = false): AiErrorEvent {
  if (signal.aborted || error instanceof m.APIUserAbortError) return errorEvent('aborted', 'cancelled');
  if (error instanceof m.APIConnectionError)
    return errorEvent(started ? 'upstream' : 'unreachable', describeCause(error));
  if (error instanceof m.APIError) {
    const message = messageOf(error);
    // An error object inside the stream carries no status: the provider failed mid-way.
    return errorEvent(error.status ? codeOfStatus(error.status) : 'upstream', message);
  }
  if (error instanceof SyntaxError) return errorEvent('upstream', `malformed chunk: ${error.message}`);
  return errorEvent(started ? 'upstream' : 'unreachable', describeCause(error));
}

function messageOf(error: InstanceType<OpenAiSdk['APIError']>): string {
  const body = error.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message ? body.message : error.message;
}
