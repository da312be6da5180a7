import { AiProviderError, codeOfStatus, errorEvent, messageOfBody } from './errors.js';
import { ThinkSplitter } from './think-splitter.js';
import type { AiWorkflowRequest, AiWorkflowRunner } from './types.js';
import {
  BLOCKING_TIMEOUT_MS,
  connectionError,
  post,
  streamDify,
  streamErrorEvent,
  type DifyOptions,
  type EventMapper,
} from './dify.js';

/**
 * A Dify workflow app over `POST /workflows/run` (or `/workflows/{id}/run` for a chosen published
 * version) as an AiWorkflowRunner: streaming (steps as progress, text chunks as content) or blocking.
 */
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
