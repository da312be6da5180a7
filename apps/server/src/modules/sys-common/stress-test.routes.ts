import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StressTestBody } from '@lintel/contracts/wire';
import type { AppContext } from '../../platform/context.js';
import { sendEvents } from '../../platform/http/sse-reply.js';
import { StressTestService } from './stress-test.service.js';

/** `POST /api/sysCommon/stressTest`: load on one of the server's own GET routes, reported live. */
export const stressTestRoutes =
  (_ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new StressTestService();
    app.post(
      '/stressTest',
      {
        config: { permission: 'sysCommon:stressTest' },
        schema: {
          tags: ['sysCommon'],
          summary:
            'Load-test a GET route of this server (a path, no host) with the caller’s token: at most 30 s and ' +
            '50 connections, one run at a time. Answers text/event-stream (the AI stream framing): meta (the run), then progress each second (second, ' +
            'requests, latencyMs, p50, p90, p99, errors), then result (requests/s, latency p50/p90/p99/max, errors, status ' +
            'counts) as done, or error. Closing the request stops the load. A refused target is an ordinary JSON error.',
          body: StressTestBody,
        },
      },
      async (request, reply) => {
        const run = await service.start(app, request.body, request.headers.authorization);
        return sendEvents(reply, run.events, run.abort);
      },
    );
  };
