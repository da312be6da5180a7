import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import {
  DiffLogExportBody,
  LogIdParams,
  DiffLogOutput,
  OpLogExportBody,
  OpLogOutput,
  PageDiffLogBody,
  PageOpLogBody,
} from './sys-log.schema.js';
import { SysLogService } from './sys-log.service.js';
import { ChainVerifyOutput } from './access-log.schema.js';
import { verifyChain } from './chain-verify.service.js';
import type { ChainedLog } from '../../platform/audit/hash-chain.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** `P verify`: walks the tenant's hash chain of the log and reports its first broken link. */
function verifyRoute(app: App, ctx: AppContext, log: ChainedLog) {
  app.post(
    '/verify',
    {
      config: { permission: `${log}:verify` },
      schema: {
        tags: [log],
        summary:
          'Check the hash chain of the tenant’s entries: the first broken link (row id, time) or intact with N rows',
        response: { 200: Wrapped(ChainVerifyOutput) },
      },
    },
    async (request) => ok(await verifyChain(ctx, log, principalOf(request).tenantId)),
  );
}

/** `/api/sysLogOp/*`: the operation log. */
export const sysLogOpRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysLogService(ctx);
    const routes = standardRoutes(app, { controller: 'sysLogOp', tags: ['sysLogOp'] });

    routes.page({
      summary: 'Page of the operation log (who changed what, when, from where, with which outcome)',
      body: PageOpLogBody,
      response: PageOf(OpLogOutput),
      handler: (request) => service.opPage(principalOf(request), request.body),
    });
    app.get(
      '/detail/:id',
      {
        config: { permission: 'sysLogOp:page' },
        schema: {
          tags: ['sysLogOp'],
          summary: 'One operation log entry',
          params: LogIdParams,
          response: { 200: Wrapped(OpLogOutput) },
        },
      },
      async (request) => ok(await service.opDetail(principalOf(request), request.params.id)),
    );
    app.post(
      '/clear',
      {
        config: { permission: 'sysLogOp:clear' },
        schema: {
          tags: ['sysLogOp'],
          summary:
            "Empty the tenant's operation log; answers how many entries were deleted (the difference log records who cleared it)",
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request) => ok(await service.clearOps(principalOf(request))),
    );
    verifyRoute(app, ctx, 'sysLogOp');
    routes.export({
      summary:
        'The filtered operation log as xlsx, csv, html, xml or txt (this page or all entries), streamed',
      body: OpLogExportBody,
      handler: (request) =>
        service.opExport(principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'operation log export failed'),
        ),
    });
  };

/** `/api/sysLogDiff/*`: the difference log, also a row's modification record (tableName + rowId). */
export const sysLogDiffRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysLogService(ctx);
    const routes = standardRoutes(app, { controller: 'sysLogDiff', tags: ['sysLogDiff'] });

    routes.page({
      summary: 'Page of the difference log (old and new value per changed field); filter by table and row',
      body: PageDiffLogBody,
      response: PageOf(DiffLogOutput),
      handler: (request) => service.diffPage(principalOf(request), request.body),
    });
    app.get(
      '/detail/:id',
      {
        config: { permission: 'sysLogDiff:page' },
        schema: {
          tags: ['sysLogDiff'],
          summary: 'One difference log entry (changes of fields the reader’s field blacklist hides left out)',
          params: LogIdParams,
          response: { 200: Wrapped(DiffLogOutput) },
        },
      },
      async (request) => ok(await service.diffDetail(principalOf(request), request.params.id)),
    );
    app.post(
      '/clear',
      {
        config: { permission: 'sysLogDiff:clear' },
        schema: {
          tags: ['sysLogDiff'],
          summary:
            "Empty the tenant's difference log; answers how many entries were deleted (the entry recording who cleared it follows)",
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request) => ok(await service.clearDiffs(principalOf(request))),
    );
    verifyRoute(app, ctx, 'sysLogDiff');
    routes.export({
      summary:
        'The filtered difference log as xlsx, csv, html, xml or txt (this page or all entries), ' +
        'streamed; each entry’s changes as "field: before -> after; ..."',
      body: DiffLogExportBody,
      handler: (request) =>
        service.diffExport(principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'difference log export failed'),
        ),
    });
  };
