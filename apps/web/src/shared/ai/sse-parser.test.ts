import type { AiStreamEvent } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

const STREAM =
  ': keep-alive\n\n' +
  'event: meta\ndata: {"conversationId":"1","messageId":"2"}\n\n' +
  'event: reasoning\ndata: {"text":"x = \\\\frac{1}{2}"}\n\n' +
  'event: content\r\ndata: {"text":"答案：2 🎉"}\r\n\r\n' +
  'event: unknown\ndata: {"a":1}\n\n' +
  'event: content\ndata: not json\n\n' +
  'event: done\rdata: {"finishReason":"stop"}\r\r';

const EXPECTED: AiStreamEvent[] = [
  { event: 'meta', data: { conversationId: '1', messageId: '2' } },
  { event: 'reasoning', data: { text: 'x = \\frac{1}{2}' } },
  { event: 'content', data: { text: '答案：2 🎉' } },
  { event: 'done', data: { finishReason: 'stop' } },
];

function parse(chunks: string[]): AiStreamEvent[] {
  const out: AiStreamEvent[] = [];
  const parser = createSseParser((e) => out.push(e));
  for (const c of chunks) parser.feed(c);
  parser.end();
  return out;
}

describe('createSseParser', () => {
  it('reads whole events with \\n, \\r\\n and \\r line endings, skipping comments, unknown names and bad JSON', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events whatever the chunk boundaries (every split into two and into single characters)', () => {
    for (let at = 0; at <= STREAM.length; at++) {
      expect(parse([STREAM.slice(0, at), STREAM.slice(at)]), `split at ${at}`).toEqual(EXPECTED);
    }
    expect(parse([...STREAM])).toEqual(EXPECTED);
  });

  it('joins several data lines with a newline and drops an event cut off by the end of the stream', () => {
    const events = parse([
      'event: content\ndata: {"text":\ndata: "a"}\n\nevent: content\ndata: {"text":"lost"}\n',
    ]);
    expect(events).toEqual([{ event: 'content', data: { text: 'a' } }]);
  });
});
