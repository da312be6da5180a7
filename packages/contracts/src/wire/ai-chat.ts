import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';

/**
 * Chat with AI (`/api/aiChat/*`, apps/server modules/ai-chat): the caller's own conversations, their
 * messages, streamed turns (the event protocol of wire/ai-stream.ts) and attachments.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });

/** A model the chat may use: a row of the tenant's enabled models with its capabilities. */
export const AiChatModelOutput = Type.Object({
  id: Id,
  name: Type.String(),
  /** The provider's own model id. */
  modelId: Type.String(),
  reasoning: Type.Boolean(),
  vision: Type.Boolean(),
  isDefault: Type.Boolean(),
});
export type AiChatModel = Static<typeof AiChatModelOutput>;

export const AiConversationOutput = Type.Object({
  id: Id,
  title: Type.String(),
  modelRowId: Nullable(Id),
  pinned: Type.Boolean(),
  createTime: Time,
  updateTime: Time,
});
export type AiConversation = Static<typeof AiConversationOutput>;

export const AiAttachmentKindValue = Type.Union([
  Type.Literal('image'),
  Type.Literal('pdf'),
  Type.Literal('text'),
]);
export type AiAttachmentKind = Static<typeof AiAttachmentKindValue>;

/** An uploaded file, as a message lists it. */
export const AiAttachmentOutput = Type.Object({
  id: Id,
  fileName: Type.String(),
  kind: AiAttachmentKindValue,
  size: Type.Integer(),
  /** The text given to the model was cut to fit (long PDFs and text files). */
  truncated: Type.Boolean(),
});
export type AiAttachment = Static<typeof AiAttachmentOutput>;

export const AiMessageStatusValue = Type.Union([
  Type.Literal('preparing'),
  Type.Literal('streaming'),
  Type.Literal('done'),
  Type.Literal('failed'),
  Type.Literal('stopped'),
]);
export type AiMessageStatus = Static<typeof AiMessageStatusValue>;

export const AiMessageOutput = Type.Object({
  id: Id,
  conversationId: Id,
  parentMessageId: Nullable(Id),
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String(),
  reasoning: Type.String(),
  reasoningMs: Nullable(Type.Integer()),
  attachments: Type.Array(AiAttachmentOutput),
  /** The provider's model id that answered (assistant messages). */
  model: Nullable(Type.String()),
  promptTokens: Nullable(Type.Integer()),
  completionTokens: Nullable(Type.Integer()),
  status: AiMessageStatusValue,
  error: Nullable(Type.String()),
  createTime: Time,
});
export type AiChatMessage = Static<typeof AiMessageOutput>;

export const AiMessagesQuery = Type.Object({ conversationId: Id }, { additionalProperties: false });

export const AiChatStreamBody = Type.Object(
  {
    /** Absent: a new conversation is created (its id comes back in the `meta` event). */
    conversationId: Type.Optional(Id),
    content: Type.String({ minLength: 1, maxLength: 20_000 }),
    /** A row id of /models; absent: the tenant's default model. */
    modelId: Type.Optional(Id),
    /** Ask a reasoning model to think first. */
    thinking: Type.Optional(Type.Boolean()),
    /** Files uploaded through /upload for this message. */
    attachmentIds: Type.Optional(Type.Array(Id, { maxItems: 5, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type AiChatStreamInput = Static<typeof AiChatStreamBody>;

export const AiChatRegenerateBody = Type.Object(
  {
    conversationId: Id,
    modelId: Type.Optional(Id),
    thinking: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AiChatRegenerateInput = Static<typeof AiChatRegenerateBody>;

/** The title is checked by the server (trimmed, 1 to 100 characters) for its localized messages. */
export const AiChatRenameBody = Type.Object(
  { id: Id, title: Type.String({ maxLength: 500 }) },
  { additionalProperties: false },
);
export type AiChatRenameInput = Static<typeof AiChatRenameBody>;

export const AiChatDeleteBody = Type.Object({ id: Id }, { additionalProperties: false });

/** The `meta` event of a chat stream. */
export interface AiChatStreamMeta {
  conversationId: string;
  userMessageId: string;
  messageId: string;
  /** The provider's model id answering. */
  model: string;
}

/** The `done` event of a chat stream: the title when this turn gave the conversation its first one. */
export interface AiChatStreamDone {
  finishReason: string;
  title?: string;
  reasoningMs?: number | null;
}
