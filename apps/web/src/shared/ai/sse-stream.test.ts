import type { AiStreamEvent } from '@lintel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { setNotifier } from '../api/notify';
import { streamSse } from './sse-stream';

const fetchMock = vi.fn<typeof fetch>();
const toast = vi.fn();

/** A streamed answer whose body arrives in the given byte chunks. */
function streamed(chunks: Uint8Array[], { breakOff = false } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      if (breakOff) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const bytes = (text: string) => new TextEncoder().encode(text);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNotifier({ error: toast, success: vi.fn() });
});
afterEach(() => {
  fetchMock.mockReset();
  toast.mockReset();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('streamSse', () => {
  it('POSTs the body as JSON and hands over each event, a character split between reads kept whole', async () => {
    const all = bytes(
      'event: content\ndata: {"text":"答"}\n\nevent: done\ndata: {"finishReason":"stop"}\n\n',
    );
    // Cut inside the 3 bytes of 答 and inside the second event.
    fetchMock.mockResolvedValueOnce(streamed([all.slice(0, 25), all.slice(25, 50), all.slice(50)]));
    const events: AiStreamEvent[] = [];
    const end = await streamSse('/api/aiChat/stream', { content: 'hi' }, { onEvent: (e) => events.push(e) });
    expect(end).toBe('done');
    expect(events).toEqual([
      { event: 'content', data: { text: '答' } },
      { event: 'done', data: { finishReason: 'stop' } },
    ]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/aiChat/stream');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"content":"hi"}');
  });

  it('answers "error" when the stream ends with an error event', async () => {
    fetchMock.mockResolvedValueOnce(
      streamed([bytes('event: error\ndata: {"code":"upstream","message":"boom"}\n\n')]),
    );
    expect(await streamSse('/x', {}, { onEvent: () => {} })).toBe('error');
  });

  it('rejects with the server message of a JSON error answered before the stream, without a toast', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 429, type: 'error', message: 'Too many requests' }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const failure = streamSse('/x', {}, { onEvent: () => {} });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Too many requests', status: 429 });
    expect(toast).not.toHaveBeenCalled();
  });

  it('rejects with "failed to connect to the backend service" when the network fails or the stream breaks off', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(streamSse('/x', {}, { onEvent: () => {} })).rejects.toThrow(/backend service/);
    fetchMock.mockResolvedValueOnce(
      streamed([bytes('event: content\ndata: {"text":"a"}\n\n')], { breakOff: true }),
    );
    await expect(streamSse('/x', {}, { onEvent: () => {} })).rejects.toThrow(/backend service/);
    // Closed cleanly, but without done or error: the server went away mid-answer.
    fetchMock.mockResolvedValueOnce(streamed([bytes('event: content\ndata: {"text":"a"}\n\n')]));
    await expect(streamSse('/x', {}, { onEvent: () => {} })).rejects.toThrow(/backend service/);
  });

  it('resolves "aborted" when the caller aborts, and passes the abort on to the request', async () => {
    const controller = new AbortController();
    let requestSignal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce(async (_url, init) => {
      requestSignal = init?.signal ?? undefined;
      return new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(bytes('event: content\ndata: {"text":"a"}\n\n'));
            requestSignal!.addEventListener('abort', () =>
              c.error(new DOMException('aborted', 'AbortError')),
            );
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    });
    const events: AiStreamEvent[] = [];
    const pending = streamSse(
      '/x',
      {},
      {
        signal: controller.signal,
        onEvent: (e) => {
          events.push(e);
          controller.abort();
        },
      },
    );
    expect(await pending).toBe('aborted');
    expect(requestSignal?.aborted).toBe(true);
    expect(events).toHaveLength(1);
  });
});
