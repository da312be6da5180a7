import type { AiStreamEvent, AiStreamEventName } from '@lintel/contracts';

const NAMES = new Set<AiStreamEventName>([
  'meta',
  'reasoning',
  'content',
  'progress',
  'usage',
  'done',
  'error',
]);

/**
 * A push parser for `text/event-stream` (the WHATWG framing: `event:` / `data:` fields, a blank line
 * ends an event, `\n`, `\r\n` or `\r` end a line, `:` starts a comment). Text may arrive split at any
 * point, even inside a line ending, so a line is only read once its ending has been seen. Events
 * with a name we do not speak, or data that is not JSON, are skipped rather than failing the stream.
 */
export function createSseParser(onEvent: (event: AiStreamEvent) => void) {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  /** A chunk ended on `\r`: a `\n` starting the next chunk belongs to that line ending. */
  let pendingCr = false;

  function dispatch() {
    const event = (name || 'message') as AiStreamEventName;
    const raw = data.join('\n');
    name = '';
    data = [];
    if (!NAMES.has(event) || raw === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    onEvent({ event, data: parsed } as AiStreamEvent);
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }

  return {
    feed(chunk: string) {
      if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCr = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: an event without its closing blank line is dropped, as the standard says. */
    end() {
      buffer = '';
      name = '';
      data = [];
    },
  };
}
