import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { AiErrorCode } from '../../platform/ai/types.js';
import { aiErrorMessage, recordAiUsage } from '../ai-provider/ai-access.js';
import { EventChannel } from '../../platform/ai/event-channel.js';
import type { StudyStreamEvent } from './study-events.js';
import type { StudyEngine } from './study-engine.js';
import { StuWorkflowRepo } from './stu-workflow.repo.js';

/** A detached Dify run is given this long to finish before it is stopped and marked failed. */
const DETACHED_LIMIT_MS = 15 * 60_000;
/** More answer text than this is not kept (a runaway model). */
const MAX_CONTENT = 200_000;

export interface RunOutcome {
  content: string;
  reasoning: string;
  outputs: Record<string, unknown> | undefined;
}

export interface RunSpec {
  ctx: AppContext;
  principal: Principal;
  engine: StudyEngine;
  locale: Locale;
  /** The stored run (ai_workflow_run) this execution fills in; null for runs that are not kept. */
  runId: string | null;
  /** The fields of the first `meta` event. */
  meta: Record<string, unknown>;
  /** After a successful run: store what it produced; answers extra fields of the `done` event. */
  onSuccess(outcome: RunOutcome): Promise<Record<string, unknown>>;
  /** A run that produced no usable result (error, abort, or `onSuccess` refused): its message. */
  onFailure?(message: string): Promise<void>;
}

/**
 * The browser's message for a failure, in its language: the same words the chat uses (ai-core's
 * aiErrorMessage), with the provider's detail where it helps.
 */
export const streamErrorMessage = (locale: Locale, code: AiErrorCode, detail?: string) =>
  aiErrorMessage(locale, code, detail);

/**
 * Runs a study engine: events go to the channel the browser reads, the answer is collected, usage
 * recorded, and on success `onSuccess` stores the result. When the browser leaves, a detachable (Dify)
 * run goes on and is stored; any other run is aborted. Never throws: failures end as an `error` event
 * and, for a stored run, status failed.
 */
export function startRun(spec: RunSpec): { channel: EventChannel<StudyStreamEvent>; onGone: () => void } {
  const { ctx, principal, engine, locale } = spec;
  const channel = new EventChannel<StudyStreamEvent>();
  const abort = new AbortController();
  const signal = engine.detachable
    ? AbortSignal.any([abort.signal, AbortSignal.timeout(DETACHED_LIMIT_MS)])
    : abort.signal;
  const repo = new StuWorkflowRepo();
  const finishRun = (patch: Parameters<StuWorkflowRepo['finishRun']>[2]) =>
    spec.runId
      ? ctx.db.tenant(principal.tenantId, (trx) => repo.finishRun(trx, spec.runId!, patch))
      : Promise.resolve();

  /** `shown`: the provider's own words, worth showing beside ours (not our internal failures). */
  const fail = async (code: AiErrorCode, detail: string, content: string, shown?: string) => {
    const message = streamErrorMessage(locale, code, shown);
    channel.push({ event: 'error', data: { code, message } });
    await finishRun({ status: 'failed', error: `${code}: ${detail}`.slice(0, 2000), content });
    await spec.onFailure?.(message);
  };

  const work = async () => {
    channel.push({ event: 'meta', data: spec.meta });
    let content = '';
    let reasoning = '';
    for await (const event of engine.stream(signal)) {
      switch (event.type) {
        case 'reasoning':
          reasoning = (reasoning + event.text).slice(0, MAX_CONTENT);
          channel.push({ event: 'reasoning', data: { text: event.text } });
          break;
        case 'content':
          content = (content + event.text).slice(0, MAX_CONTENT);
          channel.push({ event: 'content', data: { text: event.text } });
          break;
        case 'progress':
          channel.push({
            event: 'progress',
            data: { node: event.node, title: event.title, status: event.status },
          });
          break;
        case 'usage':
          channel.push({
            event: 'usage',
            data: { promptTokens: event.promptTokens, completionTokens: event.completionTokens },
          });
          await recordAiUsage(ctx, principal, engine.meter, event);
          break;
        case 'error':
          return fail(event.code, event.message, content, event.message);
        case 'done': {
          // A Dify workflow that streamed no text chunks has its answer in the outputs only.
          if (!content && event.outputs) content = outputText(event.outputs);
          const extra = await spec.onSuccess({ content, reasoning, outputs: event.outputs });
          await finishRun({
            status: 'succeeded',
            content,
            outputs: event.outputs ?? null,
            ...pickRecord(extra),
          });
          channel.push({ event: 'done', data: { finishReason: event.finishReason, ...extra } });
          return;
        }
      }
    }
    await fail('upstream', 'the stream ended without done', content);
  };

  work()
    .catch(async (error: unknown) => {
      ctx.log.error({ err: error }, 'study run failed');
      await fail('upstream', error instanceof Error ? error.message : String(error), '').catch(
        () => undefined,
      );
    })
    .finally(() => channel.end());

  const onGone = () => {
    channel.detach();
    if (!engine.detachable) abort.abort();
  };
  return { channel, onGone };
}

const pickRecord = (extra: Record<string, unknown>) =>
  typeof extra.recordId === 'string' ? { recordId: extra.recordId } : {};

/** The text of a workflow's outputs: `text` or `answer` when present, else every string output. */
export function outputText(outputs: Record<string, unknown>): string {
  for (const key of ['text', 'answer', 'result', 'output']) {
    const value = outputs[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return Object.values(outputs)
    .filter((value): value is string => typeof value === 'string')
    .join('\n\n');
}
