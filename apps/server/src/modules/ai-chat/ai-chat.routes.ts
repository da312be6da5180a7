import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import {
  AiAttachmentOutput,
  AiChatDeleteBody,
  AiChatModelOutput,
  AiChatRegenerateBody,
  AiChatRenameBody,
  AiChatStreamBody,
  AiConversationOutput,
  AiMessageOutput,
  AiMessagesQuery,
  NoQuery,
} from './ai-chat.schema.js';
import { AiChatService } from './ai-chat.service.js';
import { readChatUpload } from './chat-files.js';
import { sendEvents } from '../../platform/http/sse-reply.js';

const STREAM =
  'Answers text/event-stream: meta (conversationId, userMessageId, messageId, model), reasoning, ' +
  'content, usage, then done (finishReason, title on the first exchange, reasoningMs) or error ' +
  '(code, localized message). A refusal before the stream starts (limits, no model, a bad ' +
  'attachment) is an ordinary JSON error. Closing the request stops the model; the answer is stored ' +
  'as stopped. ';

/** `/api/aiChat/*`: the caller's own conversations with the tenant's AI models. */
export const aiChatRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new AiChatService(ctx);
    const tags = ['aiChat'];

    app.get(
      '/models',
      {
        config: { permission: 'aiChat:list' },
        schema: {
          tags,
          summary: 'The tenant’s enabled chat models for the selector, the default first, with capabilities',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(AiChatModelOutput)) },
        },
      },
      async (request) => ok(await service.models(principalOf(request))),
    );
    app.get(
      '/list',
      {
        config: { permission: 'aiChat:list' },
        schema: {
          tags,
          summary: 'The caller’s conversations, pinned first, then the most recently used (at most 500)',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(AiConversationOutput)) },
        },
      },
      async (request) => ok(await service.list(principalOf(request))),
    );
    app.get(
      '/messages',
      {
        config: { permission: 'aiChat:detail' },
        schema: {
          tags,
          summary: 'The messages of one of the caller’s conversations, oldest first',
          querystring: AiMessagesQuery,
          response: { 200: Wrapped(Type.Array(AiMessageOutput)) },
        },
      },
      async (request) => ok(await service.messages(principalOf(request), request.query.conversationId)),
    );
    app.post(
      '/stream',
      {
        config: { permission: 'aiChat:chat' },
        schema: {
          tags,
          summary:
            STREAM +
            'Sends a message (with attachments uploaded before) in a conversation, or starts one when ' +
            'conversationId is absent',
          body: AiChatStreamBody,
        },
      },
      async (request, reply) => {
        const turn = await service.stream(principalOf(request), request.body, request.locale);
        return sendEvents(reply, turn.events, turn.abort);
      },
    );
    app.post(
      '/regenerate',
      {
        config: { permission: 'aiChat:chat' },
        schema: {
          tags,
          summary: STREAM + 'Answers the conversation’s last question again, replacing the last answer',
          body: AiChatRegenerateBody,
        },
      },
      async (request, reply) => {
        const turn = await service.regenerate(principalOf(request), request.body, request.locale);
        return sendEvents(reply, turn.events, turn.abort);
      },
    );
    app.post(
      '/upload',
      {
        config: { permission: 'aiChat:chat' },
        schema: {
          tags,
          summary:
            'Uploads one attachment (multipart, at most 10 MB; the type is checked from the bytes): an ' +
            'image (png, jpeg, webp, gif) for a vision model, or a PDF, text, Markdown or CSV file whose ' +
            'text is given to the model (long files cut, and marked truncated)',
          consumes: ['multipart/form-data'],
          response: { 200: Wrapped(AiAttachmentOutput) },
        },
      },
      async (request) => ok(await service.upload(principalOf(request), await readChatUpload(request))),
    );
    app.post(
      '/rename',
      {
        config: { permission: 'aiChat:rename' },
        schema: {
          tags,
          summary:
            'Renames one of the caller’s conversations (title required, trimmed, at most 100 characters)',
          body: AiChatRenameBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => done(service.rename(principalOf(request), request.body.id, request.body.title)),
    );
    app.post(
      '/delete',
      {
        config: { permission: 'aiChat:delete' },
        schema: {
          tags,
          summary: 'Deletes one of the caller’s conversations',
          body: AiChatDeleteBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => done(service.delete(principalOf(request), request.body.id)),
    );
  };
