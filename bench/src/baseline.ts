import Fastify from 'fastify';
import type { Served } from './served.js';

/** A bare Fastify app with one JSON route: the ceiling every Lintel scenario is compared with. */
export async function startBaseline(): Promise<Served> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}
