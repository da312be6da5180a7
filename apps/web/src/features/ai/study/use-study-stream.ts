import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { streamSse } from '../../../shared/ai/sse-stream';
import type { AnswerPhase } from '../../../shared/ai/thinking-block';

export interface StudyStep {
  node: string;
  title: string;
  status: 'started' | 'finished';
}

export interface StudyStreamState {
  phase: AnswerPhase | 'idle';
  reasoning: string;
  content: string;
  steps: StudyStep[];
  thinkingSince: number | null;
  reasoningMs: number | null;
  /** The `meta` and `done` events' fields (runId, recordId, correctAnswer, paperId, ...). */
  meta: Record<string, unknown>;
  done: Record<string, unknown> | null;
  error: string | null;
  /** The server answered 409 before the stream: no model and no workflow is configured. */
  notConfigured: boolean;
}

const IDLE: StudyStreamState = {
  phase: 'idle',
  reasoning: '',
  content: '',
  steps: [],
  thinkingSince: null,
  reasoningMs: null,
  meta: {},
  done: null,
  error: null,
  notConfigured: false,
};

/**
 * One study stream at a time (solve, check, analyse, generate): POST, then the events folded into
 * what the page shows: preparing → thinking (reasoning, with its start time) → answering → done or
 * failed. Leaving the page or starting again stops the stream (the server aborts a model's work; a
 * Dify run goes on and is stored).
 */
export function useStudyStream() {
  const [state, setState] = useState<StudyStreamState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (path: string, body: unknown) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ ...IDLE, phase: 'preparing' });
    const update = (change: (s: StudyStreamState) => StudyStreamState) => {
      if (controller.current === abort) setState(change);
    };
    try {
      const end = await streamSse(path, body, {
        signal: abort.signal,
        onEvent: (event) =>
          update((s) => {
            switch (event.event) {
              case 'meta':
                return { ...s, meta: event.data as Record<string, unknown> };
              case 'reasoning':
                return {
                  ...s,
                  phase: 'thinking',
                  reasoning: s.reasoning + event.data.text,
                  thinkingSince: s.thinkingSince ?? Date.now(),
                };
              case 'content':
                return {
                  ...s,
                  phase: 'answering',
                  content: s.content + event.data.text,
                  reasoningMs:
                    s.thinkingSince && s.reasoningMs === null ? Date.now() - s.thinkingSince : s.reasoningMs,
                };
              case 'progress': {
                const steps = s.steps.filter((step) => step.node !== event.data.node);
                return { ...s, steps: [...steps, event.data] };
              }
              case 'done':
                return {
                  ...s,
                  phase: 'done',
                  done: event.data as Record<string, unknown>,
                  reasoningMs:
                    s.thinkingSince && s.reasoningMs === null ? Date.now() - s.thinkingSince : s.reasoningMs,
                };
              case 'error':
                return { ...s, phase: 'failed', error: event.data.message };
              default:
                return s;
            }
          }),
      });
      if (end === 'aborted') update((s) => ({ ...s, phase: s.phase === 'done' ? 'done' : 'failed' }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      update((s) => ({
        ...s,
        phase: 'failed',
        error: message,
        notConfigured: error instanceof ApiError && error.status === 409,
      }));
    }
  }, []);

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  const running = state.phase === 'preparing' || state.phase === 'thinking' || state.phase === 'answering';
  return { state, start, stop, reset, running };
}
