import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { Wrapped } from '../../platform/http/result.js';
import { IdInput } from '../../platform/http/schemas.js';
import { TokenResult } from '../sys-auth/sys-auth.schema.js';
import { sendPair, sessionMeta } from '../sys-auth/session-reply.js';
import { TenantSwitchService } from './tenant-switch.service.js';

const tags = ['sysTenant'];

/** The super admin's ways into a tenant; each answers a new token pair like sign-in. */
export const tenantSwitchRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new TenantSwitchService(ctx);

    app.post(
      '/changeTenant',
      {
        config: { permission: 'sysTenant:changeTenant' },
        schema: {
          tags,
          summary: 'A new token pair for the super admin working in another tenant (headers and body)',
          body: IdInput,
          response: { 200: Wrapped(TokenResult) },
        },
      },
      async (request, reply) =>
        sendPair(
          reply,
          await service.changeTenant(principalOf(request), request.body.id, sessionMeta(request)),
        ),
    );

    app.post(
      '/goTenant',
      {
        config: { permission: 'sysTenant:goTenant' },
        schema: {
          tags,
          summary:
            "A new token pair of the tenant's administrator account, to work as it (recorded in the tenant's difference log)",
          body: IdInput,
          response: { 200: Wrapped(TokenResult) },
        },
      },
      async (request, reply) =>
        sendPair(reply, await service.goTenant(principalOf(request), request.body.id, sessionMeta(request))),
    );
  };
