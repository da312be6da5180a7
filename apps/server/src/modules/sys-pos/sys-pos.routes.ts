import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
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

    app.get(
      '/list',
      {
        config: { permission: 'sysPos:list', table: 'sysPos' },
        schema: {
          tags,
          summary: 'Positions with the number of accounts holding each (within the caller’s data scope)',
          querystring: PosListQuery,
          response: { 200: Wrapped(Type.Array(PosOutput)) },
        },
      },
      async (request) => ok(await service.list(principalOf(request), request.query)),
    );

    app.post(
      '/export',
      {
        config: { permission: 'sysPos:export', table: 'sysPos' },
        schema: {
          tags,
          summary:
            'The filtered positions as xlsx, csv, html, xml or txt (the page shown or all), streamed; ' +
            'staff counts follow the data scope and the field blacklist applies',
          body: PosExportBody,
        },
      },
      async (request, reply) => {
        const { stream, headers } = service.export(
          principalOf(request),
          request.body,
          request.locale,
          (error) => request.log.error({ err: error }, 'position export failed'),
        );
        return reply.headers(headers).send(stream);
      },
    );

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

    app.post(
      '/add',
      {
        config: { permission: 'sysPos:add', table: 'sysPos' },
        schema: {
          tags,
          summary: 'Add a position (code unique in the tenant); returns its id',
          body: AddPosBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await service.add(principalOf(request), request.body)),
    );

    app.post(
      '/update',
      {
        config: { permission: 'sysPos:update', table: 'sysPos' },
        schema: {
          tags,
          summary: 'Update a position',
          body: UpdatePosBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.update(principalOf(request), request.body)),
    );

    app.post(
      '/delete',
      {
        config: { permission: 'sysPos:delete' },
        schema: {
          tags,
          summary: 'Delete a position (refused while accounts hold it)',
          body: IdInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.delete(principalOf(request), request.body.id)),
    );

    registerBatchRoutes(app, {
      controller: 'sysPos',
      tags,
      rows: 'positions',
      delete: (principal, id) => service.delete(principal, id),
    });
  };
