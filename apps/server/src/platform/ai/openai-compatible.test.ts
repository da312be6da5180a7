import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  chat,
  content,
  drop,
  failWith,
  finish,
  hang,
  malformed,
  reasoning,
  reasoningField,
  resetConnection,
  startOpenAiUpstream,
  streamError,
  usage,
  wait,
  type OpenAiUpstream,
} from '../../../test/fakes/openai-upstream.js';
import { OutboundPolicy } from '../net/outbound.js';
import { AiProviderError } from './errors.js';
import { openAiCompatibleProvider } from './openai-compatible.js';
import { policyFetch } from './policy-fetch.js';
import type { AiChatProvider, AiChatRequest, AiEvent } from './types.js';

let upstream: OpenAiUpstream;
const allowLoopback = new OutboundPolicy(['127.0.0.1']);
const strict = new OutboundPolicy([]);

beforeAll(async () => {
  upstream = await startOpenAiUpstream();
});
afterAll(async () => {
  await upstream.close();
  await allowLoopback.close();
  await strict.close();
});
afterEach(() => upstream.reply(() => failWith(500, 'no reply scripted')));

const provider = (over: Partial<Parameters<typeof openAiCompatibleProvider>[0]> = {}): AiChatProvider =>
  openAiCompatibleProvider({
    baseUrl: upstream.baseUrl,
    apiKey: upstream.apiKey,
    fetch: policyFetch(allowLoopback),
    ...over,
  });

const ask = (over: Partial<AiChatRequest> = {}): AiChatRequest => ({
  model: 'fake-chat',
  messages: [{ role: 'user', content: 'What is 2x = 4?' }],
  signal: new AbortController().signal,
  ...over,
});

