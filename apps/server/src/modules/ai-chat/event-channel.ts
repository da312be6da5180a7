/**
 * A one-reader queue of events: the turn pushes as it goes, whether or not anyone still reads (the
 * browser may have left), and the HTTP answer reads at its own pace. So the turn always runs to its
 * end and stores its message, and a slow reader never blocks the model's stream.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly queue: T[] = [];
  private ended = false;
  private wake: (() => void) | null = null;

  push(item: T): void {
    if (this.ended) return;
    this.queue.push(item);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.queue.length > 0) {
        yield this.queue.shift()!;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}
