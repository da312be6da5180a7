import type { AddressInfo } from 'node:net';
import type { AiStreamEvent } from '@lintel/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodePng } from '../../../../../tools/png.mjs';
import { configureTestProvider, type TestProvider } from '../../../test/fakes/ai-provider-fixture.js';
import {
  chat,
  content,
  failWith,
  finish,
  hang,
  reasoning,
  streamError,
  usage,
} from '../../../test/fakes/openai-upstream.js';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { multipartBody } from '../../../test/multipart-test-kit.js';

const en = { 'accept-language': 'en' };

/** The events of a whole `text/event-stream` body as the server framed them. */
function parseSse(body: string): AiStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { event: name, data: JSON.parse(data ?? 'null') } as AiStreamEvent;
    });
}

let t: TestApp;
let ai: TestProvider;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  ai = await configureTestProvider(t);
  admin = (await t.login('admin')).accessToken;
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => {
  // The abort test listened on a port: its kept-alive connections must not hold the close.
  t?.app.server.closeAllConnections();
  await ai?.close();
  await t?.close();
});
beforeEach(() => {
  // Replies left queued by a test must not answer the next one.
  ai.upstream.reply(() => chat([content('ok'), finish()]));
  ai.upstream.reply();
});

const call = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
  t.call(method, `/api/aiChat/${path}`, token, body, en);

