/**
 * `npm run bench:ai [-- --runs N] [--streams N] [--db pglite|postgres]`: what Lintel adds to a model's
 * stream, against the bare upstream measured in the same run. The upstream is the tests' local
 * OpenAI-compatible server (apps/server/test/fakes/openai-upstream.ts, real SSE over loopback), so
 * the model itself costs nothing and every millisecond measured is transport and Lintel.
 *
 * 1. Time to first token, sequential runs, bare and Lintel alternating:
 *    - bare: POST {upstream}/v1/chat/completions (stream) until the first content chunk;
 *    - adapter: the OpenAI-compatible adapter (openai client through the outbound policy's fetch)
 *      until its first `content` event;
 *    - Lintel: POST /api/aiChat/stream (signed in, a new conversation each time: auth, limits,
 *      conversation and message rows, model lookup, key opened, upstream call) until the first
 *      `event: content` reaches the browser side.
 * 2. `--streams` concurrent chat streams (each answer 20 tokens, 100 ms apart), three batches, with
 *    the process RSS before, at its peak and after each batch (after a GC when run with
 *    --expose-gc), so growth between batches shows as a leak. The server and this load generator share
 *    the process (as every bench here), so the RSS covers both.
 * A measurement, never a test.
 */
import { startLintel, type DbKind } from './lintel.js';
import { openAiCompatibleProvider } from '@lintel/server/src/platform/ai/openai-compatible.js';
import { policyFetch } from '@lintel/server/src/platform/ai/policy-fetch.js';
import { OutboundPolicy } from '@lintel/server/src/platform/net/outbound.js';
import {
  chat,
  content,
  finish,
  startOpenAiUpstream,
  usage,
  wait,
  type OpenAiStep,
} from '@lintel/server/test/fakes/openai-upstream.js';

const progress = (line: string) => console.error(`[bench] ${line}`);
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const dbAt = process.argv.indexOf('--db');
const db: DbKind = dbAt >= 0 && process.argv[dbAt + 1] === 'postgres' ? 'postgres' : 'pglite';
const runs = flag('runs', 100);
const streams = flag('streams', 200);
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (db === 'postgres' && !postgresUrl) {
  console.error('--db postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  process.exit(2);
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;
const fmt = (ms: number) => ms.toFixed(2);
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Reads a response body until `found` says a chunk holds what is waited for; the ms it took. */
async function untilFirst(
  response: Response,
  started: number,
  found: (text: string) => boolean,
): Promise<number> {
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let at: number | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (at === undefined && found(seen)) at = performance.now() - started;
  }
  if (at === undefined) throw new Error(`no first token in: ${seen.slice(0, 300)}`);
  return at;
}

// A first token at once, then a short answer: the stream's start is what is timed.
const quick = (): OpenAiStep[] => [content('Hello'), content(' there'), finish(), usage(5, 2)];
// The concurrent streams: 20 tokens, 100 ms apart (2 s per answer).
const slow = (): OpenAiStep[] => [
  ...Array.from({ length: 20 }, (_, i) => [wait(100), content(`t${i} `)]).flat(),
  finish(),
  usage(5, 20),
];

const upstream = await startOpenAiUpstream();
let mode: 'quick' | 'slow' = 'quick';
upstream.reply(() => chat(mode === 'quick' ? quick() : slow()));
const server = await startLintel({
  db,
  ...(postgresUrl ? { postgresUrl } : {}),
  ...(process.env.BENCH_REDIS_URL ? { redisUrl: process.env.BENCH_REDIS_URL } : {}),
  settings: { ALLOW_PRIVATE_HOSTS: '127.0.0.1' },
});
const policy = new OutboundPolicy(['127.0.0.1']);

async function api(path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminToken}` },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; result: unknown };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.message}`);
  return envelope.result;
}

const bare = () => {
  const started = performance.now();
  return fetch(`${upstream.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${upstream.apiKey}` },
    body: JSON.stringify({ model: 'fake-chat', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
  }).then((response) => untilFirst(response, started, (text) => text.includes('"content"')));
};

const adapter = openAiCompatibleProvider({
  baseUrl: upstream.baseUrl,
  apiKey: upstream.apiKey,
  fetch: policyFetch(policy),
});
const viaAdapter = async () => {
  const started = performance.now();
  let at: number | undefined;
  for await (const event of adapter.streamChat({
    model: 'fake-chat',
    messages: [{ role: 'user', content: 'Hi' }],
    signal: new AbortController().signal,
  })) {
    if (event.type === 'content' && at === undefined) at = performance.now() - started;
    if (event.type === 'error') throw new Error(event.message);
  }
  return at!;
};

