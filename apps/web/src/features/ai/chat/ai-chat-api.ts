import type {
  AiAttachment,
  AiChatMessage,
  AiChatModel,
  AiChatRegenerateInput,
  AiChatStreamInput,
  AiConversation,
  AiStreamEvent,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { streamSse } from '../../../shared/ai/sse-stream';

const BASE = '/api/aiChat';

export const aiChatKeys = {
  models: ['aiChat', 'models'] as const,
  list: ['aiChat', 'list'] as const,
  messages: (id: string) => ['aiChat', 'messages', id] as const,
};

/** The page shows these failures in place (SPEC 8's chat errors), so the client does not toast them. */
export const fetchModels = () => request<AiChatModel[]>(`${BASE}/models`, { customCatch: true });
export const fetchConversations = () => request<AiConversation[]>(`${BASE}/list`, { customCatch: true });
export const fetchMessages = (conversationId: string) =>
  request<AiChatMessage[]>(`${BASE}/messages`, { query: { conversationId }, customCatch: true });
export const renameConversation = (id: string, title: string) =>
  request<null>(`${BASE}/rename`, { method: 'POST', body: { id, title }, customCatch: true });
export const deleteConversation = (id: string) =>
  request<null>(`${BASE}/delete`, { method: 'POST', body: { id }, customCatch: true });

export function uploadAttachment(file: File): Promise<AiAttachment> {
  const form = new FormData();
  form.append('file', file);
  return request<AiAttachment>(`${BASE}/upload`, { method: 'POST', body: form, customCatch: true });
}

export interface StreamCall {
  signal: AbortSignal;
  onEvent: (event: AiStreamEvent) => void;
}

export const streamChat = (input: AiChatStreamInput, call: StreamCall) =>
  streamSse(`${BASE}/stream`, input, call);
export const streamRegenerate = (input: AiChatRegenerateInput, call: StreamCall) =>
  streamSse(`${BASE}/regenerate`, input, call);
