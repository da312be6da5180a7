import {
  startFakeServer,
  sendJson,
  sendSse,
  type FakeServer,
  type RecordedRequest,
  type SseStep,
} from './sse-server.js';

/**
 * A local OpenAI-compatible server for tests (what DeepSeek, DashScope compatible mode, SiliconFlow,
 * vLLM and Ollama's /v1 speak): `GET /v1/models` and streaming `POST /v1/chat/completions`, with real
 * SSE framing. Each request is answered by the script set with `reply()` (a queue, used in order, or a
 * function of the request); with none, a default reply echoes the last user message, thinking first
 * (as `reasoning_content`) when the model's id contains "reason".
 *
 *   const upstream = await startOpenAiUpstream();
 *   upstream.reply(chat([reasoning('Let me see.'), content('Hi!'), usage(5, 2), finish()]));
 *   ... baseUrl: upstream.baseUrl, apiKey: upstream.apiKey ...
 *   expect(upstream.requests[0].body).toMatchObject({ model: 'deepseek-chat' });
 */
export interface OpenAiReply {
  /** A status other than 200 answers with an OpenAI-style error body, before any stream. */
  status?: number;
  message?: string;
  steps?: OpenAiStep[];
  /** The connection is destroyed as the request arrives, before any answer (a stale keep-alive socket). */
  reset?: boolean;
}

export type OpenAiStep =
  | SseStep
  /** A `choices[0].delta` (reasoning_content, reasoning, content) or a finish reason. */
  | { delta: Record<string, string>; finishReason?: string | null }
  /** The final usage chunk (`stream_options.include_usage`). */
  | { usage: { prompt: number; completion: number } }
  /** `data: [DONE]` */
  | { done: true };

export interface OpenAiUpstream extends FakeServer {
  /** `http://127.0.0.1:<port>/v1`: what a provider's base URL is set to. */
  baseUrl: string;
  /** The key the server accepts (`Authorization: Bearer <apiKey>`); any other gets 401. */
  apiKey: string;
  /** Model ids `GET /models` lists; null makes it answer 404 (servers without a model list). */
  models: string[] | null;
  /** Queue replies for the next chat requests, or set a function answering every request. */
  reply(...replies: (OpenAiReply | ((request: RecordedRequest) => OpenAiReply))[]): void;
  /** The chat requests (POST /chat/completions) received so far. */
  chats(): RecordedRequest[];
}

export const content = (text: string): OpenAiStep => ({ delta: { content: text } });
export const reasoning = (text: string): OpenAiStep => ({ delta: { reasoning_content: text } });
/** The `reasoning` field some servers (vLLM, OpenRouter) use instead of reasoning_content. */
export const reasoningField = (text: string): OpenAiStep => ({ delta: { reasoning: text } });
export const usage = (prompt: number, completion: number): OpenAiStep => ({ usage: { prompt, completion } });
export const finish = (reason = 'stop'): OpenAiStep => ({ delta: {}, finishReason: reason });
export const wait = (ms: number): OpenAiStep => ({ wait: ms });
/** A chunk that is not JSON. */
export const malformed = (): OpenAiStep => ({ raw: 'data: {"choices":[{"delta":{"content":\n\n' });
/** An error object in the middle of the stream (how OpenAI-compatible servers report a failure mid-way). */
export const streamError = (message = 'the model crashed'): OpenAiStep => ({
  data: { error: { message, type: 'server_error' } },
});
export const drop = (): OpenAiStep => ({ drop: true });
export const hang = (): OpenAiStep => ({ hang: true });

/** A complete streamed answer: the steps, then `[DONE]`. */
export function chat(steps: OpenAiStep[]): OpenAiReply {
  return { steps: [...steps, { done: true }] };
}

/** The connection drops as the request arrives: no status, no body. */
export const resetConnection = (): OpenAiReply => ({ reset: true });

export function failWith(status: number, message = `fake upstream ${status}`): OpenAiReply {
  return { status, message };
}

function defaultReply(request: RecordedRequest): OpenAiReply {
  const body = request.body as { model?: string; messages?: { role: string; content: unknown }[] };
  const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  const text =
    typeof last?.content === 'string'
      ? last.content
      : Array.isArray(last?.content)
        ? (last.content as { type: string; text?: string }[])
            .filter((p) => p.type === 'text')
            .map((p) => p.text)
            .join(' ')
        : '';
  const answer = `You said: ${text}`;
  const thinks = body.model?.includes('reason') ?? false;
  return chat([
    ...(thinks ? [reasoning('Thinking about '), reasoning('the question.')] : []),
    ...(answer.match(/.{1,8}/gsu) ?? []).map(content),
    finish(),
    usage(text.length, answer.length),
  ]);
}

