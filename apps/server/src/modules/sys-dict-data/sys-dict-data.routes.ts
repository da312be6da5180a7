import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { IdInput, StatusInput } from '../../platform/http/schemas.js';
import {
  AddDictDataBody,
  CodeParams,
  DetailQuery,
  DictDataOutput,
  DictDataPage,
  DictItem,
  ListQuery,
  PageDictDataBody,
  UpdateDictDataBody,
} from './sys-dict-data.schema.js';
import { SysDictDataService } from './sys-dict-data.service.js';
import { DataListQuery } from '../sys-dict-type/sys-dict-type.schema.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';

const tags = ['sysDictData'];

export const sysDictDataRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysDictDataService(ctx);

    const routes = standardRoutes(app, { controller: 'sysDictData', tags });

    routes.page({
      summary: 'Page of the items of one dictionary (label, value and code contain)',
      body: PageDictDataBody,
      response: DictDataPage,
      handler: (request) => service.page(principalOf(request).tenantId, request.body),
    });

    routes.list({
      summary: 'Every item of one dictionary, in order',
      querystring: ListQuery,
      response: Type.Array(DictDataOutput),
      handler: (request) => service.list(principalOf(request).tenantId, request.query.DictTypeId),
    });

    routes.detail({
      summary: 'One dictionary item',
      querystring: DetailQuery,
      response: DictDataOutput,
      handler: (request) => service.detail(principalOf(request).tenantId, request.query.Id),
    });

    app.get(
      '/dataList/:code',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Enabled items of one dictionary, by type code',
          params: CodeParams,
          response: { 200: Wrapped(Type.Array(DictItem)) },
        },
      },
      async (request) => ok(await service.dataList(principalOf(request).tenantId, request.params.code)),
    );

    app.get(
      '/dataList',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Enabled items of one dictionary, by type code in the query (Admin.NET: ?Code=)',
          querystring: DataListQuery,
          response: { 200: Wrapped(Type.Array(DictItem)) },
        },
      },
      async (request) => ok(await service.dataList(principalOf(request).tenantId, request.query.Code)),
    );

    routes.add({
      summary: 'Add a dictionary item (value unique in its type); returns its id',
      body: AddDictDataBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a dictionary item',
      body: UpdateDictDataBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete a dictionary item',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    routes.setStatus({
      summary: 'Enable or disable a dictionary item',
      body: StatusInput,
      handler: (request) => service.setStatus(principalOf(request), request.body.id, request.body.status),
    });

    registerBatchRoutes(app, {
      controller: 'sysDictData',
      tags,
      rows: 'dictionary entries',
      delete: (principal, id) => service.delete(principal, id),
      setStatus: (principal, id, status) => service.setStatus(principal, id, status),
    });
  };
