import { codeOfStatus, describeCause, errorEvent, messageOfBody, type AiErrorEvent } from './errors.js';
import type { ProviderFetch } from './policy-fetch.js';
import { readSse } from './sse-read.js';
import type { AiEvent } from './types.js';

/**
 * Dify's app API (`Authorization: Bearer <app key>`, one key per app): what its chat apps
 * (dify-chat.ts) and workflow apps (dify-workflow.ts) share: the options, the POST, and reading an SSE
 * body into our events through a per-app event mapper, with connection and idle timeouts.
 */
export interface DifyOptions {
  /** The app API base, e.g. `https://api.dify.ai/v1`. */
  baseUrl: string;
  apiKey: string;
  fetch: ProviderFetch;
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

export const CONNECT_TIMEOUT_MS = 30_000;
export const IDLE_TIMEOUT_MS = 120_000;
/** Dify Cloud cuts blocking calls at about 100 s; a self-hosted one may take longer. */
export const BLOCKING_TIMEOUT_MS = 10 * 60_000;

/** Turns one Dify event into ours; `end` says the stream is complete (a done or an error was given). */
export type EventMapper = {
  map(event: Record<string, unknown>): AiEvent[];
  /** What to say when the body ends: the held-back text, and the end if the stream never said it. */
  finish(): AiEvent[];
  ended(): boolean;
};

export function post(
  options: DifyOptions,
  path: string,
  body: unknown,
  signal: AbortSignal,
): Promise<Response> {
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

export async function* streamDify(
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

export function connectionError(error: unknown, signal: AbortSignal): AiErrorEvent {
  if (signal.aborted) return errorEvent('aborted', 'cancelled');
  return errorEvent('unreachable', describeCause(error));
}

export function streamErrorEvent(event: Record<string, unknown>): AiErrorEvent {
  const status = typeof event.status === 'number' ? event.status : 0;
  const code = String(event.code ?? '');
  const message =
    typeof event.message === 'string' && event.message ? event.message : code || 'the workflow failed';
  if (status === 429 || /quota|rate_limit/i.test(code)) return errorEvent('rate_limited', message);
  return errorEvent('upstream', message);
}
