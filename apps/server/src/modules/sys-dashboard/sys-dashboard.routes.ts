import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { DashboardFigures, DashboardFiguresQuery } from './sys-dashboard.schema.js';
import { SysDashboardService } from './sys-dashboard.service.js';

const tags = ['sysDashboard'];

/** The dashboard's figures: every signed-in account sees its tenant's counts (no names). */
export const sysDashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysDashboardService(ctx);

    app.get(
      '/figures',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary:
            'Counts for the dashboard: online accounts, enabled accounts, sign-ins today and per day ' +
            'for 7 days, active accounts, stored files, job runs (super admin) and the caller’s ' +
            'schedule progress this week and month',
          querystring: DashboardFiguresQuery,
          response: { 200: Wrapped(DashboardFigures) },
        },
      },
      async (request) => ok(await service.figures(principalOf(request), request.query.tz)),
    );
  };
