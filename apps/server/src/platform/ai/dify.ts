import { FormData } from 'undici';
import {
  AiProviderError,
  codeOfStatus,
  describeCause,
  errorEvent,
  messageOfBody,
  type AiErrorEvent,
} from './errors.js';
import type { ProviderFetch } from './policy-fetch.js';
import { readSse } from './sse-read.js';
import { ThinkSplitter } from './think-splitter.js';
import type { AiChatProvider, AiChatRequest, AiEvent, AiWorkflowRequest, AiWorkflowRunner } from './types.js';

/**
 * Dify's app API (`Authorization: Bearer <app key>`, one key per app): a chat app over
 * `POST /chat-messages` as an AiChatProvider, and a workflow app over `POST /workflows/run` (or
 * `/workflows/{id}/run` for a chosen published version) as an AiWorkflowRunner, streaming or
 * blocking. Dify has no reasoning field: R1-style models put `<think>` in the answer, split here.
 */
export interface DifyOptions {
  /** The app API base, e.g. `https://api.dify.ai/v1`. */
  baseUrl: string;
  apiKey: string;
  fetch: ProviderFetch;
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

export interface DifyChatOptions extends DifyOptions {
  /** Dify's `user`: a stable end-user id (`${tenantId}:${userId}`). */
  user: string;
}

export interface DifyWorkflowOptions extends DifyOptions {
  /** A published workflow version's id; empty runs the app's current version. */
  workflowId?: string | null;
}

/** A blocking run's result (Dify's `data`). */
export interface DifyWorkflowResult {
  runId: string;
  taskId: string;
  outputs: Record<string, unknown>;
  totalTokens: number;
}

export interface DifyWorkflowRunner extends AiWorkflowRunner {
  /** Runs to the end in one request and returns the outputs; throws AiProviderError when the run fails. */
  runBlocking(request: AiWorkflowRequest): Promise<DifyWorkflowResult>;
}

const CONNECT_TIMEOUT_MS = 30_000;
const IDLE_TIMEOUT_MS = 120_000;
/** Dify Cloud cuts blocking calls at about 100 s; a self-hosted one may take longer. */
const BLOCKING_TIMEOUT_MS = 10 * 60_000;

export function difyChatProvider(options: DifyChatOptions): AiChatProvider {
  return {
    // A Dify app chooses its own model: there is nothing to list.
    async listModels() {
      return [];
    },
    streamChat(request) {
      return difyChat(options, request);
    },
  };
}

export function difyWorkflowRunner(options: DifyWorkflowOptions): DifyWorkflowRunner {
  const path = options.workflowId
    ? `workflows/${encodeURIComponent(options.workflowId)}/run`
    : 'workflows/run';
  return {
    run(request) {
      return streamDify(
        options,
        path,
        { inputs: request.inputs, user: request.user, response_mode: 'streaming' },
        request.signal,
        workflowEvents(),
      );
    },
    async runBlocking(request) {
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(BLOCKING_TIMEOUT_MS)]);
      let response: Response;
      try {
        response = await post(
          options,
          path,
          { inputs: request.inputs, user: request.user, response_mode: 'blocking' },
          signal,
        );
      } catch (error) {
        const event = connectionError(error, request.signal);
        throw new AiProviderError(event.code, event.message);
      }
      const text = await response.text().catch(() => '');
      if (!response.ok)
        throw new AiProviderError(codeOfStatus(response.status), messageOfBody(text, response.status));
      let body: { workflow_run_id?: string; task_id?: string; data?: WorkflowData };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        throw new AiProviderError('upstream', 'the workflow answer is not JSON');
      }
      const data = body.data ?? {};
      if (data.status !== 'succeeded')
        throw new AiProviderError(
          'upstream',
          data.error || `the workflow ended as ${data.status ?? 'unknown'}`,
        );
      return {
        runId: body.workflow_run_id ?? data.id ?? '',
        taskId: body.task_id ?? '',
        outputs: data.outputs ?? {},
        totalTokens: data.total_tokens ?? 0,
      };
    },
  };
}

interface WorkflowData {
  id?: string;
  status?: string;
  outputs?: Record<string, unknown> | null;
  error?: string | null;
  total_tokens?: number;
  node_id?: string;
  title?: string;
  text?: string;
}

/** Turns one Dify event into ours; `end` says the stream is complete (a done or an error was given). */
type EventMapper = {
  map(event: Record<string, unknown>): AiEvent[];
  /** What to say when the body ends: the held-back text, and the end if the stream never said it. */
  finish(): AiEvent[];
  ended(): boolean;
};