const lintelStream = (until: (text: string) => boolean) => {
  const started = performance.now();
  return fetch(`${server.url}/api/aiChat/stream`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${server.adminToken}`,
    },
    body: JSON.stringify({ content: 'Hi' }),
  }).then((response) => untilFirst(response, started, until));
};
const viaLintel = () => lintelStream((text) => text.includes('event: content'));
/** A signed-in GET that reads the tenant's models in one transaction: what any request costs. */
const modelsList = async () => {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/aiChat/models`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  });
  await response.text();
  if (!response.ok) throw new Error(`/api/aiChat/models: HTTP ${response.status}`);
  return performance.now() - started;
};
/** Until the stream's first event (`meta`): Lintel's work before it calls the model. */
const lintelMeta = () => lintelStream((text) => text.includes('event: meta'));

try {
  await api('/api/aiProvider/add', {
    kind: 'openai',
    name: 'Bench upstream',
    baseUrl: upstream.baseUrl,
    apiKey: upstream.apiKey,
    enabled: true,
    models: [
      {
        modelId: 'fake-chat',
        name: 'Fake chat',
        reasoning: false,
        vision: false,
        isDefault: true,
        enabled: true,
      },
    ],
  });

  progress(`time to first token: ${runs} runs each after 10 warm-ups`);
  const times = {
    bare: [] as number[],
    adapter: [] as number[],
    lintel: [] as number[],
    meta: [] as number[],
    models: [] as number[],
  };
  for (let run = -10; run < runs; run++) {
    const b = await bare();
    const a = await viaAdapter();
    const l = await viaLintel();
    const m = await lintelMeta();
    const g = await modelsList();
    if (run >= 0) {
      times.models.push(g);
      times.bare.push(b);
      times.adapter.push(a);
      times.lintel.push(l);
      times.meta.push(m);
    }
  }
  console.log(`\nAI stream, time to first token (${server.label}), ${runs} sequential runs`);
  console.log('| path | p50 ms | p90 ms | added over bare, p50 ms |');
  console.log('|---|---|---|---|');
  for (const [name, values] of [
    ['bare upstream (fetch, loopback SSE)', times.bare],
    ['adapter (openai client via outbound policy)', times.adapter],
    ['POST /api/aiChat/stream (new conversation)', times.lintel],
    ['the same, until its first event (meta)', times.meta],
    ['for scale: GET /api/aiChat/models (signed in, one query, no model call)', times.models],
  ] as const) {
    const added = quantile(values, 0.5) - quantile(times.bare, 0.5);
    console.log(
      `| ${name} | ${fmt(quantile(values, 0.5))} | ${fmt(quantile(values, 0.9))} | ${values === times.bare || values === times.models ? '–' : fmt(added)} |`,
    );
  }

  mode = 'slow';
  progress(`${streams} concurrent streams, three batches`);
  console.log(`\n${streams} concurrent chat streams (20 tokens each, 100 ms apart), process RSS in MiB`);
  console.log('| batch | completed | wall s | RSS before | RSS peak | RSS after |');
  console.log('|---|---|---|---|---|---|');
  for (let batch = 1; batch <= 3; batch++) {
    gc();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: streams }, () => lintelStream((text) => text.includes('event: done'))),
    );
    const wall = (performance.now() - started) / 1000;
    clearInterval(sampler);
    gc();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = process.memoryUsage().rss;
    const completed = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
    if (failed) progress(`a stream failed: ${String(failed.reason).slice(0, 300)}`);
    console.log(
      `| ${batch} | ${completed}/${streams} | ${wall.toFixed(2)} | ${mib(before)} | ${mib(peak)} | ${mib(after)} |`,
    );
  }
  const open = upstream.chats().filter((r) => r.outcome === undefined).length;
  console.log(`\nUpstream requests still open after the batches: ${open}`);
  if (!(globalThis as { gc?: unknown }).gc)
    console.log('(run with NODE_OPTIONS=--expose-gc for RSS after a GC)');
} finally {
  await policy.close();
  await server.close();
  await upstream.close();
}
