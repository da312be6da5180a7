import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../../platform/auth/gate.js';
import type { AppContext } from '../../../platform/context.js';
import { ok, Wrapped } from '../../../platform/http/result.js';
import { siteOrigin } from '../../../platform/http/site-origin.js';
import { sessionMeta, setPairHeaders } from '../session-reply.js';
import type { SysAuthService } from '../sys-auth.service.js';
import {
  QrConfirmBody,
  QrConfirmResult,
  QrPollBody,
  QrPollResult,
  QrScanBody,
  QrScanResult,
  QrTicketBody,
  QrTicketResult,
} from './qr-login.schema.js';
import { QrLoginService } from './qr-login.service.js';

const tags = ['sysAuth'];
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * The site the QR code must lead back to: PUBLIC_URL when set; else the browser's Origin header
 * (right behind a proxy or the development server), else this server's own address.
 */
function confirmOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin)) return origin;
  return siteOrigin(request, undefined);
}

/** QR-code sign-in, under /api/sysAuth: see QrLoginService for the flow. */
export const qrLoginRoutes =
  (ctx: AppContext, auth: SysAuthService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new QrLoginService(ctx, auth);

    app.post(
      '/qrTicket',
      {
        config: { permission: 'public', ...perMinute(20) },
        schema: {
          tags,
          summary: 'A QR sign-in ticket for this device (expires in 120 s)',
          body: QrTicketBody,
          response: { 200: Wrapped(QrTicketResult) },
        },
      },
      async (request) =>
        ok(
          await service.create(
            request.body.tenantId,
            sessionMeta(request),
            confirmOrigin(request, ctx.config.publicUrl),
          ),
        ),
    );

    app.post(
      '/qrPoll',
      {
        // The waiting page asks every 2 s; room for a few tabs behind one address.
        config: { permission: 'public', ...perMinute(150) },
        schema: {
          tags,
          summary: 'State of a QR ticket; when confirmed, the token pair (once) as /login returns it',
          body: QrPollBody,
          response: { 200: Wrapped(QrPollResult) },
        },
      },
      async (request, reply) => {
        const { result, pair } = await service.poll(
          request.body.ticket,
          request.body.pollKey,
          sessionMeta(request),
        );
        if (pair) setPairHeaders(reply, pair);
        return ok(result);
      },
    );

    app.post(
      '/qrScan',
      {
        config: { permission: 'user', ...perMinute(30) },
        schema: {
          tags,
          summary: 'Opens a QR ticket: marks it scanned and describes the device asking to sign in',
          body: QrScanBody,
          response: { 200: Wrapped(QrScanResult) },
        },
      },
      async (request) => ok(await service.scan(request.body.ticket, principalOf(request))),
    );

    app.post(
      '/qrConfirm',
      {
        config: { permission: 'user', ...perMinute(30) },
        schema: {
          tags,
          summary: 'Confirms (signs the waiting device in as you) or rejects a QR ticket',
          body: QrConfirmBody,
          response: { 200: Wrapped(QrConfirmResult) },
        },
      },
      async (request) => {
        const { ticket, approve } = request.body;
        return ok({ status: await service.decide(ticket, approve, principalOf(request)) });
      },
    );
  };
