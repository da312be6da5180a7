import type { AiStreamEvent } from '@lintel/contracts';

/** The browser stream's events of the study features: meta and done carry their own fields too. */
export type StudyStreamEvent =
  | Exclude<AiStreamEvent, { event: 'meta' | 'done' }>
  | { event: 'meta'; data: Record<string, unknown> }
  | { event: 'done'; data: { finishReason: string } & Record<string, unknown> };
