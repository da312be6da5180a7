import type { AiErrorCode, AiEvent } from './types.js';

/**
 * A provider call that failed outside a stream (the model list, a blocking workflow run). Streams
 * never throw: they end with an `error` event carrying the same code.
 */
export class AiProviderError extends Error {
  override name = 'AiProviderError';
  constructor(
    readonly code: AiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type AiErrorEvent = Extract<AiEvent, { type: 'error' }>;

export const errorEvent = (code: AiErrorCode, message: string): AiErrorEvent => ({
  type: 'error',
  code,
  message,
});

/** The code of an HTTP status a provider answered with. */
export function codeOfStatus(status: number): AiErrorCode {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 404 || status === 422) return 'bad_request';
  // 5xx, and anything else a provider should not have said.
  return 'upstream';
}

/** A provider's JSON error body's message, or a short excerpt of what it sent. */
export function messageOfBody(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.trim().slice(0, 300) || `HTTP ${status}`;
}

/** A cause's own description (undici hides ECONNREFUSED and the like in `cause`). */
export function describeCause(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    const message = e instanceof Error ? e.message : String(e);
    if (message && !parts.includes(message)) parts.push(message);
  }
  return parts.join(': ') || 'connection failed';
}