function chatEvents(): EventMapper {
  const splitter = new ThinkSplitter();
  let ended = false;
  return {
    map(event) {
      switch (event.event) {
        case 'message':
        case 'agent_message':
          return typeof event.answer === 'string' ? splitter.push(event.answer) : [];
        case 'message_end': {
          ended = true;
          const usage = (
            event.metadata as { usage?: { prompt_tokens?: number; completion_tokens?: number } } | undefined
          )?.usage;
          return [
            ...splitter.flush(),
            ...(usage
              ? [
                  {
                    type: 'usage' as const,
                    promptTokens: usage.prompt_tokens ?? 0,
                    completionTokens: usage.completion_tokens ?? 0,
                  },
                ]
              : []),
            { type: 'done', finishReason: 'stop' },
          ];
        }
        case 'error':
          ended = true;
          return [streamErrorEvent(event)];
        default:
          // ping, message_file, agent_thought, workflow and node events of chatflow apps.
          return [];
      }
    },
    finish: () => splitter.flush(),
    ended: () => ended,
  };
}

function workflowEvents(): EventMapper {
  const splitter = new ThinkSplitter();
  let ended = false;
  return {
    map(event) {
      const data = (event.data ?? {}) as WorkflowData;
      switch (event.event) {
        case 'node_started':
        case 'node_finished':
          return [
            {
              type: 'progress',
              node: data.node_id ?? '',
              title: data.title ?? '',
              status: event.event === 'node_started' ? 'started' : 'finished',
            },
          ];
        case 'text_chunk':
          return typeof data.text === 'string' ? splitter.push(data.text) : [];
        case 'workflow_finished': {
          ended = true;
          const held = splitter.flush();
          if (data.status !== 'succeeded')
            return [
              ...held,
              errorEvent('upstream', data.error || `the workflow ended as ${data.status ?? 'unknown'}`),
            ];
          return [
            ...held,
            // Dify reports a run's tokens as one total, without the prompt/answer split.
            ...(data.total_tokens
              ? [{ type: 'usage' as const, promptTokens: 0, completionTokens: data.total_tokens }]
              : []),
            { type: 'done', finishReason: 'stop', outputs: data.outputs ?? {} },
          ];
        }
        case 'error':
          ended = true;
          return [streamErrorEvent(event)];
        default:
          return [];
      }
    },
    finish: () => splitter.flush(),
    ended: () => ended,
  };
}

type DifyFile =
  | { type: 'image'; transfer_method: 'remote_url'; url: string }
  | { type: 'image'; transfer_method: 'local_file'; upload_file_id: string };

async function* difyChat(options: DifyChatOptions, request: AiChatRequest): AsyncGenerator<AiEvent> {
  let files: DifyFile[];
  try {
    files = await uploadImages(options, request);
  } catch (error) {
    if (request.signal.aborted) yield errorEvent('aborted', 'cancelled');
    else if (error instanceof AiProviderError) yield errorEvent(error.code, error.message);
    else yield errorEvent('unreachable', describeCause(error));
    return;
  }
  yield* streamDify(
    options,
    'chat-messages',
    chatBody(request, options.user, files),
    request.signal,
    chatEvents(),
  );
}

/**
 * The images of the question as Dify file references: an https address as it is (`remote_url`), an
 * inline `data:` image uploaded first (`POST /files/upload`), since Dify cannot read data URLs.
 */
async function uploadImages(options: DifyChatOptions, request: AiChatRequest): Promise<DifyFile[]> {
  const last = request.messages.at(-1);
  const images =
    typeof last?.content === 'string' ? [] : (last?.content ?? []).filter((p) => p.type === 'image');
  const files: DifyFile[] = [];
  for (const image of images) {
    if (image.type !== 'image') continue;
    const inline = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(image.url);
    if (!inline) {
      files.push({ type: 'image', transfer_method: 'remote_url', url: image.url });
      continue;
    }
    const [, mime, data] = inline as unknown as [string, string, string];
    // undici's own FormData: the outbound fetch is undici's, which does not take Node's global one
    // for a form (it would send "[object FormData]" as text).
    const form = new FormData();
    form.append('user', options.user);
    form.append(
      'file',
      new Blob([Buffer.from(data, 'base64')], { type: mime }),
      `image.${mime.split('/')[1]}`,
    );
    const response = await options.fetch(`${options.baseUrl.replace(/\/+$/, '')}/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}` },
      body: form as unknown as RequestInit['body'],
      signal: request.signal,
    });
    const text = await response.text();
    if (!response.ok)
      throw new AiProviderError(codeOfStatus(response.status), messageOfBody(text, response.status));
    let id: unknown;
    try {
      id = (JSON.parse(text) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    if (typeof id !== 'string' || !id)
      throw new AiProviderError('upstream', 'the file upload answered no id');
    files.push({ type: 'image', transfer_method: 'local_file', upload_file_id: id });
  }
  return files;
}

