/**
 * A one-reader queue between the work that produces a stream's events (a chat turn, a study run)
 * and the HTTP answer that sends them. The work never waits for the reader: it pushes as it goes,
 * whether or not the browser still reads, so it always runs to its end and stores its result, and a
 * slow reader never holds up the model. When the browser leaves, `detach()` drops what is queued;
 * the owner then aborts the work (a chat model) or lets it finish (a Dify run stored for later).
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private queue: T[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private detached = false;

  push(item: T): void {
    if (this.ended || this.detached) return;
    this.queue.push(item);
    this.signal();
  }

  end(): void {
    this.ended = true;
    this.signal();
  }

  /** The reader left: nothing more is kept for it. */
  detach(): void {
    this.detached = true;
    this.queue = [];
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

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      if (this.queue.length > 0) {
        yield this.queue.shift()!;
        continue;
      }
      if (this.ended || this.detached) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
