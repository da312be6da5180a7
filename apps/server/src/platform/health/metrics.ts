import { createHash, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type PromClient from 'prom-client';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import type { JobEngine } from '../jobs/job-engine.js';
import { unauthorized } from '../http/errors.js';

/** Compares without telling by its timing how much of a guess was right. */
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * Prometheus text at /metrics when METRICS=on: request rate and latency by route pattern (bounded
 * labels: the route's pattern, never the address asked for), the PostgreSQL pool, the event loop's
 * lag and the process (prom-client's defaults), and job runs by type and outcome. Each app has its
 * own registry, so several apps in one process (tests) do not mix their figures.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, jobs: JobEngine): void {
  if (!ctx.config.metrics) return;
  // Loaded only when asked for: with its tracing API it is ~80 modules of every start otherwise.
  const client = createRequire(import.meta.url)('prom-client') as typeof PromClient;
  const register = new client.Registry();
  client.collectDefaultMetrics({ register, prefix: 'lintel_' });

  const requests = new client.Histogram({
    name: 'lintel_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  new client.Gauge({
    name: 'lintel_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on the embedded database)',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const stats = ctx.db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  const runs = new client.Counter({
    name: 'lintel_job_runs_total',
    help: 'Job runs finished on this process, by job type and outcome',
    labelNames: ['job_type', 'outcome'] as const,
    registers: [register],
  });
  const runSeconds = new client.Histogram({
    name: 'lintel_job_run_duration_seconds',
    help: 'Duration of the job runs finished on this process, by job type',
    labelNames: ['job_type'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 300],
    registers: [register],
  });
  jobs.runner.onFinished(({ jobType, outcome, elapsedMs }) => {
    runs.inc({ job_type: jobType, outcome });
    runSeconds.observe({ job_type: jobType }, elapsedMs / 1000);
  });

  app.get(
    '/metrics',
    {
      config: { permission: 'public' },
      schema: {
        hide: true,
        summary: 'Prometheus text format (METRICS=on; with METRICS_TOKEN, a bearer token)',
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      const token = ctx.config.metricsToken;
      if (token && !sameText(request.headers.authorization ?? '', `Bearer ${token}`)) throw unauthorized();
      return reply.type(register.contentType).send(await register.metrics());
    },
  );
}
