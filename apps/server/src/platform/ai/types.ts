/**
 * The one boundary between Lintel and a language model. Every adapter (OpenAI-compatible chat
 * completions, Dify chat apps and workflows) turns its own wire protocol into these events, so the
 * chat, the study workflows and the browser stream never see a provider's format.
 */

/** Why a stream failed, as the browser's localized messages know it. */
export type AiErrorCode =
  | 'not_configured' // no provider, no model, or the workflow/model named does not exist
  | 'unauthorized' // the provider refused the key (401/403)
  | 'rate_limited' // the provider said 429
  | 'limit_reached' // our own per-tenant / per-user limit
  | 'bad_request' // the provider refused the request (400/404/422), e.g. an unknown model id
  | 'unreachable' // connection refused, DNS, TLS, timeout before the first byte
  | 'upstream' // the provider answered 5xx, sent an error event, or broke the stream
  | 'aborted'; // the caller cancelled (the browser went away, or pressed stop)

export type AiEvent =
  /** A piece of the model's chain of thought (display only: never sent back to the model). */
  | { type: 'reasoning'; text: string }
  /** A piece of the answer. */
  | { type: 'content'; text: string }
  /** A workflow step started or finished (Dify `node_started` / `node_finished`). */
  | { type: 'progress'; node: string; title: string; status: 'started' | 'finished' }
  /** Token counts, when the provider reports them (usually once, near the end). */
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** The end of a successful stream; a workflow's outputs ride along. */
  | { type: 'done'; finishReason: string; outputs?: Record<string, unknown> }
  /** The end of a failed stream. Nothing follows an error. */
  | { type: 'error'; code: AiErrorCode; message: string };

/** A part of a user message: text, or an image for a vision model (a data: URL or an https URL). */
export type AiContentPart = { type: 'text'; text: string } | { type: 'image'; url: string };

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | AiContentPart[];
}

export interface AiChatRequest {
  model: string;
  messages: AiMessage[];
  /** Ask a model that supports it to think first (DeepSeek/Qwen style `enable_thinking` and the like). */
  thinking?: boolean;
  temperature?: number;
  maxTokens?: number;
  /** Aborting ends the upstream request at once; the stream then yields `error` with code `aborted`. */
  signal: AbortSignal;
}

export interface AiChatProvider {
  /** Model ids the provider lists (`GET {base}/models`); an empty list when it offers none. */
  listModels(signal: AbortSignal): Promise<string[]>;
  /** Streams one turn. Always ends with exactly one `done` or `error` event; never throws. */
  streamChat(request: AiChatRequest): AsyncIterable<AiEvent>;
}

export interface AiWorkflowRequest {
  /** The workflow app's input variables (grade, subject, question, studentAnswer, ...). */
  inputs: Record<string, string>;
  /** A stable end-user id (Dify's `user`): `${tenantId}:${userId}`. */
  user: string;
  signal: AbortSignal;
}

export interface AiWorkflowRunner {
  /** Streams a workflow run: `progress` per step, `content` for text chunks, `done` with outputs. */
  run(request: AiWorkflowRequest): AsyncIterable<AiEvent>;
}
