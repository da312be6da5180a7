import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * The events of a `text/event-stream` body, in order, as eventsource-parser frames them (comments
 * and `retry:` lines dropped). A body that ends mid-event just ends; the caller decides whether the
 * stream was complete.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => pending.push(message) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (pending.length) yield pending.shift()!;
    }
    parser.feed(decoder.decode());
    while (pending.length) yield pending.shift()!;
  } finally {
    // Leaving early (the caller stopped, or a read failed): let go of the connection.
    await reader.cancel().catch(() => undefined);
  }
}
