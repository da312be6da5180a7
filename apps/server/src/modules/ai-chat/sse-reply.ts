import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AiStreamEvent } from '@lintel/contracts';

/** One event as the browser stream protocol frames it (wire/ai-stream.ts). */
export const sseFrame = (event: AiStreamEvent) =>
  `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * Answers with `text/event-stream` from a source of events. `onClose` runs when the connection
 * closes before the last event went out (the browser left, or pressed stop): the caller aborts the
 * model's request there, so no upstream call outlives its reader.
 */
export function sendEvents(reply: FastifyReply, events: AsyncIterable<AiStreamEvent>, onClose: () => void) {
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
