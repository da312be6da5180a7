import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  difyError,
  failWith,
  message,
  messageEnd,
  nodeFinished,
  nodeStarted,
  ping,
  startDifyUpstream,
  stream,
  textChunk,
  workflowFailed,
  workflowFinished,
  workflowStarted,
  type DifyUpstream,
} from '../../../test/fakes/dify-upstream.js';
import { OutboundPolicy } from '../net/outbound.js';
import { difyChatProvider } from './dify-chat.js';
import { difyWorkflowRunner } from './dify-workflow.js';
import { policyFetch } from './policy-fetch.js';
import type { AiEvent } from './types.js';

let dify: DifyUpstream;
const policy = new OutboundPolicy(['127.0.0.1']);
const strict = new OutboundPolicy([]);

beforeAll(async () => {
  dify = await startDifyUpstream();
});
afterAll(async () => {
  await dify.close();
  await policy.close();
  await strict.close();
});

const options = () => ({ baseUrl: dify.baseUrl, apiKey: dify.apiKey, fetch: policyFetch(policy) });
const signal = () => new AbortController().signal;
const inputs = { grade: '7', subject: 'math', question: '2x = 4' };

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
function expectOneEnd(events: AiEvent[]) {
  const ends = events.filter((e) => e.type === 'done' || e.type === 'error');
  expect(ends).toHaveLength(1);
  expect(events.at(-1)).toBe(ends[0]);
}

describe('Dify workflow runner', () => {
  it('streams steps as progress, text chunks as content (<think> split), and ends with the outputs', async () => {
    dify.reply(
      stream([
        workflowStarted(),
        ping(),
        nodeStarted('llm', 'Solve'),
        textChunk('<thi'),
        textChunk('nk>Divide both '),
        textChunk('sides.</th'),
        textChunk('ink>x = '),
        textChunk('2'),
        nodeFinished('llm', 'Solve'),
        workflowFinished({ answer: 'x = 2', steps: 1 }, 30),
      ]),
    );
    const events = await collect(
      difyWorkflowRunner(options()).run({ inputs, user: 't:u', signal: signal() }),
    );
    expect(events.filter((e) => e.type === 'progress')).toEqual([
      { type: 'progress', node: 'llm', title: 'Solve', status: 'started' },
      { type: 'progress', node: 'llm', title: 'Solve', status: 'finished' },
    ]);
    expect([texts(events, 'reasoning'), texts(events, 'content')]).toEqual(['Divide both sides.', 'x = 2']);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 0, completionTokens: 30 },
      { type: 'done', finishReason: 'stop', outputs: { answer: 'x = 2', steps: 1 } },
    ]);
    const sent = dify.runs().at(-1)!;
    expect(sent.path).toBe('/v1/workflows/run');
    expect(sent.headers.authorization).toBe(`Bearer ${dify.apiKey}`);
    expect(sent.body).toEqual({ inputs, user: 't:u', response_mode: 'streaming' });
  });

  it('runs a chosen published version by its id', async () => {
    await collect(
      difyWorkflowRunner({ ...options(), workflowId: 'wf-42' }).run({ inputs, user: 'u', signal: signal() }),
    );
    expect(dify.runs().at(-1)!.path).toBe('/v1/workflows/wf-42/run');
  });

  it('ends with an error for a failed run, an error event, a malformed event and a cut stream', async () => {
    for (const [steps, code, pattern] of [
      [[nodeStarted('a', 'A'), workflowFailed('node A failed: bad input')], 'upstream', /node A failed/],
      [
        [textChunk('part'), difyError('provider quota exceeded', 'provider_quota_exceeded', 400)],
        'rate_limited',
        /quota/,
      ],
      [[textChunk('part'), difyError('Internal Server Error')], 'upstream', /Internal/],
      [[textChunk('part'), { raw: 'data: {"event": "text_chunk", \n\n' }], 'upstream', /malformed/],
      [[textChunk('part'), { drop: true as const }], 'upstream', /./],
      [[textChunk('part')], 'upstream', /ended before/],
    ] as const) {
      dify.reply(stream([...steps]));
      const events = await collect(
        difyWorkflowRunner(options()).run({ inputs, user: 'u', signal: signal() }),
      );
      expect(events.at(-1)).toMatchObject({ type: 'error', code, message: expect.stringMatching(pattern) });
      expectOneEnd(events);
    }
  });

  it('maps refusals before the stream: wrong key, 400, 404, 429, 500', async () => {
    const wrongKey = await collect(
      difyWorkflowRunner({ ...options(), apiKey: 'app-wrong' }).run({ inputs, user: 'u', signal: signal() }),
    );
    expect(wrongKey).toEqual([{ type: 'error', code: 'unauthorized', message: 'Access token is invalid' }]);
    for (const [status, code] of [
      [400, 'bad_request'],
      [404, 'bad_request'],
      [429, 'rate_limited'],
      [500, 'upstream'],
    ] as const) {
      dify.reply(failWith(status, `refused ${status}`));
      const events = await collect(
        difyWorkflowRunner(options()).run({ inputs, user: 'u', signal: signal() }),
      );
      expect(events).toEqual([{ type: 'error', code, message: `refused ${status}` }]);
    }
  });

  it('abort ends the upstream request (the server sees the connection close)', async () => {
    dify.reply(stream([nodeStarted('llm', 'LLM'), textChunk('first'), { hang: true }]));
    const controller = new AbortController();
    const events: AiEvent[] = [];
    for await (const event of difyWorkflowRunner(options()).run({
      inputs,
      user: 'u',
      signal: controller.signal,
    })) {
      events.push(event);
      if (event.type === 'content') controller.abort();
    }
    expect(events.at(-1)).toEqual({ type: 'error', code: 'aborted', message: 'cancelled' });
    expectOneEnd(events);
    await expect(dify.runs().at(-1)!.closed).resolves.toBe('aborted');
  });

  it('ends a silent stream after the idle limit, and closes the connection', async () => {
    dify.reply(stream([textChunk('a'), { hang: true }]));
    const events = await collect(
      difyWorkflowRunner({ ...options(), idleTimeoutMs: 300 }).run({ inputs, user: 'u', signal: signal() }),
    );
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      code: 'upstream',
      message: expect.stringMatching(/nothing/),
    });
    await expect(dify.runs().at(-1)!.closed).resolves.toBe('aborted');
  });

  it('runs blocking: the outputs, or an error with its code', async () => {
    dify.reply(stream([workflowStarted(), textChunk('x'), workflowFinished({ answer: 'x = 2' }, 12)]));
    const result = await difyWorkflowRunner(options()).runBlocking({ inputs, user: 'u', signal: signal() });
    expect(result).toEqual({
      runId: 'run-1',
      taskId: 'task-1',
      outputs: { answer: 'x = 2' },
      totalTokens: 12,
    });
    expect(dify.runs().at(-1)!.body).toMatchObject({ response_mode: 'blocking' });

    dify.reply(stream([workflowFailed('the LLM node timed out')]));
    await expect(
      difyWorkflowRunner(options()).runBlocking({ inputs, user: 'u', signal: signal() }),
    ).rejects.toMatchObject({ code: 'upstream', message: 'the LLM node timed out' });
    await expect(
      difyWorkflowRunner({ ...options(), apiKey: 'bad' }).runBlocking({
        inputs,
        user: 'u',
        signal: signal(),
      }),
    ).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(
      difyWorkflowRunner({ ...options(), fetch: policyFetch(strict) }).runBlocking({
        inputs,
        user: 'u',
        signal: signal(),
      }),
    ).rejects.toMatchObject({ code: 'unreachable' });
  });

  it('answers with the fake default workflow (one node, text from the inputs)', async () => {
    const events = await collect(difyWorkflowRunner(options()).run({ inputs, user: 'u', signal: signal() }));
    expect(texts(events, 'content')).toBe('Answer for grade=7, subject=math, question=2x = 4');
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      outputs: { text: 'Answer for grade=7, subject=math, question=2x = 4' },
    });
  });
});

