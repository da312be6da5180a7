import type { AiStreamEvent } from '@lintel/contracts';

/** The browser stream's events; meta and done carry the study features' own fields too. */
export type StudyStreamEvent =
  | Exclude<AiStreamEvent, { event: 'meta' | 'done' }>
  | { event: 'meta'; data: Record<string, unknown> }
  | { event: 'done'; data: { finishReason: string } & Record<string, unknown> };

/**
 * Hands a run's events from the work that produces them to the browser stream that shows them. The
 * work does not wait for the reader: when the browser goes away the channel is detached and the
 * work goes on (a Dify run that must finish and be stored) or is aborted by its owner (a chat model).
 */
export class EventChannel {
  private buffer: StudyStreamEvent[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private detached = false;

  push(event: StudyStreamEvent): void {
    if (this.ended || this.detached) return;
    this.buffer.push(event);
    this.signal();
  }

  end(): void {
    this.ended = true;
    this.signal();
  }

  /** The reader left: nothing more is kept for it. */
  detach(): void {
    this.detached = true;
    this.buffer = [];
    this.signal();
  }

  get isDetached(): boolean {
    return this.detached;
  }

  private signal() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<StudyStreamEvent> {
    for (;;) {
      const next = this.buffer.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.ended || this.detached) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
