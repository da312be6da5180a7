import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_TENANT_ID, isPermissionCode, isReadPermission } from '@lintel/contracts';
import type { AppContext } from '../context.js';
import { redactUrl } from './logger.js';
import { redactBody, redactHeaders } from './redact.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer's body as the HTTP request log keeps it (redacted, capped). */
    httpLogResponse?: string | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes whose `code` fields are one-time secrets (captcha, SMS and OAuth codes). */
const CODE_IS_SECRET = /^\/api\/(sysAuth|sysOAuth|sysSms)\//;

/**
 * Whether a call goes to the HTTP request log. `writes` (the default) keeps the calls that may change
 * something: every method but GET/HEAD/OPTIONS, except routes the permission registry marks as reads
 * (Admin.NET's page, list, detail and export are POSTs), so the log holds sign-ins, changes and
 * refusals, not the bulk of the traffic. `all` keeps reads too. The log's own pages are never logged.
 */
export function isLoggedCall(mode: AppContext['config']['httpLog'], request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (mode === 'off' || !route?.startsWith('/api/') || route.startsWith('/api/sysLogHttp/')) return false;
  if (mode === 'all') return true;
  if (READS.has(request.method)) return false;
  const permission = request.routeOptions.config?.permission;
  return !(permission && isPermissionCode(permission) && isReadPermission(permission));
}

/**
 * The HTTP request log: method, path, status, duration, caller, address, and the bodies with
 * secrets redacted and credentials headers dropped (redact.ts), written after the answer in batches.
 */
export function registerHttpLog(app: FastifyInstance, ctx: AppContext): void {
  const mode = ctx.config.httpLog;
  if (mode === 'off') return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (isLoggedCall(mode, request)) {
      const json = String(reply.getHeader('content-type') ?? '').includes('json');
      request.httpLogResponse =
        typeof payload === 'string' || Buffer.isBuffer(payload)
          ? json
            ? redactBody(payload)
            : `[${String(reply.getHeader('content-type') ?? 'binary')}]`
          : payload == null
            ? null
            : '[stream]';
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!isLoggedCall(mode, request)) return;
    const principal = request.principal;
    const route = request.routeOptions.url ?? '';
    ctx.audit.http({
      tenantId: principal?.tenantId ?? DEFAULT_TENANT_ID,
      requestId: request.id,
      userId: principal?.userId ?? null,
      account: principal?.account ?? null,
      method: request.method.slice(0, 8),
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      elapsedMs: Math.round(reply.elapsedTime),
      remoteIp: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      requestHeaders: redactHeaders(request.headers),
      requestBody: request.isMultipart()
        ? '[multipart]'
        : redactBody(request.body, CODE_IS_SECRET.test(route)),
      responseBody: request.httpLogResponse ?? null,
    });
  });
}
