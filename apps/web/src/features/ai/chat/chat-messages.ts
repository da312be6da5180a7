import type { AiAttachment, AiChatMessage, AiMessageStatus } from '@lintel/contracts';
import type { AnswerPhase } from '../../../shared/ai/thinking-block';

/** A message as the page shows it: a stored one, or one of the turn under way. */
export interface ViewMessage {
  /** The stored id, or a local key until the stream's `meta` names it. */
  id: string;
  /** Whether `id` is the server's (the message exists there). */
  stored: boolean;
  role: 'user' | 'assistant';
  content: string;
  reasoning: string;
  reasoningMs: number | null;
  attachments: AiAttachment[];
  status: AiMessageStatus;
  error: string | null;
  phase: AnswerPhase;
  /** When the first reasoning arrived (the live timer). */
  thinkingSince: number | null;
}

/** How a stored message shows: finished, or failed (errors and stops keep their partial text). */
export function phaseOf(status: AiMessageStatus): AnswerPhase {
  if (status === 'failed' || status === 'stopped') return 'failed';
  // preparing/streaming: another tab's turn, or one cut off by a restart; shown as it stands.
  return 'done';
}

export const fromStored = (m: AiChatMessage): ViewMessage => ({
  id: m.id,
  stored: true,
  role: m.role,
  content: m.content,
  reasoning: m.reasoning,
  reasoningMs: m.reasoningMs,
  attachments: m.attachments,
  status: m.status,
  error: m.error,
  phase: phaseOf(m.status),
  thinkingSince: null,
});

/** The stored shape of a finished view message (written to the query cache after a turn). */
export const toStored = (m: ViewMessage, conversationId: string): AiChatMessage => ({
  id: m.id,
  conversationId,
  parentMessageId: null,
  role: m.role,
  content: m.content,
  reasoning: m.reasoning,
  reasoningMs: m.reasoningMs,
  attachments: m.attachments,
  model: null,
  promptTokens: null,
  completionTokens: null,
  status: m.status,
  error: m.error,
  createTime: new Date().toISOString(),
});

let localCounter = 0;
export const localKey = () => `local-${++localCounter}`;

export function draftQuestion(content: string, attachments: AiAttachment[]): ViewMessage {
  return {
    id: localKey(),
    stored: false,
    role: 'user',
    content,
    reasoning: '',
    reasoningMs: null,
    attachments,
    status: 'done',
    error: null,
    phase: 'done',
    thinkingSince: null,
  };
}

export function draftAnswer(): ViewMessage {
  return { ...draftQuestion('', []), role: 'assistant', status: 'preparing', phase: 'preparing' };
}
