import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { StudyStreamEvent } from './event-channel.js';

/** One event as the browser stream protocol frames it. */
export const sseFrame = (event: StudyStreamEvent) =>
  `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * Answers a request with `text/event-stream` from a source of events. `onGone` runs when the
 * connection closes before the stream ended (the browser left, or pressed stop).
 */
export function sendEvents(reply: FastifyReply, events: AsyncIterable<StudyStreamEvent>, onGone: () => void) {
  let finished = false;
  reply.raw.on('close', () => {
    if (!finished) onGone();
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
