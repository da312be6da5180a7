import type { FastifyInstance } from 'fastify';
import { isPermissionCode, isReadPermission } from '@lintel/contracts';
import type { AuditLog } from './audit-log.js';

declare module 'fastify' {
  interface FastifyRequest {
    auditMessage?: string;
  }
}

/**
 * Whether a route's calls go to the operation log: signed-in, permission-coded, and not an action
 * the registry marks as a read (lists, details and exports are not operations worth a log line).
 */
export function isOperation(method: string, permission: string | undefined): boolean {
  if (method !== 'POST' || !permission || !isPermissionCode(permission)) return false;
  return !isReadPermission(permission);
}

/**
 * The operation log: who called which changing endpoint, from which address and browser, with
 * which outcome and message, and how long it took. Entries go to the batch writer after the answer.
 */
export function registerOpLog(app: FastifyInstance, audit: AuditLog): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      reply.statusCode >= 400 &&
      typeof payload === 'string' &&
      isOperation(request.method, request.routeOptions.config?.permission)
    ) {
      try {
        request.auditMessage = (JSON.parse(payload) as { message?: string }).message;
      } catch {
        // Not JSON: no message to keep.
      }
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const permission = request.routeOptions.config?.permission;
    const principal = request.principal;
    if (!principal || !isOperation(request.method, permission)) return;
    audit.op({
      tenantId: principal.tenantId,
      userId: principal.userId,
      account: principal.account,
      realName: principal.realName,
      method: request.method,
      url: request.routeOptions.url ?? request.url,
      permission: permission ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      statusCode: reply.statusCode,
      message: request.auditMessage ?? null,
      elapsedMs: Math.round(reply.elapsedTime),
    });
  });
}
