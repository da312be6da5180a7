import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { MessageDetailQuery, MsgLogExportBody, MsgLogOutput, PageMsgLogBody } from './sys-message.schema.js';
import { MsgLogService } from './msg-log.service.js';

const tags = ['sysLogMsg'];

/** `/api/sysLogMsg/*`: the message log (who sent what to how many, when). */
export const sysLogMsgRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new MsgLogService(ctx);
    const routes = standardRoutes(app, { controller: 'sysLogMsg', tags });

    routes.page({
      summary: 'Page of the message log: title, type, sender, recipients and online count, time',
      body: PageMsgLogBody,
      response: PageOf(MsgLogOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One message log entry with the message text',
      querystring: MessageDetailQuery,
      response: MsgLogOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.export({
      summary: 'The filtered message log as xlsx, csv, html, xml or txt (this page or all), streamed',
      body: MsgLogExportBody,
      handler: (request) =>
        service.export(principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'message log export failed'),
        ),
    });
    app.post(
      '/clear',
      {
        config: { permission: 'sysLogMsg:clear' },
        schema: {
          tags,
          summary: 'Empty the tenant’s message log (inboxes keep their messages); answers how many went',
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request) => ok(await service.clear(principalOf(request))),
    );
  };
