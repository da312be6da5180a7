import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, Wrapped } from '../../platform/http/result.js';
import { SaveSysInfoBody } from './save-sys-info.schema.js';
import { SaveSysInfoService } from './save-sys-info.service.js';

/** The system-information settings page saves here (registered under /api/sysTenant). */
export const saveSysInfoRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SaveSysInfoService(ctx);
    app.post(
      '/saveSysInfo',
      {
        config: { permission: 'sysTenant:saveSysInfo' },
        schema: {
          tags: ['sysTenant'],
          summary: "Save the tenant's system information (partial: omitted fields unchanged)",
          body: SaveSysInfoBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.save(principalOf(request), request.body)),
    );
  };
