import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import {
  AddPrintBody,
  PagePrintBody,
  PrintIdBody,
  PrintListQuery,
  PrintNameParams,
  PrintOutput,
  PrintSummaryOutput,
  UpdatePrintBody,
} from './sys-print.schema.js';
import { SysPrintService } from './sys-print.service.js';

const tags = ['sysPrint'];

/** `/api/sysPrint/*`: print templates (managed with the sysPrint codes, read by every account). */
export const sysPrintRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysPrintService(ctx);
    const routes = standardRoutes(app, { controller: 'sysPrint', tags });

    routes.page({
      summary: 'A page of the tenant’s print templates (filter by name and list)',
      body: PagePrintBody,
      response: PageOf(PrintOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One print template with its layout',
      querystring: IdInput,
      response: PrintOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.add({
      summary:
        'Add a print template (name unique in the tenant; layout checked, texts cleaned); returns its id',
      body: AddPrintBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Update a print template',
      body: UpdatePrintBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a print template',
      body: PrintIdBody,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    app.get(
      '/print/:name',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary:
            'The enabled template of that name, for any account of the tenant (a layout only: the data ' +
            'printed is what the account’s own list shows)',
          params: PrintNameParams,
          response: { 200: Wrapped(PrintOutput) },
        },
      },
      async (request) => ok(await service.byName(principalOf(request), request.params.name)),
    );
    app.get(
      '/list',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'The enabled templates of a list (bizType), for the chooser of its print button',
          querystring: PrintListQuery,
          response: { 200: Wrapped(Type.Array(PrintSummaryOutput)) },
        },
      },
      async (request) => ok(await service.listFor(principalOf(request), request.query.bizType)),
    );
  };
