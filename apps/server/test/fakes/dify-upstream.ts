import {
  sendJson,
  sendSse,
  startFakeServer,
  type FakeServer,
  type RecordedRequest,
  type SseStep,
} from './sse-server.js';

/**
 * A local server speaking Dify's app API for tests: streaming and blocking `POST /v1/chat-messages`,
 * `POST /v1/workflows/run` and `/v1/workflows/{id}/run`, with real SSE framing (`data: {json}` per
 * event, pings included). Replies are scripted with `reply()` (a queue, or a function answering every
 * request); with none, a chat echoes the query and a workflow runs one LLM node whose text is built
 * from its inputs. The blocking answer of a script is what its events add up to.
 *
 *   const dify = await startDifyUpstream();
 *   dify.reply(workflow([nodeStarted('llm', 'LLM'), textChunk('<think>hm</think>x = 2'), nodeFinished('llm', 'LLM'),
 *     workflowFinished({ text: 'x = 2' })]));
 */
export interface DifyReply {
  /** A status other than 200 answers with Dify's error body (`{ code, message, status }`). */
  status?: number;
  code?: string;
  message?: string;
  steps?: SseStep[];
}

export interface DifyUpstream extends FakeServer {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  /** The app key the server accepts; any other gets 401. */
  apiKey: string;
  reply(...replies: (DifyReply | ((request: RecordedRequest) => DifyReply))[]): void;
  /** Requests to the chat or workflow endpoints (not /tasks/.../stop, not uploads). */
  runs(): RecordedRequest[];
  /** File uploads received (`POST /v1/files/upload`), each answered with id `file-<n>`. */
  uploads: RecordedRequest[];
}

const ev = (event: string, fields: Record<string, unknown>): SseStep => ({
  data: { event, task_id: 'task-1', ...fields },
});

export const ping = (): SseStep => ({ raw: 'event: ping\n\n' });
export const message = (answer: string): SseStep =>
  ev('message', { id: 'msg-1', message_id: 'msg-1', conversation_id: 'conv-1', answer, created_at: 0 });
export const messageEnd = (prompt = 0, completion = 0): SseStep =>
  ev('message_end', {
    id: 'msg-1',
    message_id: 'msg-1',
    conversation_id: 'conv-1',
    metadata: {
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    },
  });
export const workflowStarted = (): SseStep =>
  ev('workflow_started', {
    workflow_run_id: 'run-1',
    data: { id: 'run-1', workflow_id: 'wf-1', created_at: 0 },
  });
export const nodeStarted = (node: string, title: string): SseStep =>
  ev('node_started', {
    workflow_run_id: 'run-1',
    data: { id: `exec-${node}`, node_id: node, node_type: 'llm', title },
  });
export const nodeFinished = (node: string, title: string): SseStep =>
  ev('node_finished', {
    workflow_run_id: 'run-1',
    data: { id: `exec-${node}`, node_id: node, node_type: 'llm', title, status: 'succeeded' },
  });
export const textChunk = (text: string): SseStep =>
  ev('text_chunk', { workflow_run_id: 'run-1', data: { text, from_variable_selector: ['llm', 'text'] } });
export const workflowFinished = (outputs: Record<string, unknown>, totalTokens = 0): SseStep =>
  ev('workflow_finished', {
    workflow_run_id: 'run-1',
    data: {
      id: 'run-1',
      workflow_id: 'wf-1',
      status: 'succeeded',
      outputs,
      error: null,
      total_tokens: totalTokens,
    },
  });
export const workflowFailed = (error: string): SseStep =>
  ev('workflow_finished', {
    workflow_run_id: 'run-1',
    data: { id: 'run-1', workflow_id: 'wf-1', status: 'failed', outputs: null, error, total_tokens: 0 },
  });
export const difyError = (
  messageText = 'Internal Server Error',
  code = 'internal_server_error',
  status = 500,
): SseStep => ev('error', { message_id: 'msg-1', status, code, message: messageText });

export function stream(steps: SseStep[]): DifyReply {
  return { steps };
}

export function failWith(
  status: number,
  messageText = `fake Dify ${status}`,
  code = 'invalid_param',
): DifyReply {
  return { status, code, message: messageText };
}

