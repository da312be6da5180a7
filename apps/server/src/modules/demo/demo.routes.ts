import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DemoBackEndResult, DemoFigures, DemoFiguresQuery, DemoMenuSwitch } from '@lintel/contracts/wire';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { DemoService } from './demo.service.js';

const tags = ['demo'];

/** `/api/demo/*`: what the demo menus need from the server (menus-demo.ts). */
export const demoRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new DemoService(ctx);

    app.get(
      '/backEndPage',
      {
        config: { permission: 'demo:backEndPage' },
        schema: {
          tags,
          summary: 'The back-end permission demo: answered only to holders of demo:backEndPage (others: 403)',
          response: { 200: Wrapped(DemoBackEndResult) },
        },
      },
      async (request) => ok(service.backEndPage(principalOf(request))),
    );

    for (const [url, permission] of [
      ['/chartData', 'demo:chart'],
      ['/screenData', 'demo:screen'],
    ] as const) {
      app.get(
        url,
        {
          config: { permission },
          schema: {
            tags,
            summary:
              "The tenant's figures the chart and data-screen demos draw: totals, sign-ins per day (14 " +
              'days), accounts per organisation and per type, visits per weekday (28 days)',
            querystring: DemoFiguresQuery,
            response: { 200: Wrapped(DemoFigures) },
          },
        },
        async (request) => ok(await service.figures(principalOf(request), request.query.tz)),
      );
    }

    // The switch sits on the system-information page, with the tenant's other settings: same code.
    app.get(
      '/menuSwitch',
      {
        config: { permission: 'sysTenant:saveSysInfo' },
        schema: {
          tags,
          summary: 'Whether the demo directory shows in the menus of the tenant worked in',
          response: { 200: Wrapped(DemoMenuSwitch) },
        },
      },
      async (request) => ok({ visible: await service.menusVisible(principalOf(request)) }),
    );

    app.post(
      '/setMenuSwitch',
      {
        config: { permission: 'sysTenant:saveSysInfo' },
        schema: {
          tags,
          summary: 'Show or hide the demo directory for every account of the tenant (sys_demo_menus)',
          body: DemoMenuSwitch,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.setMenusVisible(principalOf(request), request.body.visible)),
    );
  };