function chatBody(request: AiChatRequest, user: string, files: DifyFile[]) {
  // Dify keeps a conversation's history itself under a conversation id we do not hold, so earlier
  // turns travel in the query; the app's own prompt comes first on Dify's side.
  const text = (content: AiChatRequest['messages'][number]['content']) =>
    typeof content === 'string'
      ? content
      : content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const last = request.messages.at(-1);
  const earlier = request.messages.slice(0, -1).filter((m) => text(m.content).trim());
  const query = earlier.length
    ? `${earlier.map((m) => `${m.role}: ${text(m.content)}`).join('\n\n')}\n\nuser: ${last ? text(last.content) : ''}`
    : last
      ? text(last.content)
      : '';
  return {
    query,
    inputs: {},
    user,
    response_mode: 'streaming',
    conversation_id: '',
    ...(files.length ? { files } : {}),
  };
}

function post(options: DifyOptions, path: string, body: unknown, signal: AbortSignal): Promise<Response> {
  return options.fetch(`${options.baseUrl.replace(/\/+$/, '')}/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.apiKey}`,
      'content-type': 'application/json',
      accept: 'text/event-stream, application/json',
    },
    body: JSON.stringify(body),
    signal,
  });
}

async function* streamDify(
  options: DifyOptions,
  path: string,
  body: unknown,
  signal: AbortSignal,
  mapper: EventMapper,
): AsyncGenerator<AiEvent> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  let stalled: string | undefined;
  const arm = (ms: number, what: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = what;
      controller.abort();
    }, ms);
  };
  const idleMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  try {
    if (signal.aborted) {
      yield errorEvent('aborted', 'cancelled');
      return;
    }
    let response: Response;
    try {
      arm(options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS, 'no answer within the connection time limit');
      response = await post(options, path, body, controller.signal);
    } catch (error) {
      yield stalled && !signal.aborted ? errorEvent('unreachable', stalled) : connectionError(error, signal);
      return;
    }
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      yield errorEvent(codeOfStatus(response.status), messageOfBody(text, response.status));
      return;
    }
    try {
      arm(idleMs, `the provider sent nothing for ${Math.round(idleMs / 1000)} s`);
      for await (const message of readSse(response.body)) {
        arm(idleMs, `the provider sent nothing for ${Math.round(idleMs / 1000)} s`);
        let event: Record<string, unknown>;
        try {
          event = JSON.parse(message.data) as Record<string, unknown>;
        } catch {
          yield errorEvent('upstream', `malformed event: ${message.data.slice(0, 100)}`);
          return;
        }
        for (const out of mapper.map(event)) {
          yield out;
          if (out.type === 'done' || out.type === 'error') return;
        }
      }
    } catch (error) {
      if (signal.aborted) yield errorEvent('aborted', 'cancelled');
      else yield errorEvent('upstream', stalled ?? describeCause(error));
      return;
    }
    if (signal.aborted) {
      yield errorEvent('aborted', 'cancelled');
      return;
    }
    yield* mapper.finish();
    if (!mapper.ended()) yield errorEvent('upstream', 'the stream ended before the answer was finished');
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    controller.abort();
  }
}

function connectionError(error: unknown, signal: AbortSignal): AiErrorEvent {
  if (signal.aborted) return errorEvent('aborted', 'cancelled');
  return errorEvent('unreachable', describeCause(error));
}

function streamErrorEvent(event: Record<string, unknown>): AiErrorEvent {
  const status = typeof event.status === 'number' ? event.status : 0;
  const code = String(event.code ?? '');
  const message =
    typeof event.message === 'string' && event.message ? event.message : code || 'the workflow failed';
  if (status === 429 || /quota|rate_limit/i.test(code)) return errorEvent('rate_limited', message);
  return errorEvent('upstream', message);
}