describe('Dify chat app', () => {
  const chat = () => difyChatProvider({ ...options(), user: 'tenant:user' });

  it('streams message events (<think> split) and ends with usage from message_end', async () => {
    dify.reply(
      stream([
        ping(),
        message('<think>Let me '),
        message('see.</think>Hello'),
        message(' there'),
        messageEnd(9, 4),
      ]),
    );
    const events = await collect(
      chat().streamChat({
        model: 'dify-app',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'And now?' },
              { type: 'image', url: 'https://x.test/a.png' },
            ],
          },
        ],
        signal: signal(),
      }),
    );
    expect([texts(events, 'reasoning'), texts(events, 'content')]).toEqual(['Let me see.', 'Hello there']);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 9, completionTokens: 4 },
      { type: 'done', finishReason: 'stop' },
    ]);
    const sent = dify.runs().at(-1)!;
    expect(sent.path).toBe('/v1/chat-messages');
    expect(sent.body).toEqual({
      query: 'user: Hi\n\nassistant: Hello!\n\nuser: And now?',
      inputs: {},
      user: 'tenant:user',
      response_mode: 'streaming',
      conversation_id: '',
      files: [{ type: 'image', transfer_method: 'remote_url', url: 'https://x.test/a.png' }],
    });
    expect(await chat().listModels(signal())).toEqual([]);
  });

  it('uploads an inline image first and refers to it by id; an upload refused ends with its error', async () => {
    const png = Buffer.from('fake png bytes').toString('base64');
    const before = dify.uploads.length;
    const events = await collect(
      chat().streamChat({
        model: 'm',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', url: `data:image/png;base64,${png}` },
            ],
          },
        ],
        signal: signal(),
      }),
    );
    expect(events.at(-1), JSON.stringify(events)).toMatchObject({ type: 'done' });
    expect(dify.uploads.length).toBe(before + 1);
    const upload = dify.uploads.at(-1)!;
    expect(upload.headers.authorization).toBe(`Bearer ${dify.apiKey}`);
    expect(upload.text).toContain('fake png bytes');
    expect(upload.text).toContain('tenant:user');
    expect(dify.runs().at(-1)!.body).toMatchObject({
      files: [{ type: 'image', transfer_method: 'local_file', upload_file_id: `file-${before + 1}` }],
    });

    const refused = await collect(
      difyChatProvider({ ...options(), apiKey: 'app-wrong', user: 'u' }).streamChat({
        model: 'm',
        messages: [{ role: 'user', content: [{ type: 'image', url: `data:image/png;base64,${png}` }] }],
        signal: signal(),
      }),
    );
    expect(refused).toEqual([{ type: 'error', code: 'unauthorized', message: 'Access token is invalid' }]);
  });

  it('ends with the error event, and aborts the upstream on cancel', async () => {
    dify.reply(stream([message('part'), difyError('model crashed')]));
    const failed = await collect(
      chat().streamChat({ model: 'm', messages: [{ role: 'user', content: 'q' }], signal: signal() }),
    );
    expect(failed.at(-1)).toMatchObject({ type: 'error', code: 'upstream', message: 'model crashed' });
    expectOneEnd(failed);

    dify.reply(stream([message('one'), { hang: true }]));
    for await (const event of chat().streamChat({
      model: 'm',
      messages: [{ role: 'user', content: 'q' }],
      signal: signal(),
    }))
      if (event.type === 'content') break;
    await expect(dify.runs().at(-1)!.closed).resolves.toBe('aborted');
  });
});
