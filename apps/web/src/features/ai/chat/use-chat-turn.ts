import type {
  AiAttachment,
  AiChatMessage,
  AiChatStreamDone,
  AiConversation,
  AiStreamEvent,
} from '@lintel/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { aiChatKeys, streamChat, streamRegenerate } from './ai-chat-api';
import { draftAnswer, draftQuestion, toStored, type ViewMessage } from './chat-messages';

/** The turn under way: its question (absent when regenerating) and its answer as it arrives. */
export interface PendingTurn {
  conversationId: string | null;
  question: ViewMessage | null;
  answer: ViewMessage;
  /** Regenerate: the stored answer this one replaces (hidden while it streams). */
  replaces: string | null;
}

export interface TurnOptions {
  modelId?: string;
  thinking: boolean;
}

interface Callbacks {
  /** The server created a conversation for the first message (from `meta`). */
  onCreated: (conversationId: string, title: string) => void;
}

/** Applies one stream event to the answer. */
function applyEvent(answer: ViewMessage, event: AiStreamEvent): ViewMessage {
  switch (event.event) {
    case 'meta':
      return event.data.messageId ? { ...answer, id: event.data.messageId, stored: true } : answer;
    case 'reasoning':
      return {
        ...answer,
        reasoning: answer.reasoning + event.data.text,
        phase: answer.phase === 'answering' ? 'answering' : 'thinking',
        status: 'streaming',
        thinkingSince: answer.thinkingSince ?? Date.now(),
      };
    case 'content': {
      const reasoningMs =
        answer.reasoningMs ?? (answer.thinkingSince !== null ? Date.now() - answer.thinkingSince : null);
      return {
        ...answer,
        content: answer.content + event.data.text,
        phase: 'answering',
        status: 'streaming',
        reasoningMs,
      };
    }
    case 'done': {
      const data = event.data as AiChatStreamDone;
      const ms = typeof data.reasoningMs === 'number' ? data.reasoningMs : answer.reasoningMs;
      return { ...answer, phase: 'done', status: 'done', reasoningMs: ms };
    }
    case 'error':
      return {
        ...answer,
        phase: 'failed',
        status: event.data.code === 'aborted' ? 'stopped' : 'failed',
        error: event.data.code === 'aborted' ? null : event.data.message,
      };
    default:
      return answer;
  }
}

/**
 * A finished turn's messages join the cached conversation, as the server stored them; answers
 * whether the turn is settled. A failure the server never stored (refused before the stream) stays
 * shown, with its retry, until the next turn.
 */
function settleTurn(queryClient: QueryClient, turn: PendingTurn, title: string | undefined): boolean {
  const id = turn.conversationId;
  if (!id || !turn.answer.stored) return false;
  queryClient.setQueryData<AiChatMessage[]>(aiChatKeys.messages(id), (old = []) => {
    const kept = old.filter(
      (m) => m.id !== turn.replaces && m.id !== turn.answer.id && m.id !== turn.question?.id,
    );
    return [...kept, ...(turn.question ? [toStored(turn.question, id)] : []), toStored(turn.answer, id)];
  });
  if (title)
    queryClient.setQueryData<AiConversation[]>(aiChatKeys.list, (old) =>
      old?.map((c) => (c.id === id ? { ...c, title } : c)),
    );
  void queryClient.invalidateQueries({ queryKey: aiChatKeys.list });
  return true;
}

/**
 * One streamed turn at a time: sends a question (or asks again), shows the answer as it arrives
 * (preparing → thinking → answering → done / failed), stops it, and when it ends writes the
 * finished messages into the conversation's cached list, as the server has stored them.
 */
export function useChatTurn({ onCreated }: Callbacks) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const controller = useRef<AbortController | null>(null);
  const created = useRef(onCreated);
  useEffect(() => {
    created.current = onCreated;
  }, [onCreated]);

  // Leaving the page ends the stream (the server stops the model and stores what came).
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (
      turn: PendingTurn,
      call: (signal: AbortSignal, onEvent: (e: AiStreamEvent) => void) => Promise<unknown>,
    ) => {
      const abort = new AbortController();
      controller.current = abort;
      let current = turn;
      let title: string | undefined;
      const update = (next: PendingTurn) => {
        current = next;
        setPending(next);
      };
      update(turn);
      const onEvent = (event: AiStreamEvent) => {
        if (event.event === 'meta') {
          const conversationId = event.data.conversationId ?? current.conversationId;
          const question =
            current.question && event.data.userMessageId
              ? { ...current.question, id: event.data.userMessageId, stored: true }
              : current.question;
          if (!current.conversationId && conversationId)
            created.current(conversationId, current.question?.content ?? '');
          update({ ...current, conversationId, question, answer: applyEvent(current.answer, event) });
          return;
        }
        if (event.event === 'done') title = (event.data as AiChatStreamDone).title ?? title;
        update({ ...current, answer: applyEvent(current.answer, event) });
      };
      try {
        const end = await call(abort.signal, onEvent);
        if (end === 'aborted' && current.answer.phase !== 'failed')
          update({ ...current, answer: { ...current.answer, phase: 'failed', status: 'stopped' } });
      } catch (error) {
        update({
          ...current,
          answer: { ...current.answer, phase: 'failed', status: 'failed', error: (error as Error).message },
        });
      } finally {
        controller.current = null;
      }
      if (settleTurn(queryClient, current, title)) setPending(null);
    },
    [queryClient],
  );

  const send = useCallback(
    (conversationId: string | null, content: string, attachments: AiAttachment[], options: TurnOptions) =>
      run(
        {
          conversationId,
          question: draftQuestion(content, attachments),
          answer: draftAnswer(),
          replaces: null,
        },
        (signal, onEvent) =>
          streamChat(
            {
              ...(conversationId ? { conversationId } : {}),
              content,
              ...(options.modelId ? { modelId: options.modelId } : {}),
              thinking: options.thinking,
              ...(attachments.length ? { attachmentIds: attachments.map((a) => a.id) } : {}),
            },
            { signal, onEvent },
          ),
      ),
    [run],
  );

  const regenerate = useCallback(
    (conversationId: string, replaces: string | null, options: TurnOptions) =>
      run({ conversationId, question: null, answer: draftAnswer(), replaces }, (signal, onEvent) =>
        streamRegenerate(
          {
            conversationId,
            ...(options.modelId ? { modelId: options.modelId } : {}),
            thinking: options.thinking,
          },
          { signal, onEvent },
        ),
      ),
    [run],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  /** Forgets a failed turn that the server never stored (before the next one starts). */
  const dismiss = useCallback(() => setPending(null), []);

  const busy =
    pending !== null &&
    (pending.answer.phase === 'preparing' ||
      pending.answer.phase === 'thinking' ||
      pending.answer.phase === 'answering');
  return { pending, busy, send, regenerate, stop, dismiss };
}
