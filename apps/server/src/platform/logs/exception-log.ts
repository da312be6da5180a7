import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import type { AppContext } from '../context.js';
import { t } from '../i18n/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The failure a 5xx answer was given for, kept for the exception log. */
    serverError?: Error;
  }
}

/**
 * The message of a server error's answer: the user's message followed by the request id, which
 * names the exception log row support looks up ("... (ref: 1300...)"). Marks the request so the
 * exception log keeps the failure.
 */
export function serverErrorMessage(request: FastifyRequest, error: Error, message: string): string {
  request.serverError = error;
  return t(request.locale, 'log.errorRef', { message, ref: request.id });
}

/**
 * The exception log: every server error (5xx) with the request id its answer showed, the call,
 * the error's message and stack, and who made the call. Written after the answer, in batches.
 */
export function registerExceptionLog(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', async (request, reply) => {
    const error = request.serverError;
    if (!error || reply.statusCode < 500) return;
    const principal = request.principal;
    ctx.audit.ex({
      tenantId: principal?.tenantId ?? DEFAULT_TENANT_ID,
      requestId: request.id,
      userId: principal?.userId ?? null,
      account: principal?.account ?? null,
      realName: principal?.realName ?? null,
      method: request.method.slice(0, 8),
      url: request.url,
      statusCode: reply.statusCode,
      message: `${error.name}: ${error.message}`,
      stack: error.stack ?? null,
      remoteIp: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
  });
}
