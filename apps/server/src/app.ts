import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DEFAULT_LOCALE, type Locale } from '@lintel/contracts';
import { registerGate } from './platform/auth/gate.js';
import { rateLimitStore } from './platform/cache/rate-limit-store.js';
import { SignedRequests } from './platform/auth/signed-requests.js';
import { registerFieldGuard } from './platform/permission/field-guard.js';
import { registerOpLog } from './platform/audit/op-log-hook.js';
import { registerRequestLogs } from './platform/logs/request-logs.js';
import { requestId } from './platform/logs/request-id.js';
import type { AppContext } from './platform/context.js';
import { registerErrorHandling } from './platform/http/error-handler.js';
import { registerInputFormats } from './platform/http/formats.js';
import { compileOnFirstUse, lazySchemaController } from './platform/http/lazy-schemas.js';
import { registerFiniteGuard } from './platform/http/finite-guard.js';
import { registerNulGuard } from './platform/http/nul-guard.js';
import { registerCaseInsensitiveNames } from './platform/http/case-insensitive-names.js';
import { registerJsonMediaTypes } from './platform/http/json-media-types.js';
import { AppError } from './platform/http/errors.js';
import { negotiateLocale } from './platform/i18n/index.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { registerAssets } from './platform/http/assets.js';
import { registerCompression } from './platform/http/compression.js';
import { frameworkErrorWithHeaders, registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerWeb, spaFallback } from './platform/http/web.js';
import { MODULES } from './modules/index.js';
import { registerUploads } from './platform/files/serve-uploads.js';
import { UPLOAD_MAX_BYTES } from '@lintel/contracts';
import { JobEngine } from './platform/jobs/job-engine.js';
import { registerJobDashboard } from './platform/jobs/job-dashboard-page.js';
import { registerHealth } from './platform/health/health.js';
import { registerMetrics } from './platform/health/metrics.js';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
  interface FastifyInstance {
    /** The job engine (platform/jobs): built with the app, started by main.ts (or a test). */
    jobs: JobEngine;
  }
}

export type App = FastifyInstance;

/** Builds the whole HTTP application on an open context. Tests build it too and call `inject`. */
export async function buildApp(ctx: AppContext): Promise<App> {
  const app = Fastify({
    loggerInstance: ctx.log,
    // Unique across processes: a server error's answer names it for the exception log.
    genReqId: requestId,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    // The longest path parameter a schema allows is a host name (253); Fastify's default is 100.
    routerOptions: { maxParamLength: 256 },
    // Answers the router gives before any hook runs (malformed addresses) carry the headers too.
    frameworkErrors: frameworkErrorWithHeaders,
    ajv: {
      customOptions: {
        // Undeclared fields are dropped before the handler sees them, not refused (ARCHITECTURE 5:
        // Admin.NET's clients send extra paging and tenant fields), wherever a schema says
        // `additionalProperties: false`. ajv drops fields while it tries each branch of a union,
        // so request schemas keep unions of objects out (test/wire-fidelity.test.ts checks).
        removeAdditional: true,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: true,
      },
      // Stricter `date` and `date-time` than ajv-formats' (formats.ts); validators compiled at
      // their route's first request, as serializers (lazy-schemas.ts: a faster start).
      onCreate: (ajv) => {
        registerInputFormats(ajv);
        compileOnFirstUse(ajv);
      },
    },
    schemaController: lazySchemaController(),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First of all hooks: every answer carries them, even one that a later hook gives.
  registerSecurityHeaders(app);
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
    done();
  });
  registerErrorHandling(app, spaFallback(ctx.config.webDist));
  registerNulGuard(app);
  registerFiniteGuard(app);
  // Query and body names bind case-insensitively, as ASP.NET binds Admin.NET's parameters.
  registerCaseInsensitiveNames(app);
  registerJsonMediaTypes(app);
  // Before any route: it hooks each route as it is added.
  await registerCompression(app);

  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    // Shared counters in Redis; each process counts on its own while Redis is unreachable.
    store: rateLimitStore(ctx.cache),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'error.rateLimited', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  registerAssets(app);
  // Uploads: one file per request, at most 10 MB (SPEC 5); routes read it with request.file().
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  registerUploads(app, ctx);
  await registerOpenApi(app, ctx);
  registerGate(
    app,
    ctx.sessions,
    ctx.codec,
    new SignedRequests(ctx.db, ctx.cache, ctx.keys, ctx.sessions, ctx.tenants),
  );
  registerFieldGuard(app);
  registerOpLog(app, ctx.audit);
  registerRequestLogs(app, ctx);

  ctx.realtime.attach(app);
  const jobs = new JobEngine(ctx);
  app.decorate('jobs', jobs);
  app.addHook('preClose', () => jobs.stop());
  registerJobDashboard(app);
  registerHealth(app, ctx);
  registerMetrics(app, ctx, jobs);
  for (const [prefix, plugin] of MODULES) {
    await app.register(plugin(ctx), { prefix: `/api/${prefix}` });
  }
  // Its catch-all file route (GET /*) only answers what no more specific route does.
  await registerWeb(app, ctx.config.webDist);
  await app.ready();
  return app;
}