async function collect(events: AsyncIterable<AiEvent>): Promise<AiEvent[]> {
  const out: AiEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const texts = (events: AiEvent[], type: 'reasoning' | 'content') =>
  events
    .filter((e): e is Extract<AiEvent, { type: typeof type }> => e.type === type)
    .map((e) => e.text)
    .join('');

/** Exactly one terminal event, and it is last. */
function expectOneEnd(events: AiEvent[]) {
  const ends = events.filter((e) => e.type === 'done' || e.type === 'error');
  expect(ends).toHaveLength(1);
  expect(events.at(-1)).toBe(ends[0]);
}

describe('OpenAI-compatible adapter', () => {
  it('streams reasoning_content, then content, then usage and done; sends the request the provider expects', async () => {
    upstream.reply(
      chat([
        reasoning('Move terms, '),
        reasoning('then divide.'),
        content('x = '),
        content('2'),
        finish(),
        usage(12, 7),
      ]),
    );
    const events = await collect(
      provider().streamChat(
        ask({
          model: 'fake-reasoner',
          thinking: true,
          temperature: 0.3,
          maxTokens: 200,
          messages: [
            { role: 'system', content: 'You are a tutor.' },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Solve this' },
                { type: 'image', url: 'data:image/png;base64,AAAA' },
              ],
            },
          ],
        }),
      ),
    );
    expect(texts(events, 'reasoning')).toBe('Move terms, then divide.');
    expect(texts(events, 'content')).toBe('x = 2');
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 12, completionTokens: 7 },
      { type: 'done', finishReason: 'stop' },
    ]);
    expectOneEnd(events);
    const sent = upstream.chats().at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${upstream.apiKey}`);
    expect(sent.body).toEqual({
      model: 'fake-reasoner',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      max_tokens: 200,
      enable_thinking: true,
      messages: [
        { role: 'system', content: 'You are a tutor.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Solve this' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
      ],
    });
  });

  it('sends no thinking switch when the caller did not choose', async () => {
    upstream.reply(chat([content('ok'), finish()]));
    await collect(provider().streamChat(ask()));
    expect(upstream.chats().at(-1)!.body).not.toHaveProperty('enable_thinking');
  });

  it('reads the `reasoning` field and inline <think> tags split across chunks', async () => {
    upstream.reply(chat([reasoningField('via reasoning field'), content('done'), finish()]));
    const viaField = await collect(provider().streamChat(ask()));
    expect([texts(viaField, 'reasoning'), texts(viaField, 'content')]).toEqual([
      'via reasoning field',
      'done',
    ]);

    const inline = '<think>先移项，再把系数化为一。</think>\n\n答案：x = 2';
    for (const size of [1, 2, 3, 5, 7]) {
      upstream.reply(
        chat([...(inline.match(new RegExp(`.{1,${size}}`, 'gsu')) ?? []).map(content), finish()]),
      );
      const events = await collect(provider().streamChat(ask()));
      expect([texts(events, 'reasoning'), texts(events, 'content')], `chunks of ${size}`).toEqual([
        '先移项，再把系数化为一。',
        '答案：x = 2',
      ]);
      expectOneEnd(events);
    }
  });

  it('maps refusals before the stream to their codes, with the provider message', async () => {
    for (const [status, code] of [
      [401, 'unauthorized'],
      [403, 'unauthorized'],
      [429, 'rate_limited'],
      [400, 'bad_request'],
      [404, 'bad_request'],
      [422, 'bad_request'],
      [500, 'upstream'],
      [503, 'upstream'],
    ] as const) {
      upstream.reply(failWith(status, `refused with ${status}`));
      const events = await collect(provider().streamChat(ask()));
      expect(events, String(status)).toEqual([{ type: 'error', code, message: `refused with ${status}` }]);
    }
    // No retries: each refusal was one request.
    const before = upstream.chats().length;
    upstream.reply(failWith(429));
    await collect(provider().streamChat(ask()));
    expect(upstream.chats().length).toBe(before + 1);
  });

  it('says unauthorized for a wrong key', async () => {
    const events = await collect(provider({ apiKey: 'sk-wrong' }).streamChat(ask()));
    expect(events).toEqual([{ type: 'error', code: 'unauthorized', message: 'Incorrect API key provided' }]);
  });

  it('keeps what streamed before a mid-stream error, a malformed chunk or a broken connection, then ends with one error', async () => {
    for (const [failure, pattern] of [
      [streamError('the model crashed'), /the model crashed/],
      [malformed(), /malformed/],
      [drop(), /./],
    ] as const) {
      upstream.reply(chat([content('partial '), content('answer'), failure]));
      const events = await collect(provider().streamChat(ask()));
      expect(texts(events, 'content'), JSON.stringify(events)).toBe('partial answer');
      const last = events.at(-1)!;
      expect(last).toMatchObject({ type: 'error', code: 'upstream' });
      expect((last as { message: string }).message).toMatch(pattern);
      expectOneEnd(events);
    }
  });

  it('treats a stream that ends without a finish reason as broken', async () => {
    upstream.reply({ steps: [content('cut '), { raw: 'data: [DONE]\n\n' }] });
    const events = await collect(provider().streamChat(ask()));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'upstream' });
  });

  it('waits for a slow first token', async () => {
    upstream.reply(chat([wait(400), content('late'), finish()]));
    const started = Date.now();
    const events = await collect(provider().streamChat(ask()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(texts(events, 'content')).toBe('late');
  });

  it('ends a stream that goes silent longer than the idle limit', async () => {
    upstream.reply(chat([content('a'), hang()]));
    const events = await collect(provider({ idleTimeoutMs: 300 }).streamChat(ask()));
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      code: 'upstream',
      message: expect.stringMatching(/nothing/),
    });
    await expect(upstream.chats().at(-1)!.closed).resolves.toBe('aborted');
  });

  it('abort ends the upstream request: the server sees the connection close', async () => {
    upstream.reply(chat([content('first'), hang()]));
    const controller = new AbortController();
    const events: AiEvent[] = [];
    for await (const event of provider().streamChat(ask({ signal: controller.signal }))) {
      events.push(event);
      if (event.type === 'content') controller.abort();
    }
    expect(events).toEqual([
      { type: 'content', text: 'first' },
      { type: 'error', code: 'aborted', message: 'cancelled' },
    ]);
    await expect(upstream.chats().at(-1)!.closed).resolves.toBe('aborted');
  });

  it('abort before the first byte, and a caller that stops reading, both end the upstream request', async () => {
    upstream.reply(chat([wait(5_000), content('never')]));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const events = await collect(provider().streamChat(ask({ signal: controller.signal })));
    expect(events).toEqual([{ type: 'error', code: 'aborted', message: 'cancelled' }]);
    await expect(upstream.chats().at(-1)!.closed).resolves.toBe('aborted');

    upstream.reply(chat([content('one'), hang()]));
    for await (const event of provider().streamChat(ask())) if (event.type === 'content') break;
    await expect(upstream.chats().at(-1)!.closed).resolves.toBe('aborted');

    const already = new AbortController();
    already.abort();
    expect(await collect(provider().streamChat(ask({ signal: already.signal })))).toEqual([
      { type: 'error', code: 'aborted', message: 'cancelled' },
    ]);
  });

  it('sends once more when the connection is reset before any answer, and only once', async () => {
    upstream.reply(resetConnection(), chat([content('second try'), finish()]));
    const before = upstream.chats().length;
    const events = await collect(provider().streamChat(ask()));
    expect(texts(events, 'content')).toBe('second try');
    expect(upstream.chats().length).toBe(before + 2);

    upstream.reply(resetConnection(), resetConnection(), chat([content('never'), finish()]));
    const twice = await collect(provider().streamChat(ask()));
    expect(twice).toEqual([
      { type: 'error', code: 'unreachable', message: expect.stringMatching(/ECONNRESET|socket|closed/i) },
    ]);
    expect(upstream.chats().length).toBe(before + 4);
    upstream.reply(() => failWith(500, 'no reply scripted'));
  });

  it('says unreachable when nothing listens, and refuses a loopback address the policy does not allow', async () => {
    const closed = await startOpenAiUpstream();
    await closed.close();
    const gone = await collect(provider({ baseUrl: closed.baseUrl }).streamChat(ask()));
    expect(gone).toEqual([
      {
        type: 'error',
        code: 'unreachable',
        message: expect.stringMatching(/ECONNREFUSED|refused|fetch failed/i),
      },
    ]);

    const before = upstream.requests.length;
    const refused = await collect(provider({ fetch: policyFetch(strict) }).streamChat(ask()));
    expect(refused).toEqual([
      { type: 'error', code: 'unreachable', message: expect.stringMatching(/not a public address/) },
    ]);
    await expect(
      provider({ fetch: policyFetch(strict) }).listModels(new AbortController().signal),
    ).rejects.toMatchObject({
      code: 'unreachable',
    });
    expect(upstream.requests.length).toBe(before);
  });

  it('lists models, an empty list where the server has none, and an error for a refused key', async () => {
    const signal = new AbortController().signal;
    expect(await provider().listModels(signal)).toEqual(['fake-chat', 'fake-reasoner', 'fake-vision']);
    const saved = upstream.models;
    upstream.models = null;
    try {
      expect(await provider().listModels(signal)).toEqual([]);
    } finally {
      upstream.models = saved;
    }
    const error = await provider({ apiKey: 'bad' })
      .listModels(signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ code: 'unauthorized' });
  });

  it('answers with the fake upstream default reply (echo, thinking for reasoners)', async () => {
    upstream.reply(...[]);
    const fresh = await startOpenAiUpstream();
    try {
      const events = await collect(
        provider({ baseUrl: fresh.baseUrl, apiKey: fresh.apiKey }).streamChat(
          ask({ model: 'fake-reasoner' }),
        ),
      );
      expect(texts(events, 'reasoning')).toBe('Thinking about the question.');
      expect(texts(events, 'content')).toBe('You said: What is 2x = 4?');
      expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
    } finally {
      await fresh.close();
    }
  });
});
