import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { StressProgress, StressResult, StressTestInput } from '@lintel/contracts';
import type { RouteEntry } from '../../platform/auth/gate.js';
import { badRequest, conflict } from '../../platform/http/errors.js';
import type { SseEvent } from '../../platform/http/sse-reply.js';

/** The path without its query, if it is one of the server's own GET routes (else undefined). */
export function ownGetRoute(table: readonly RouteEntry[], path: string): RouteEntry | undefined {
  if (!path.startsWith('/api/') || /[\s#\\]/.test(path) || path.includes('//')) return undefined;
  const bare = path.split('?')[0]!;
  return table.find((route) => {
    if (route.method !== 'GET') return false;
    const pattern = route.url
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    return new RegExp(`^${pattern}$`).test(bare);
  });
}

/** Where this process listens, as a loopback origin (a wildcard address is reached on loopback). */
export function selfOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return undefined;
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** A queue the load generator's callbacks push to and the event stream reads from. */
function eventQueue() {
  const items: SseEvent[] = [];
  let wake: (() => void) | undefined;
  let closed = false;
  return {
    push(event: SseEvent) {
      items.push(event);
      wake?.();
    },
    close() {
      closed = true;
      wake?.();
    },
    async *drain(): AsyncGenerator<SseEvent> {
      for (;;) {
        while (items.length) yield items.shift()!;
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    },
  };
}

/**
 * The stress test of SPEC's developer tools: load on one of the server's own GET routes with the
 * caller's token, bounded by the request schema (30 s, 50 connections) and to one run per process,
 * reported each second and at the end. Closing the stream stops the load.
 */
export class StressTestService {
  private running = false;

  async start(app: FastifyInstance, input: StressTestInput, authorization: string | undefined) {
    if (!ownGetRoute(app.routeTable, input.path))
      throw badRequest('stressTest.pathNotAllowed', { path: input.path });
    if (!authorization) throw badRequest('stressTest.tokenRequired');
    const origin = selfOrigin(app);
    if (!origin) throw badRequest('stressTest.notListening');
    if (this.running) throw conflict('stressTest.busy');
    this.running = true;
    // Loaded with the first run: autocannon takes a second to import, and most processes never run one.
    const { default: load } = await import('autocannon').catch((error: unknown) => {
      this.running = false;
      throw error;
    });

    const queue = eventQueue();
    // At once, so the answer's headers go out and the page knows the run began.
    queue.push({
      event: 'meta',
      data: { path: input.path, duration: input.duration, connections: input.connections },
    });
    let second = 0;
    let window = { requests: 0, latency: 0, errors: 0, latencies: [] as number[] };
    const instance = load(
      {
        url: origin + input.path,
        method: 'GET',
        headers: { authorization },
        duration: input.duration,
        connections: input.connections,
      },
      (error, result) => {
        this.running = false;
        if (error) queue.push({ event: 'error', data: { message: String(error) } });
        else queue.push({ event: 'done', data: summarize(input, result) });
        queue.close();
      },
    );
    instance.on('response', (_client, statusCode: number, _bytes: number, responseTime: number) => {
      window.requests += 1;
      window.latency += responseTime;
      window.latencies.push(responseTime);
      if (statusCode >= 400) window.errors += 1;
    });
    instance.on('reqError', () => (window.errors += 1));
    instance.on('tick', () => {
      second += 1;
      // autocannon ticks once more when it stops: that second is not part of the run.
      if (second > input.duration) return;
      const sorted = window.latencies.sort((a, b) => a - b);
      const progress: StressProgress = {
        second,
        requests: window.requests,
        latencyMs: window.requests ? round(window.latency / window.requests) : 0,
        p50: percentile(sorted, 0.5),
        p90: percentile(sorted, 0.9),
        p99: percentile(sorted, 0.99),
        errors: window.errors,
      };
      window = { requests: 0, latency: 0, errors: 0, latencies: [] };
      queue.push({ event: 'progress', data: progress });
    });
    return { events: queue.drain(), abort: () => instance.stop() };
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * The nearest-rank percentile of one second's latencies, sorted ascending (0 for a second without
 * answers). A second holds at most a few tens of thousands of answers, so sorting them is cheap.
 */
export function percentile(sorted: readonly number[], rank: number): number {
  if (!sorted.length) return 0;
  return round(sorted[Math.min(sorted.length, Math.max(1, Math.ceil(rank * sorted.length))) - 1]!);
}

function summarize(input: StressTestInput, result: autocannon.Result): StressResult {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stat.count ?? 0;
  return {
    path: input.path,
    duration: result.duration,
    connections: input.connections,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      average: result.latency.average,
    },
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    statusCodes,
  };
}