export async function startOpenAiUpstream(
  options: { apiKey?: string; models?: string[] | null } = {},
): Promise<OpenAiUpstream> {
  const queue: (OpenAiReply | ((request: RecordedRequest) => OpenAiReply))[] = [];
  let always: ((request: RecordedRequest) => OpenAiReply) | undefined;
  let created = 0;

  const upstream: OpenAiUpstream = Object.assign(
    await startFakeServer(async (request, res) => {
      const path = request.path.split('?')[0]!;
      if (request.headers.authorization !== `Bearer ${upstream.apiKey}`)
        return sendJson(res, 401, {
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
      if (request.method === 'GET' && path === '/v1/models') {
        if (!upstream.models) return sendJson(res, 404, { error: { message: 'Not found' } });
        return sendJson(res, 200, {
          object: 'list',
          data: upstream.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })),
        });
      }
      if (request.method !== 'POST' || path !== '/v1/chat/completions')
        return sendJson(res, 404, { error: { message: `no route ${request.method} ${path}` } });
      const next = queue.shift() ?? always ?? defaultReply;
      const reply = typeof next === 'function' ? next(request) : next;
      if (reply.reset) return void res.socket?.destroy();
      if (reply.status && reply.status !== 200)
        return sendJson(res, reply.status, {
          error: {
            message: reply.message ?? `status ${reply.status}`,
            type: 'fake_error',
            code: reply.status,
          },
        });
      const body = request.body as { model?: string; stream?: boolean };
      const id = `chatcmpl-fake-${++created}`;
      const steps = reply.steps ?? [];
      if (!body.stream) return sendJson(res, 200, completion(id, body.model ?? '', steps));
      await sendSse(
        res,
        steps.map((step): SseStep => {
          if ('delta' in step)
            return {
              data: {
                id,
                object: 'chat.completion.chunk',
                created: 0,
                model: body.model,
                choices: [{ index: 0, delta: step.delta, finish_reason: step.finishReason ?? null }],
              },
            };
          if ('usage' in step)
            return {
              data: {
                id,
                object: 'chat.completion.chunk',
                created: 0,
                model: body.model,
                choices: [],
                usage: {
                  prompt_tokens: step.usage.prompt,
                  completion_tokens: step.usage.completion,
                  total_tokens: step.usage.prompt + step.usage.completion,
                },
              },
            };
          if ('done' in step) return { raw: 'data: [DONE]\n\n' };
          return step;
        }),
      );
    }),
    {
      baseUrl: '',
      apiKey: options.apiKey ?? 'sk-fake-upstream-key',
      models: options.models === undefined ? ['fake-chat', 'fake-reasoner', 'fake-vision'] : options.models,
      reply(...replies: (OpenAiReply | ((request: RecordedRequest) => OpenAiReply))[]) {
        if (replies.length === 1 && typeof replies[0] === 'function') always = replies[0];
        else queue.push(...replies);
      },
      chats() {
        return upstream.requests.filter((r) => r.path.startsWith('/v1/chat/completions'));
      },
    },
  );
  upstream.baseUrl = `${upstream.origin}/v1`;
  return upstream;
}

/** The non-streaming answer of the same script (the steps' texts joined). */
function completion(id: string, model: string, steps: OpenAiStep[]) {
  const join = (field: string) => steps.map((s) => ('delta' in s ? (s.delta[field] ?? '') : '')).join('');
  const finishReason = steps.map((s) => ('delta' in s ? s.finishReason : undefined)).find(Boolean) ?? 'stop';
  const counts = steps.find((s) => 'usage' in s) as
    { usage: { prompt: number; completion: number } } | undefined;
  return {
    id,
    object: 'chat.completion',
    created: 0,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: join('content'),
          reasoning_content: join('reasoning_content') || undefined,
        },
        finish_reason: finishReason,
      },
    ],
    usage: counts
      ? {
          prompt_tokens: counts.usage.prompt,
          completion_tokens: counts.usage.completion,
          total_tokens: counts.usage.prompt + counts.usage.completion,
        }
      : undefined,
  };
}
