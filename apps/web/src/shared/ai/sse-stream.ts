import type { AiStreamEvent } from '@lintel/contracts';
import { ApiError } from '../api/api-error';
import { checkAnswer, parseBody, send } from '../api/client';
import { backendUnreachableText } from './ai-texts';
import { createSseParser } from './sse-parser';

export interface StreamSseOptions {
  /** Aborting closes the request; the server then stops the model's work. */
  signal?: AbortSignal;
  onEvent: (event: AiStreamEvent) => void;
  /** Toast failures as every other call does (default false: the page shows them in place). */
  toast?: boolean;
}

/** How a stream ended: `done` or `error` events, the caller's abort, or the connection closed early. */
export type StreamEnd = 'done' | 'error' | 'aborted';

/**
 * POSTs `body` to an AI stream endpoint and hands each event to `onEvent` as it arrives. A failure
 * before the stream starts (HTTP status, refused session, network) rejects with the ApiError of the
 * shared client, its message localized; a stream that breaks off without `done` or `error` rejects
 * with SPEC 8's "failed to connect to the backend service". The caller's abort resolves 'aborted'.
 */
export async function streamSse(path: string, body: unknown, options: StreamSseOptions): Promise<StreamEnd> {
  const { signal, onEvent, toast = false } = options;
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (signal?.aborted) return 'aborted';
  signal?.addEventListener('abort', abort);
  try {
    let response: Response;
    try {
      response = await send(path, { method: 'POST', body, customCatch: !toast }, controller.signal);
    } catch (error) {
      if (signal?.aborted) return 'aborted';
      // SPEC 8 names this for the chat: the network failed before the stream opened.
      if (error instanceof ApiError && error.status === 0) {
        const unreachable = new ApiError(backendUnreachableText(), 0, null);
        unreachable.cause = error;
        throw unreachable;
      }
      throw error;
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('text/event-stream')) {
      // An ordinary JSON answer: an error found before the stream started (limits, validation, no model).
      checkAnswer(response, parseBody(await response.text()) as never, !toast);
      throw new ApiError(backendUnreachableText(), response.status, null);
    }
    let ended: StreamEnd | null = null;
    const parser = createSseParser((event) => {
      if (event.event === 'done') ended = 'done';
      else if (event.event === 'error') ended = 'error';
      onEvent(event);
    });
    const reader = response.body!.getReader();
    // `stream: true` keeps a character split across two reads (a CJK character is 3 bytes) whole.
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch (cause) {
      if (signal?.aborted) return 'aborted';
      const error = new ApiError(backendUnreachableText(), 0, null);
      error.cause = cause;
      throw error;
    }
    parser.end();
    if (ended) return ended;
    if (signal?.aborted) return 'aborted';
    throw new ApiError(backendUnreachableText(), 0, null);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}
