import { Type, type Static } from 'typebox';

/**
 * The browser's side of every AI stream (chat, problem solving, analysis, practice papers): a
 * `text/event-stream` answer to a POST, one `event: <name>\ndata: <json>\n\n` per event. Errors
 * found before the stream starts are ordinary JSON errors with an HTTP status instead.
 */

/** Why a stream failed; the message beside it is already in the user's language. */
export const AiStreamErrorCodeValue = Type.Union([
  Type.Literal('not_configured'),
  Type.Literal('unauthorized'),
  Type.Literal('rate_limited'),
  Type.Literal('limit_reached'),
  Type.Literal('bad_request'),
  Type.Literal('unreachable'),
  Type.Literal('upstream'),
  Type.Literal('aborted'),
]);
export type AiStreamErrorCode = Static<typeof AiStreamErrorCodeValue>;

/** First event: the ids the stream writes to (conversation, messages, run); features add their own. */
export const AiStreamMeta = Type.Object(
  {
    conversationId: Type.Optional(Type.String()),
    messageId: Type.Optional(Type.String()),
    userMessageId: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export const AiStreamText = Type.Object({ text: Type.String() });
export const AiStreamProgress = Type.Object({
  node: Type.String(),
  title: Type.String(),
  status: Type.Union([Type.Literal('started'), Type.Literal('finished')]),
});
export const AiStreamUsage = Type.Object({
  promptTokens: Type.Integer(),
  completionTokens: Type.Integer(),
});
export const AiStreamDone = Type.Object({ finishReason: Type.String() }, { additionalProperties: true });
export const AiStreamError = Type.Object({ code: AiStreamErrorCodeValue, message: Type.String() });

/** One event of the stream, by name. */
export type AiStreamEvent =
  | { event: 'meta'; data: Static<typeof AiStreamMeta> }
  | { event: 'reasoning'; data: Static<typeof AiStreamText> }
  | { event: 'content'; data: Static<typeof AiStreamText> }
  | { event: 'progress'; data: Static<typeof AiStreamProgress> }
  | { event: 'usage'; data: Static<typeof AiStreamUsage> }
  | { event: 'done'; data: Static<typeof AiStreamDone> }
  | { event: 'error'; data: Static<typeof AiStreamError> };

export type AiStreamEventName = AiStreamEvent['event'];
