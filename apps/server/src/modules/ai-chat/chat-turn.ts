import type { AiChatStreamDone, AiChatStreamMeta, AiStreamEvent, Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { AiChatProvider, AiErrorCode, AiMessage } from '../../platform/ai/types.js';
import { aiErrorMessage, recordAiUsage, type AiModelInfo } from '../ai-provider/ai-access.js';
import { aiChatPolicy } from './ai-chat.policy.js';
import { AiChatRepo } from './ai-chat.repo.js';
import { EventChannel } from '../../platform/ai/event-channel.js';

/** How long the title request may take before the question's first words stand in. */
const TITLE_TIMEOUT_MS = 15_000;

/** What a prepared turn needs: the stored rows it writes to and the model call it makes. */
export interface PreparedTurn {
  principal: Principal;
  locale: Locale;
  provider: AiChatProvider;
  model: AiModelInfo;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  messages: AiMessage[];
  thinking: boolean;
  /** The conversation's first exchange: a title is generated after the answer. */
  needsTitle: boolean;
  question: string;
  /**
   * The question and the empty answer being written: the model is asked at once, beside this write;
   * if it fails the model's request is aborted and the turn ends with an error.
   */
  stored: Promise<void>;
}

export interface RunningTurn {
  events: AsyncIterable<AiStreamEvent>;
  /** The browser went away or pressed stop: end the model's request now. */
  abort: () => void;
  /** Settles once the answer is stored (tests wait for it). */
  finished: Promise<void>;
}

/**
 * Runs one assistant turn: relays the provider's events as the browser protocol (meta first), and
 * stores the answer with its final status whatever happens (done, failed, or stopped when the
 * browser left), with token usage recorded for the limits. The turn runs on its own: the HTTP
 * answer only reads its channel, so it completes and is stored even if nobody reads any more.
 */
export function runTurn(ctx: AppContext, turn: PreparedTurn): RunningTurn {
  const repo = new AiChatRepo();
  const channel = new EventChannel<AiStreamEvent>();
  const controller = new AbortController();
  const { principal, locale, model } = turn;

  async function run(): Promise<void> {
    const meta: AiChatStreamMeta = {
      conversationId: turn.conversationId,
      userMessageId: turn.userMessageId,
      messageId: turn.assistantMessageId,
      model: model.modelId,
    };
    channel.push({ event: 'meta', data: meta });
    let content = '';
    let reasoning = '';
    let reasoningStarted: number | null = null;
    let reasoningMs: number | null = null;
    let usage: { promptTokens: number; completionTokens: number } | null = null;
    let finishReason = 'stop';
    let failure: { code: AiErrorCode; message: string } | null = null;
    // The 'streaming' mark runs beside the stream; the final write waits for it, so it never lands last.
    let markedStreaming: Promise<unknown> | null = null;
    const storedOk = turn.stored.then(
      () => true,
      (error: unknown) => {
        ctx.log.error({ err: error }, 'aiChat: storing a question failed');
        controller.abort();
        return false;
      },
    );

    try {
      for await (const event of turn.provider.streamChat({
        model: model.modelId,
        messages: turn.messages,
        thinking: turn.thinking,
        signal: controller.signal,
      })) {
        if ((event.type === 'reasoning' || event.type === 'content') && !markedStreaming) {
          // Seen from another tab, the message is under way rather than waiting.
          markedStreaming = storedOk
            .then(async (ok) => {
              if (ok)
                await ctx.db.tenant(principal.tenantId, (trx) =>
                  repo.markStreaming(trx, turn.assistantMessageId),
                );
            })
            .catch((error: unknown) =>
              ctx.log.warn({ err: error }, 'aiChat: marking a message streaming failed'),
            );
        }
        switch (event.type) {
          case 'reasoning':
            reasoningStarted ??= Date.now();
            reasoning += event.text;
            channel.push({ event: 'reasoning', data: { text: event.text } });
            break;
          case 'content':
            if (reasoningStarted !== null && reasoningMs === null)
              reasoningMs = Date.now() - reasoningStarted;
            content += event.text;
            channel.push({ event: 'content', data: { text: event.text } });
            break;
          case 'usage':
            usage = { promptTokens: event.promptTokens, completionTokens: event.completionTokens };
            channel.push({ event: 'usage', data: usage });
            break;
          case 'done':
            finishReason = event.finishReason;
            break;
          case 'error':
            failure = { code: event.code, message: event.message };
            break;
          case 'progress':
            break;
        }
      }
    } catch (error) {
      // The provider contract says streams never throw; one that does is still a failed answer.
      failure = { code: 'upstream', message: error instanceof Error ? error.message : String(error) };
    }
    if (reasoningStarted !== null && reasoningMs === null) reasoningMs = Date.now() - reasoningStarted;
    // Nothing to store into: the question never landed (the model was aborted for it).
    if (!(await storedOk)) throw new Error('the question was not stored');

    const stopped = controller.signal.aborted || failure?.code === 'aborted';
    const status = stopped ? 'stopped' : failure ? 'failed' : 'done';
    const errorText = failure && !stopped ? aiErrorMessage(locale, failure.code, failure.message) : null;

    let title: string | undefined;
    if (turn.needsTitle)
      title =
        status === 'done'
          ? await makeTitle(turn, content, controller.signal)
          : aiChatPolicy.fallbackTitle(turn.question);

    await markedStreaming;
    await ctx.db.tenant(principal.tenantId, async (trx) => {
      await repo.updateMessage(trx, turn.assistantMessageId, {
        content,
        reasoning,
        reasoningMs,
        status,
        error: errorText,
        promptTokens: usage?.promptTokens ?? null,
        completionTokens: usage?.completionTokens ?? null,
      });
      await repo.updateConversation(trx, principal.userId, turn.conversationId, {
        updateTime: new Date(),
        ...(title ? { title } : {}),
      });
    });
    // Limits count what the provider reported; a stream cut before its usage chunk is estimated
    // from its text (about 4 characters a token), so stopping early cannot dodge the daily limit.
    const spent = usage ?? {
      promptTokens: Math.ceil(turn.messages.reduce((n, m) => n + JSON.stringify(m.content).length, 0) / 4),
      completionTokens: Math.ceil((content.length + reasoning.length) / 4),
    };
    await recordAiUsage(ctx, principal, model, spent).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'aiChat: recording usage failed'),
    );

    if (status === 'done') {
      const done: AiChatStreamDone = { finishReason, title, reasoningMs };
      channel.push({ event: 'done', data: done });
    } else
      channel.push({
        event: 'error',
        data: {
          code: stopped ? 'aborted' : failure!.code,
          message: stopped ? aiErrorMessage(locale, 'aborted') : errorText!,
        },
      });
  }

  const finished = run()
    .catch((error: unknown) => {
      ctx.log.error({ err: error }, 'aiChat: a turn failed to store its answer');
      channel.push({
        event: 'error',
        data: { code: 'upstream', message: aiErrorMessage(locale, 'upstream') },
      });
    })
    .finally(() => channel.end());

  return { events: channel, abort: () => controller.abort(), finished };
}

/**
 * A short title from the first exchange, asked of the same model without streaming it to anyone;
 * the question's first words when the model fails, is slow, or answers nothing usable.
 */
async function makeTitle(turn: PreparedTurn, answer: string, gone: AbortSignal): Promise<string> {
  const fallback = aiChatPolicy.fallbackTitle(turn.question);
  // The browser leaving ends this request too: no model call outlives its reader.
  const signal = AbortSignal.any([gone, AbortSignal.timeout(TITLE_TIMEOUT_MS)]);
  let text = '';
  try {
    for await (const event of turn.provider.streamChat({
      model: turn.model.modelId,
      messages: [
        {
          role: 'system',
          content:
            'Give a short title (at most 8 words) for this conversation, in the language of the question. ' +
            'Reply with the title only, without quotes.',
        },
        {
          role: 'user',
          content: `Question: ${turn.question.slice(0, 1000)}\n\nAnswer: ${answer.slice(0, 1000)}`,
        },
      ],
      thinking: false,
      maxTokens: 40,
      signal,
    })) {
      if (event.type === 'content') text += event.text;
      if (event.type === 'error') return fallback;
    }
  } catch {
    return fallback;
  }
  return aiChatPolicy.cleanTitle(text) ?? fallback;
}
