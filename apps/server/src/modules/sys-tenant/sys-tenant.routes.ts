import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { SysInfoResult, TenantIdParams } from './sys-tenant.schema.js';
import { SysTenantService } from './sys-tenant.service.js';

export const sysTenantRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysTenantService(ctx);
    app.get(
      '/sysInfo/:tenantId',
      {
        config: { permission: 'public' },
        schema: {
          tags: ['sysTenant'],
          summary: 'Tenant branding and sign-in settings',
          params: TenantIdParams,
          response: { 200: Wrapped(SysInfoResult) },
        },
      },
      async (request) => ok(await service.sysInfo(request.params.tenantId)),
    );
  };