function defaultReply(request: RecordedRequest): DifyReply {
  const body = request.body as { query?: string; inputs?: Record<string, string> };
  if (request.path.includes('/chat-messages')) {
    const answer = `You said: ${body.query ?? ''}`;
    return stream([ping(), ...(answer.match(/.{1,8}/gsu) ?? []).map(message), messageEnd(5, answer.length)]);
  }
  const text = `Answer for ${Object.entries(body.inputs ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(', ')}`;
  return stream([
    workflowStarted(),
    ping(),
    nodeStarted('llm', 'LLM'),
    ...(text.match(/.{1,8}/gsu) ?? []).map(textChunk),
    nodeFinished('llm', 'LLM'),
    workflowFinished({ text }, 42),
  ]);
}

export async function startDifyUpstream(options: { apiKey?: string } = {}): Promise<DifyUpstream> {
  const queue: (DifyReply | ((request: RecordedRequest) => DifyReply))[] = [];
  let always: ((request: RecordedRequest) => DifyReply) | undefined;

  const upstream: DifyUpstream = Object.assign(
    await startFakeServer(async (request, res) => {
      const path = request.path.split('?')[0]!;
      if (request.headers.authorization !== `Bearer ${upstream.apiKey}`)
        return sendJson(res, 401, { code: 'unauthorized', message: 'Access token is invalid', status: 401 });
      if (request.method === 'POST' && path === '/v1/files/upload') {
        if (!String(request.headers['content-type']).startsWith('multipart/form-data'))
          return sendJson(res, 415, {
            code: 'unsupported_file_type',
            message: `not a multipart upload: ${String(request.headers['content-type'])}`,
            status: 415,
          });
        upstream.uploads.push(request);
        return sendJson(res, 201, {
          id: `file-${upstream.uploads.length}`,
          name: 'image.png',
          size: request.text.length,
          extension: 'png',
          mime_type: 'image/png',
          created_by: 'fake',
          created_at: 0,
        });
      }
      if (request.method === 'POST' && /^\/v1\/(chat-messages|workflows)\/tasks\/[^/]+\/stop$/.test(path))
        return sendJson(res, 200, { result: 'success' });
      if (
        request.method !== 'POST' ||
        !/^\/v1\/(chat-messages|workflows\/run|workflows\/[^/]+\/run)$/.test(path)
      )
        return sendJson(res, 404, {
          code: 'not_found',
          message: `no route ${request.method} ${path}`,
          status: 404,
        });
      const next = queue.shift() ?? always ?? defaultReply;
      const reply = typeof next === 'function' ? next(request) : next;
      if (reply.status && reply.status !== 200)
        return sendJson(res, reply.status, {
          code: reply.code ?? 'error',
          message: reply.message ?? `status ${reply.status}`,
          status: reply.status,
        });
      const body = request.body as { response_mode?: string };
      if (body.response_mode === 'blocking') return sendJson(res, 200, blocking(path, reply.steps ?? []));
      await sendSse(res, reply.steps ?? []);
    }),
    {
      baseUrl: '',
      apiKey: options.apiKey ?? 'app-fake-dify-key',
      reply(...replies: (DifyReply | ((request: RecordedRequest) => DifyReply))[]) {
        if (replies.length === 1 && typeof replies[0] === 'function') always = replies[0];
        else queue.push(...replies);
      },
      uploads: [] as RecordedRequest[],
      runs() {
        return upstream.requests.filter(
          (r) => !r.path.includes('/stop') && !r.path.includes('/files/upload'),
        );
      },
    },
  );
  upstream.baseUrl = `${upstream.origin}/v1`;
  return upstream;
}

/** The blocking-mode answer the same events add up to. */
function blocking(path: string, steps: SseStep[]) {
  const events = steps.flatMap((s) => ('data' in s ? [s.data as Record<string, unknown>] : []));
  if (path.includes('/chat-messages')) {
    const end = events.find((e) => e.event === 'message_end') as { metadata?: unknown } | undefined;
    return {
      event: 'message',
      task_id: 'task-1',
      id: 'msg-1',
      message_id: 'msg-1',
      conversation_id: 'conv-1',
      mode: 'chat',
      answer: events
        .filter((e) => e.event === 'message')
        .map((e) => e.answer)
        .join(''),
      metadata: end?.metadata ?? {},
      created_at: 0,
    };
  }
  const finished = events.find((e) => e.event === 'workflow_finished') as
    { data?: Record<string, unknown> } | undefined;
  return {
    workflow_run_id: 'run-1',
    task_id: 'task-1',
    data: finished?.data ?? {
      id: 'run-1',
      status: 'failed',
      outputs: null,
      error: 'the script has no workflow_finished',
    },
  };
}
