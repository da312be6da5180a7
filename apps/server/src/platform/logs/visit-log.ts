import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, DEFAULT_TENANT_ID } from '@lintel/contracts';
import type { AppContext } from '../context.js';
import type { AccessClaims } from '../auth/tokens.js';
import { clientAgent } from '../realtime/client-info.js';
import { clientLocation } from './client-location.js';
import { newId } from '../db/ids.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The message of a refused sign-in, kept for the visit log. */
    visitMessage?: string;
  }
}

/**
 * The routes every sign-in and sign-out goes through (password, SMS, QR scan and OAuth all end in
 * one of these), and how each signs in. A QR poll counts only when it hands out the pair: its
 * waiting answers are not sign-ins. test/logs checks that each of these routes exists.
 */
export const VISIT_ROUTES: Record<
  string,
  { action: 'login' | 'logout'; mode: string | null; pairOnly?: true }
> = {
  '/api/sysAuth/login': { action: 'login', mode: 'password' },
  '/api/sysAuth/loginPhone': { action: 'login', mode: 'phone' },
  '/api/sysAuth/qrPoll': { action: 'login', mode: 'qr', pairOnly: true },
  '/api/sysOAuth/exchange': { action: 'login', mode: 'oauth' },
  '/api/sysAuth/logout': { action: 'logout', mode: null },
};

const routeOf = (request: FastifyRequest) => VISIT_ROUTES[request.routeOptions.url ?? ''];

/** Who a sign-in attempt named: the account or phone number of the form, cut to the column. */
function attempted(body: unknown): { account: string | null; tenantId: string | null } {
  const form = (body ?? {}) as Record<string, unknown>;
  const name = form.account ?? form.phone;
  const tenant = form.tenantId;
  return {
    account: typeof name === 'string' ? name.trim().slice(0, 64) || null : null,
    tenantId: typeof tenant === 'string' || typeof tenant === 'number' ? String(tenant) : null,
  };
}

/** The account the new session belongs to, read from the pair the answer carries. */
async function signedIn(ctx: AppContext, reply: FastifyReply) {
  const token = reply.getHeader(ACCESS_TOKEN_HEADER);
  if (typeof token !== 'string') return undefined;
  const verified = ctx.codec.verify<AccessClaims>(token, 'a');
  if (!verified.ok) return undefined;
  const { principal } = await ctx.sessions.resolve(verified.claims);
  return principal ? { ...principal, tenantId: verified.claims.tid } : undefined;
}

/** A tenant id the log may file a refused sign-in under: a tenant that exists, else the default. */
async function knownTenant(ctx: AppContext, tenantId: string | null): Promise<string> {
  if (!tenantId || !/^\d{1,19}$/.test(tenantId)) return DEFAULT_TENANT_ID;
  return (await ctx.tenants.get(tenantId)) ? tenantId : DEFAULT_TENANT_ID;
}

/**
 * The visit log: every sign-in (with its outcome and, when refused, the reason the user was
 * given) and sign-out, with the address, browser, system and how long it took.
 */
export function registerVisitLog(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string' && routeOf(request)) {
      try {
        request.visitMessage = (JSON.parse(payload) as { message?: string }).message;
      } catch {
        // Not JSON: no reason to keep.
      }
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    if (!route) return;
    const elapsedMs = Math.round(reply.elapsedTime);
    // Taken now, so entries keep the order of the events however long the lookup below takes.
    const id = newId();
    const createTime = new Date();
    // Who signed in is read from the new session: off the request path, but ahead of the next flush.
    ctx.audit.defer(async () => {
      const success = reply.statusCode < 400;
      const who =
        route.action === 'logout' ? request.principal : success ? await signedIn(ctx, reply) : undefined;
      if (route.pairOnly && !who) return;
      if (success && !who) return;
      const tried = attempted(request.body);
      const { browser, os } = clientAgent(request.headers);
      ctx.audit.vis({
        id,
        createTime,
        tenantId: who?.tenantId ?? (await knownTenant(ctx, tried.tenantId)),
        userId: who?.userId ?? null,
        account: who?.account ?? tried.account,
        realName: who?.realName ?? null,
        actionName: route.action,
        loginMode: route.mode,
        success,
        message: success ? null : (request.visitMessage ?? null),
        remoteIp: request.ip,
        location: clientLocation(request.ip),
        browser,
        os,
        userAgent: request.headers['user-agent'] ?? null,
        elapsedMs,
      });
    });
  });
}
