import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The plumbing the fake providers share: a real node:http server on 127.0.0.1 (an ephemeral port)
 * that records every request and whether the client went away before the reply ended, and writes
 * scripted server-sent events with real framing, pauses and broken connections.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (undefined when there was none or it was not JSON). */
  body: unknown;
  /** The body as text (a multipart upload, say). */
  text: string;
  /** Settles when the exchange is over: 'finished' (the reply ended) or 'aborted' (the client closed first). */
  closed: Promise<'finished' | 'aborted'>;
  /** Set once closed settles. */
  outcome?: 'finished' | 'aborted';
}

/** One step of a scripted reply stream. */
export type SseStep =
  /** One event: `data: <json>` (with `event: <name>` when given). */
  | { data: unknown; event?: string }
  /** Bytes written exactly as given (a malformed chunk, a comment, a half event). */
  | { raw: string }
  /** A pause before the next step. */
  | { wait: number }
  /** The connection is destroyed here (a broken stream: no end, no [DONE]). */
  | { drop: true }
  /** Nothing more is written and the connection stays open until the client leaves. */
  | { hang: true };

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: RecordedRequest[];
  /** The requests the client abandoned before the reply ended. */
  aborted(): RecordedRequest[];
  close(): Promise<void>;
}

export type Handler = (request: RecordedRequest, res: http.ServerResponse) => Promise<void> | void;

export async function startFakeServer(handle: Handler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      let settle!: (outcome: 'finished' | 'aborted') => void;
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
        text,
        closed: new Promise((resolve) => (settle = resolve)),
      };
      record.closed.then((outcome) => (record.outcome = outcome));
      // 'close' on the response fires either way; writableFinished tells a full reply from a client leaving.
      res.on('close', () => settle(res.writableFinished ? 'finished' : 'aborted'));
      requests.push(record);
      Promise.resolve(handle(record, res)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(error) } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    aborted: () => requests.filter((r) => r.outcome === 'aborted'),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Writes the steps as an event stream; stops early when the client goes away. */
export async function sendSse(res: http.ServerResponse, steps: SseStep[]): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  for (const step of steps) {
    if (res.destroyed) return;
    if ('wait' in step) {
      await new Promise((resolve) => setTimeout(resolve, step.wait));
    } else if ('drop' in step) {
      res.socket?.destroy();
      return;
    } else if ('hang' in step) {
      return;
    } else {
      const text =
        'raw' in step
          ? step.raw
          : `${step.event ? `event: ${step.event}\n` : ''}data: ${JSON.stringify(step.data)}\n\n`;
      // Each event leaves before the next step (a drop must not swallow what was written before it).
      await new Promise<void>((resolve) => res.write(text, () => resolve()));
    }
  }
  res.end();
}
