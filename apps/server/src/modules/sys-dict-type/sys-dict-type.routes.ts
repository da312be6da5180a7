import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { IdInput, StatusInput } from '../../platform/http/schemas.js';
import {
  AddDictTypeBody,
  AllDictList,
  DataListQuery,
  DetailQuery,
  DictItem,
  DictTypeOutput,
  DictTypePage,
  NoQuery,
  PageDictTypeBody,
  UpdateDictTypeBody,
} from './sys-dict-type.schema.js';
import { SysDictTypeService } from './sys-dict-type.service.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';

const tags = ['sysDictType'];

export const sysDictTypeRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysDictTypeService(ctx);

    const routes = standardRoutes(app, { controller: 'sysDictType', tags });

    routes.page({
      summary: 'Page of dictionary types (name and code contain, case-insensitive)',
      body: PageDictTypeBody,
      response: DictTypePage,
      handler: (request) => service.page(principalOf(request).tenantId, request.body),
    });

    routes.list({
      summary: 'Every dictionary type of the tenant',
      querystring: NoQuery,
      response: Type.Array(DictTypeOutput),
      handler: (request) => service.list(principalOf(request).tenantId),
    });

    routes.detail({
      summary: 'One dictionary type',
      querystring: DetailQuery,
      response: DictTypeOutput,
      handler: (request) =>
        service.detail(principalOf(request).tenantId, request.query.Id, request.query.Status),
    });

    app.get(
      '/allDictList',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Enabled items of every enabled dictionary, keyed by type code (the dict widget)',
          querystring: NoQuery,
          response: { 200: Wrapped(AllDictList) },
        },
      },
      async (request) => ok(await service.allDictList(principalOf(request).tenantId)),
    );

    app.get(
      '/dataList',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Enabled items of one dictionary, by type code',
          querystring: DataListQuery,
          response: { 200: Wrapped(Type.Array(DictItem)) },
        },
      },
      async (request) => ok(await service.dataList(principalOf(request).tenantId, request.query.Code)),
    );

    routes.add({
      summary: 'Add a dictionary type (code unique in the tenant); returns its id',
      body: AddDictTypeBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a dictionary type (a built-in type keeps its code)',
      body: UpdateDictTypeBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete a dictionary type and its items (built-in types cannot be deleted)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    routes.setStatus({
      summary: 'Enable or disable a dictionary type',
      body: StatusInput,
      handler: (request) => service.setStatus(principalOf(request), request.body.id, request.body.status),
    });

    registerBatchRoutes(app, {
      controller: 'sysDictType',
      tags,
      rows: 'dictionary types',
      delete: (principal, id) => service.delete(principal, id),
      setStatus: (principal, id, status) => service.setStatus(principal, id, status),
    });
  };
