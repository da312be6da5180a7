import Fastify from 'fastify';
import type { Measurement } from './load.js';
import type { Scenario } from './scenarios.js';
import type { Served } from './served.js';

/**
 * A bare Fastify route answering exactly the bytes a Lintel route answered (same body, same type).
 * The ratio to the 17-byte baseline mixes two costs: what Lintel does per request, and moving its
 * answer (a 27 KB menu tree costs the socket writes and this process's own load generator, which
 * reads every body, several times a 17-byte one). Measured in the same run, this route is the ceiling
 * for that answer size, so Lintel's own share shows on its own.
 */
export async function startSameBytes(baseUrl: string, scenario: Scenario): Promise<Served> {
  const response = await fetch(`${baseUrl}${scenario.path}`, {
    method: scenario.method,
    headers: { ...scenario.headers, 'x-forwarded-for': '192.0.2.3' },
  });
  if (!response.ok) throw new Error(`${scenario.name}: HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? 'application/json';
  const app = Fastify({ logger: false });
  app.get('/same', (_request, reply) => reply.type(type).send(body));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

/** A scenario whose route answers the same bytes on the bare server. */
export const sameBytesScenario = (scenario: Scenario): Scenario => ({
  ...scenario,
  path: '/same',
  headers: {},
});

export type SameBytes = Pick<Measurement, 'rps' | 'cpuUsPerReq'>;
