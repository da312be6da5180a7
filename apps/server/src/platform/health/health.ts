import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { databaseAnswers } from './health.repo.js';

/** How long a readiness check waits for one part before calling it down. */
const CHECK_MS = 2_000;

const PartState = Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('none')]);
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('degraded'), Type.Literal('unavailable')]),
  database: PartState,
  redis: PartState,
});

async function within(check: Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_MS);
  });
  try {
    return await Promise.race([check.then(() => 'up' as const), late]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a load balancer or an orchestrator, outside /api and without a session: `live` says
 * the process serves HTTP (restart it when this fails), `ready` that the database answers (send it no
 * traffic while this is 503). Redis down is `degraded` with 200: the process serves on the database
 * alone then, and a 503 would take every process out of the balancer at once. They reveal nothing
 * but up or down.
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/health/live',
    {
      config: { permission: 'public' },
      // Outside the API and its documentation, like the probes of any service.
      schema: {
        hide: true,
        summary: 'The process serves HTTP',
        response: { 200: Type.Object({ status: Type.Literal('live') }) },
      },
    },
    async () => ({ status: 'live' as const }),
  );
  app.get(
    '/health/ready',
    {
      // Each call asks the database: enough for any prober, not for a flood.
      config: { permission: 'public', rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        hide: true,
        summary: 'The database answers: 200 ready (degraded while Redis is down), 503 unavailable',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const redis = ctx.cache.redis;
      // Down while this process serves without Redis (the cache's circuit is open), until it recovered.
      const redisState = !redis ? 'none' : ctx.cache.degraded ? 'down' : within(redis.ping());
      const [database, cache] = await Promise.all([within(databaseAnswers(ctx.db.global)), redisState]);
      const ready = database === 'up';
      const status = !ready ? 'unavailable' : cache === 'down' ? 'degraded' : 'ready';
      return reply.code(ready ? 200 : 503).send({ status, database, redis: cache });
    },
  );
}
