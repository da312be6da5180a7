import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { Controller } from '@lintel/contracts';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { LogIdParams } from './sys-log.schema.js';
import {
  ExLogExportBody,
  ExLogOutput,
  HttpLogExportBody,
  HttpLogOutput,
  PageExLogBody,
  PageHttpLogBody,
  PageVisLogBody,
  VisLogExportBody,
  VisLogOutput,
} from './access-log.schema.js';
import { AccessLogService, EX, HTTP, VIS } from './access-log.service.js';
import type { AccessLog } from './access-log.repo.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** `G detail/{id}` and `P clear` of one log, with its own permission codes. */
function detailAndClear(
  app: App,
  controller: AccessLog & Controller,
  title: string,
  output: TSchema,
  detail: (request: { params: { id: string } } & Parameters<typeof principalOf>[0]) => Promise<unknown>,
  service: AccessLogService,
) {
  app.get(
    '/detail/:id',
    {
      config: { permission: `${controller}:page` },
      schema: {
        tags: [controller],
        summary: `One ${title} entry`,
        params: LogIdParams,
        response: { 200: Wrapped(output) },
      },
    },
    async (request) => ok(await detail(request)),
  );
  app.post(
    '/clear',
    {
      config: { permission: `${controller}:clear` },
      schema: {
        tags: [controller],
        summary: `Empty the tenant's ${title}; answers how many entries were deleted (the difference log records who)`,
        response: { 200: Wrapped(Type.Integer()) },
      },
    },
    async (request) => ok(await service.clear(controller, principalOf(request))),
  );
}

/** `/api/sysLogVis/*`: the visit log (sign-ins, refused ones with their reason, and sign-outs). */
export const sysLogVisRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new AccessLogService(ctx);
    const routes = standardRoutes(app, { controller: 'sysLogVis', tags: ['sysLogVis'] });
    routes.page({
      summary: 'Page of the visit log: sign-ins and sign-outs with address, location, browser and system',
      body: PageVisLogBody,
      response: PageOf(VisLogOutput),
      handler: (request) => service.page(VIS, principalOf(request), request.body, request.locale) as never,
    });
    app.get(
      '/list',
      {
        config: { permission: 'sysLogVis:page' },
        schema: {
          tags: ['sysLogVis'],
          summary:
            'The 100 latest successful sign-ins (who, from where, when), as Admin.NET’s visit map reads them',
          response: { 200: Wrapped(Type.Array(VisLogOutput)) },
        },
      },
      async (request) => {
        const page = await service.page(
          VIS,
          principalOf(request),
          { pageSize: 100, actionName: 'login', success: true },
          request.locale,
        );
        return ok(page.items) as never;
      },
    );
    detailAndClear(
      app,
      'sysLogVis',
      'visit log',
      VisLogOutput,
      (r) => service.detail(VIS, principalOf(r), r.params.id, r.locale),
      service,
    );
    routes.export({
      summary: 'The filtered visit log as xlsx, csv, html, xml or txt (this page or all entries), streamed',
      body: VisLogExportBody,
      handler: (request) =>
        service.export(VIS, principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'visit log export failed'),
        ),
    });
  };

/** `/api/sysLogEx/*`: the exception log (server errors under the reference their answer showed). */
export const sysLogExRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new AccessLogService(ctx);
    const routes = standardRoutes(app, { controller: 'sysLogEx', tags: ['sysLogEx'] });
    routes.page({
      summary: 'Page of the exception log; filter by the reference a user reports (requestId)',
      body: PageExLogBody,
      response: PageOf(ExLogOutput),
      handler: (request) => service.page(EX, principalOf(request), request.body, request.locale) as never,
    });
    detailAndClear(
      app,
      'sysLogEx',
      'exception log',
      ExLogOutput,
      (r) => service.detail(EX, principalOf(r), r.params.id, r.locale),
      service,
    );
    routes.export({
      summary:
        'The filtered exception log as xlsx, csv, html, xml or txt (this page or all entries), streamed',
      body: ExLogExportBody,
      handler: (request) =>
        service.export(EX, principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'exception log export failed'),
        ),
    });
  };

/** `/api/sysLogHttp/*`: the HTTP request log (bodies redacted of secrets). */
export const sysLogHttpRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new AccessLogService(ctx);
    const routes = standardRoutes(app, { controller: 'sysLogHttp', tags: ['sysLogHttp'] });
    routes.page({
      summary: 'Page of the HTTP request log: method, path, status, duration, caller, redacted bodies',
      body: PageHttpLogBody,
      response: PageOf(HttpLogOutput),
      handler: (request) => service.page(HTTP, principalOf(request), request.body, request.locale) as never,
    });
    detailAndClear(
      app,
      'sysLogHttp',
      'HTTP request log',
      HttpLogOutput,
      (r) => service.detail(HTTP, principalOf(r), r.params.id, r.locale),
      service,
    );
    routes.export({
      summary:
        'The filtered HTTP request log as xlsx, csv, html, xml or txt (this page or all entries), streamed',
      body: HttpLogExportBody,
      handler: (request) =>
        service.export(HTTP, principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'HTTP request log export failed'),
        ),
    });
  };
