import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** An event of a browser stream (wire/ai-stream.ts): its name and its JSON data. */
export interface SseEvent {
  event: string;
  data: unknown;
}

/** One event as the browser stream protocol frames it. */
export const sseFrame = (event: SseEvent) => `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * Answers with `text/event-stream` from a source of events. `onClose` runs when the connection
 * closes before the last event went out (the browser left, or pressed stop): the caller aborts the
 * model's request there (or lets a run that must be stored finish), so no upstream call outlives
 * its reader unintended. Proxies are told not to buffer (`x-accel-buffering` for nginx).
 */
export function sendEvents(reply: FastifyReply, events: AsyncIterable<SseEvent>, onClose: () => void) {
  let finished = false;
  reply.raw.on('close', () => {
    if (!finished) onClose();
  });
  async function* frames() {
    for await (const event of events) yield sseFrame(event);
    finished = true;
  }
  return reply
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .type('text/event-stream; charset=utf-8')
    .send(Readable.from(frames(), { objectMode: false }));
}
