import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { IdInput } from '../../platform/http/schemas.js';
import {
  AddPosBody,
  PosExportBody,
  PosListQuery,
  PosOutput,
  StaffOutput,
  StaffQuery,
  UpdatePosBody,
} from './sys-pos.schema.js';
import { SysPosService } from './sys-pos.service.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';

const tags = ['sysPos'];

export const sysPosRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysPosService(ctx);

    const routes = standardRoutes(app, { controller: 'sysPos', tags, table: 'sysPos' });

    routes.list({
      summary: 'Positions with the number of accounts holding each (within the caller’s data scope)',
      querystring: PosListQuery,
      response: Type.Array(PosOutput),
      handler: (request) => service.list(principalOf(request), request.query),
    });

    routes.export({
      summary:
        'The filtered positions as xlsx, csv, html, xml or txt (the page shown or all), streamed; ' +
        'staff counts follow the data scope and the field blacklist applies',
      body: PosExportBody,
      handler: (request) =>
        service.export(principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'position export failed'),
        ),
    });

    app.get(
      '/staff',
      {
        config: { permission: 'sysPos:list', table: 'sysUser' },
        schema: {
          tags,
          summary: 'Accounts holding a position, as main or affiliated position (within the data scope)',
          querystring: StaffQuery,
          response: { 200: Wrapped(Type.Array(StaffOutput)) },
        },
      },
      async (request) => ok(await service.staff(principalOf(request), request.query.Id)),
    );

    routes.add({
      summary: 'Add a position (code unique in the tenant); returns its id',
      body: AddPosBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a position',
      body: UpdatePosBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete a position (refused while accounts hold it)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    registerBatchRoutes(app, {
      controller: 'sysPos',
      tags,
      rows: 'positions',
      delete: (principal, id) => service.delete(principal, id),
    });
  };