/** A whole stream through inject: its status, content type and events. */
async function stream(path: 'stream' | 'regenerate', token: string, body: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/aiChat/${path}`,
    headers: { authorization: `Bearer ${token}`, ...en },
    payload: body as object,
  });
  return {
    res,
    events: res.headers['content-type']?.toString().startsWith('text/event-stream') ? parseSse(res.body) : [],
  };
}

const messagesOf = async (token: string, conversationId: string) =>
  (await call('GET', `messages?conversationId=${conversationId}`, token)).json().result as {
    id: string;
    role: string;
    content: string;
    reasoning: string;
    status: string;
    error: string | null;
    promptTokens: number | null;
    attachments: { fileName: string; kind: string; truncated: boolean }[];
  }[];

const metaOf = (events: AiStreamEvent[]) =>
  events.find((e) => e.event === 'meta')!.data as {
    conversationId: string;
    messageId: string;
    userMessageId: string;
  };

describe('aiChat stream', () => {
  it('relays meta, reasoning then content, stores both messages with usage, names the chat, and keeps reasoning out of the history', async () => {
    ai.upstream.reply(
      chat([
        reasoning('Move 3 over. '),
        reasoning('Divide by 2.'),
        content('x = '),
        content('2'),
        finish(),
        usage(12, 5),
      ]),
      chat([content('"Solving a linear equation."'), finish()]),
    );
    const { res, events } = await stream('stream', admin, {
      content: 'Solve 2x + 3 = 7',
      modelId: ai.models.reasoner,
      thinking: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(events.map((e) => e.event)).toEqual([
      'meta',
      'reasoning',
      'reasoning',
      'content',
      'content',
      'usage',
      'done',
    ]);
    expect(
      events
        .filter((e) => e.event === 'reasoning')
        .map((e) => (e.data as { text: string }).text)
        .join(''),
    ).toBe('Move 3 over. Divide by 2.');
    const done = events.at(-1)!.data as { title: string; finishReason: string; reasoningMs: number };
    expect(done).toMatchObject({ finishReason: 'stop', title: 'Solving a linear equation' });
    expect(done.reasoningMs).toBeGreaterThanOrEqual(0);

    const { conversationId, messageId } = metaOf(events);
    const upstreamBody = ai.upstream.chats().at(-2)!.body as { model: string; messages: { role: string }[] };
    expect(upstreamBody.model).toBe('fake-reasoner');

    const list = (await call('GET', 'list', admin)).json().result as {
      id: string;
      title: string;
      modelRowId: string;
    }[];
    expect(list.find((c) => c.id === conversationId)).toMatchObject({
      title: 'Solving a linear equation',
      modelRowId: ai.models.reasoner,
    });
    const stored = await messagesOf(admin, conversationId);
    expect(stored).toMatchObject([
      { role: 'user', content: 'Solve 2x + 3 = 7', status: 'done' },
      {
        id: messageId,
        role: 'assistant',
        content: 'x = 2',
        reasoning: 'Move 3 over. Divide by 2.',
        status: 'done',
        promptTokens: 12,
      },
    ]);

    // A second turn: the model gets the first answer's content, never its reasoning.
    ai.upstream.reply(chat([content('Check: 2·2 + 3 = 7.'), finish()]));
    const second = await stream('stream', admin, { conversationId, content: 'Check it' });
    expect(second.events.at(-1)).toMatchObject({ event: 'done' });
    expect((second.events.at(-1)!.data as { title?: string }).title).toBeUndefined();
    const sent = (ai.upstream.chats().at(-1)!.body as { messages: { role: string; content: string }[] })
      .messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[2]!.content).toBe('x = 2');
    expect(JSON.stringify(sent)).not.toContain('Move 3 over');
    const usageRows = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('aiUsage').selectAll().where('userId', '=', SEED_IDS.admin).execute(),
    );
    expect(usageRows.reduce((n, r) => n + Number(r.promptTokens), 0)).toBeGreaterThanOrEqual(12);
  });

  it('splits a <think> block cut across chunks into reasoning and content', async () => {
    ai.upstream.reply(
      chat([
        content('<thi'),
        content('nk>First, plan'),
        content('.</th'),
        content('ink>The answer.'),
        finish(),
      ]),
    );
    const { events } = await stream('stream', admin, { content: 'Think first' });
    const text = (name: string) =>
      events
        .filter((e) => e.event === name)
        .map((e) => (e.data as { text: string }).text)
        .join('');
    expect(text('reasoning')).toBe('First, plan.');
    expect(text('content')).toBe('The answer.');
    expect(events.at(-1)!.event).toBe('done');
  });

  it('ends a stream that fails mid-way with an error event and stores the partial answer as failed', async () => {
    ai.upstream.reply(chat([content('Half an ans'), streamError('the model crashed')]));
    const { events } = await stream('stream', admin, { content: 'Break please' });
    expect(events.map((e) => e.event)).toEqual(['meta', 'content', 'error']);
    const error = events.at(-1)!.data as { code: string; message: string };
    expect(error.code).toBe('upstream');
    expect(error.message).toMatch(/The AI provider failed to answer/);
    const stored = await messagesOf(admin, metaOf(events).conversationId);
    expect(stored[1]).toMatchObject({ status: 'failed', content: 'Half an ans' });
    expect(stored[1]!.error).toMatch(/failed to answer/);
    // The first exchange failed: the chat keeps the question's first words as its title.
    const list = (await call('GET', 'list', admin)).json().result as { id: string; title: string }[];
    expect(list.find((c) => c.id === metaOf(events).conversationId)!.title).toBe('Break please');
  });

  it('regenerates the last answer, replacing it', async () => {
    ai.upstream.reply(chat([content('First try'), finish()]), chat([content('Title'), finish()]));
    const first = await stream('stream', admin, { content: 'Tell me about π' });
    const { conversationId, messageId } = metaOf(first.events);
    ai.upstream.reply(chat([content('Second try'), finish()]));
    const again = await stream('regenerate', admin, { conversationId });
    expect(again.events.at(-1)!.event).toBe('done');
    const stored = await messagesOf(admin, conversationId);
    expect(stored.map((m) => m.content)).toEqual(['Tell me about π', 'Second try']);
    expect(stored[1]!.id).not.toBe(messageId);
    const sent = (ai.upstream.chats().at(-1)!.body as { messages: { role: string }[] }).messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('aborts the upstream request when the browser goes away, and stores the answer as stopped', async () => {
    ai.upstream.reply(chat([content('Partial '), hang()]));
    const address = await t.app
      .listen({ port: 0, host: '127.0.0.1' })
      .then(() => t.app.server.address() as AddressInfo);
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}/api/aiChat/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', ...en },
      body: JSON.stringify({ content: 'Please go on forever' }),
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('event: content')) seen += new TextDecoder().decode((await reader.read()).value);
    const conversationId = /"conversationId":"(\d+)"/.exec(seen)![1]!;
    const upstreamRequest = ai.upstream.chats().at(-1)!;
    controller.abort();
    await expect(upstreamRequest.closed).resolves.toBe('aborted');
    await expect
      .poll(async () => (await messagesOf(admin, conversationId))[1]?.status, { timeout: 5000 })
      .toBe('stopped');
    expect((await messagesOf(admin, conversationId))[1]!.content).toBe('Partial ');
  });

  it('refuses before the stream with a localized 429 when the user limit is reached', async () => {
    const member = (await t.login('member')).accessToken;
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('aiLimit')
        .values({
          tenantId: SEED_IDS.tenant,
          tenantRequestsPerMinute: 0,
          userRequestsPerMinute: 1,
          tenantTokensPerDay: 0,
          userTokensPerDay: 0,
        })
        .execute(),
    );
    await t.ctx.cache.del(`aiLimits:${SEED_IDS.tenant}`);
    try {
      const first = await stream('stream', member, { content: 'one' });
      expect(first.res.statusCode, first.res.body).toBe(200);
      const refused = await stream('stream', member, { content: 'two' });
      expect(refused.res.statusCode).toBe(429);
      expect(refused.res.json().message).toMatch(/limit|too many/i);
      expect(refused.events).toEqual([]);
    } finally {
      await t.ctx.db.tenant(SEED_IDS.tenant, (trx) => trx.deleteFrom('aiLimit').execute());
      await t.ctx.cache.del(`aiLimits:${SEED_IDS.tenant}`);
    }
  });

  it('says the model is not configured (localized, before any stream) when the tenant has none', async () => {
    const setEnabled = (enabled: boolean) =>
      t.ctx.db.tenant(SEED_IDS.tenant, (trx) => trx.updateTable('aiModel').set({ enabled }).execute());
    await setEnabled(false);
    try {
      const before = ((await call('GET', 'list', staff)).json().result as unknown[]).length;
      expect((await call('GET', 'models', staff)).json().result).toEqual([]);
      const refused = await stream('stream', staff, { content: 'Hello?' });
      expect(refused.res.statusCode).toBe(409);
      expect(refused.res.json().message).toMatch(/No AI model is set up/);
      const zh = await t.app.inject({
        method: 'POST',
        url: '/api/aiChat/stream',
        headers: { authorization: `Bearer ${staff}`, 'accept-language': 'zh-CN' },
        payload: { content: 'Hello?' },
      });
      expect(zh.statusCode).toBe(409);
      expect(zh.json().message).not.toBe(refused.res.json().message);
      // Nothing was stored for the refused turns.
      expect(((await call('GET', 'list', staff)).json().result as unknown[]).length).toBe(before);
    } finally {
      await setEnabled(true);
    }
  });

  it('reports a provider refusing the request as an error event', async () => {
    ai.upstream.reply(failWith(500, 'upstream exploded'));
    const { events } = await stream('stream', admin, { content: 'Anyone there?' });
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { code: 'upstream' } });
  });
});

describe('aiChat models and history', () => {
  it('lists the enabled models with their capabilities, the default first', async () => {
    const models = (await call('GET', 'models', admin)).json().result as {
      id: string;
      isDefault: boolean;
      reasoning: boolean;
      vision: boolean;
    }[];
    expect(models[0]).toMatchObject({ id: ai.models.chat, isDefault: true });
    expect(models.find((m) => m.id === ai.models.reasoner)).toMatchObject({ reasoning: true, vision: false });
    expect(models.find((m) => m.id === ai.models.vision)).toMatchObject({ reasoning: false, vision: true });
  });

  it('renames with a required, trimmed title of at most 100 characters', async () => {
    const { events } = await stream('stream', admin, { content: 'Rename me' });
    const { conversationId } = metaOf(events);
    const empty = await call('POST', 'rename', admin, { id: conversationId, title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The title cannot be empty.');
    const zh = await t.call(
      'POST',
      '/api/aiChat/rename',
      admin,
      { id: conversationId, title: '' },
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.json().message).toBe('标题不能为空');
    const long = await call('POST', 'rename', admin, { id: conversationId, title: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(
      (await call('POST', 'rename', admin, { id: conversationId, title: '  Fractions  ' })).statusCode,
    ).toBe(200);
    const list = (await call('GET', 'list', admin)).json().result as { id: string; title: string }[];
    expect(list.find((c) => c.id === conversationId)!.title).toBe('Fractions');
  });

  it('keeps each user to their own conversations: another user’s id is not found everywhere', async () => {
    const { events } = await stream('stream', admin, { content: 'Private question' });
    const { conversationId } = metaOf(events);
    expect(
      ((await call('GET', 'list', staff)).json().result as { id: string }[]).map((c) => c.id),
    ).not.toContain(conversationId);
    expect((await call('GET', `messages?conversationId=${conversationId}`, staff)).statusCode).toBe(404);
    expect((await call('POST', 'rename', staff, { id: conversationId, title: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', 'delete', staff, { id: conversationId })).statusCode).toBe(404);
    expect((await stream('stream', staff, { conversationId, content: 'Let me in' })).res.statusCode).toBe(
      404,
    );
    expect((await stream('regenerate', staff, { conversationId })).res.statusCode).toBe(404);
    // Still the admin's, untouched.
    expect(await messagesOf(admin, conversationId)).toHaveLength(2);
  });

  it('deletes a conversation: gone from the list and its messages not found', async () => {
    const { events } = await stream('stream', admin, { content: 'Delete me' });
    const { conversationId } = metaOf(events);
    expect((await call('POST', 'delete', admin, { id: conversationId })).statusCode).toBe(200);
    expect(
      ((await call('GET', 'list', admin)).json().result as { id: string }[]).map((c) => c.id),
    ).not.toContain(conversationId);
    expect((await call('GET', `messages?conversationId=${conversationId}`, admin)).statusCode).toBe(404);
    expect((await call('POST', 'delete', admin, { id: conversationId })).statusCode).toBe(404);
  });
});

describe('aiChat attachments', () => {
  const png = encodePng({ width: 1, height: 1, colourType: 2, scanlines: Buffer.from([0, 255, 0, 0]) });
  const uploadFile = async (token: string, data: Buffer, fileName: string, type: string) => {
    const { payload, contentType } = multipartBody(data, fileName, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/aiChat/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, ...en },
      payload,
    });
  };

  it('gives a text file’s contents to the model as context', async () => {
    const res = await uploadFile(admin, Buffer.from('a,b\n1,2\n'), 'scores.csv', 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().result as { id: string; kind: string; truncated: boolean };
    expect(file).toMatchObject({ kind: 'text', truncated: false });
    ai.upstream.reply(chat([content('Average 1.5'), finish()]));
    const { events } = await stream('stream', admin, { content: 'Average of a?', attachmentIds: [file.id] });
    expect(events.at(-1)!.event).toBe('done');
    const sent = (ai.upstream.chats().at(-2)!.body as { messages: { role: string; content: string }[] })
      .messages;
    expect(sent.at(-1)!.content).toContain('Attached file "scores.csv"');
    expect(sent.at(-1)!.content).toContain('a,b\n1,2');
    const stored = await messagesOf(admin, metaOf(events).conversationId);
    expect(stored[0]!.attachments).toMatchObject([{ fileName: 'scores.csv', kind: 'text' }]);
  });

  it('extracts a PDF’s text, and cuts a long text file, saying so', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
        '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
        '4 0 obj<</Length 48>>stream\nBT /F1 18 Tf 20 80 Td (Triangle area) Tj ET\nendstream endobj\n' +
        '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
    );
    const res = await uploadFile(admin, pdf, 'sheet.pdf', 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .selectFrom('aiChatFile')
        .select(['extractedText', 'kind'])
        .where('id', '=', res.json().result.id)
        .executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({ kind: 'pdf' });
    expect(row.extractedText).toContain('Triangle area');

    const long = await uploadFile(
      admin,
      Buffer.from('line of text\n'.repeat(3000)),
      'notes.md',
      'text/markdown',
    );
    expect(long.json().result).toMatchObject({ kind: 'text', truncated: true });
  });

  it('sends images to a vision model as data URLs and refuses them for another model, clearly', async () => {
    const res = await uploadFile(admin, png, 'graph.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().result as { id: string; kind: string };
    expect(image.kind).toBe('image');

    const refused = await stream('stream', admin, {
      content: 'What is this?',
      attachmentIds: [image.id],
      modelId: ai.models.chat,
    });
    expect(refused.res.statusCode).toBe(400);
    expect(refused.res.json().message).toBe(
      'The model Fake Chat cannot read images. Choose a model with vision, or remove the images.',
    );

    ai.upstream.reply(chat([content('A green dot.'), finish()]));
    const seen = await stream('stream', admin, {
      content: 'What is this?',
      attachmentIds: [image.id],
      modelId: ai.models.vision,
    });
    expect(seen.events.at(-1)!.event).toBe('done');
    const sent = (ai.upstream.chats().at(-2)!.body as { messages: { content: unknown }[] }).messages;
    const parts = sent.at(-1)!.content as { type: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === 'image_url')!.image_url!.url).toMatch(/^data:image\/png;base64,/);
  });

  it('refuses a file whose bytes are not its type, an unknown type, another user’s file, and more than 10 MB', async () => {
    const fake = await uploadFile(admin, Buffer.from('not a png'), 'graph.png', 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/not a valid png/);
    const exe = await uploadFile(admin, Buffer.from('MZ'), 'tool.exe', 'application/octet-stream');
    expect(exe.statusCode).toBe(400);
    const big = await uploadFile(admin, Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), 'big.txt', 'text/plain');
    expect(big.statusCode).toBe(413);

    const mine = (await uploadFile(admin, Buffer.from('secret'), 'mine.txt', 'text/plain')).json().result as {
      id: string;
    };
    const stolen = await stream('stream', staff, { content: 'Read it', attachmentIds: [mine.id] });
    expect(stolen.res.statusCode).toBe(400);
  });
});
