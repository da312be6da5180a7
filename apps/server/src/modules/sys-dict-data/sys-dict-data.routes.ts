import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
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

    app.post(
      '/page',
      {
        config: { permission: 'sysDictData:page' },
        schema: {
          tags,
          summary: 'Page of the items of one dictionary (label, value and code contain)',
          body: PageDictDataBody,
          response: { 200: Wrapped(DictDataPage) },
        },
      },
      async (request) => ok(await service.page(principalOf(request).tenantId, request.body)),
    );

    app.get(
      '/list',
      {
        config: { permission: 'sysDictData:list' },
        schema: {
          tags,
          summary: 'Every item of one dictionary, in order',
          querystring: ListQuery,
          response: { 200: Wrapped(Type.Array(DictDataOutput)) },
        },
      },
      async (request) => ok(await service.list(principalOf(request).tenantId, request.query.DictTypeId)),
    );

    app.get(
      '/detail',
      {
        config: { permission: 'sysDictData:detail' },
        schema: {
          tags,
          summary: 'One dictionary item',
          querystring: DetailQuery,
          response: { 200: Wrapped(DictDataOutput) },
        },
      },
      async (request) => ok(await service.detail(principalOf(request).tenantId, request.query.Id)),
    );

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

    app.post(
      '/add',
      {
        config: { permission: 'sysDictData:add' },
        schema: {
          tags,
          summary: 'Add a dictionary item (value unique in its type); returns its id',
          body: AddDictDataBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await service.add(principalOf(request), request.body)),
    );

    app.post(
      '/update',
      {
        config: { permission: 'sysDictData:update' },
        schema: {
          tags,
          summary: 'Update a dictionary item',
          body: UpdateDictDataBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => {
        await service.update(principalOf(request), request.body);
        return ok(null);
      },
    );

    app.post(
      '/delete',
      {
        config: { permission: 'sysDictData:delete' },
        schema: {
          tags,
          summary: 'Delete a dictionary item',
          body: IdInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => {
        await service.delete(principalOf(request), request.body.id);
        return ok(null);
      },
    );

    app.post(
      '/setStatus',
      {
        config: { permission: 'sysDictData:setStatus' },
        schema: {
          tags,
          summary: 'Enable or disable a dictionary item',
          body: StatusInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => {
        await service.setStatus(principalOf(request), request.body.id, request.body.status);
        return ok(null);
      },
    );

    registerBatchRoutes(app, {
      controller: 'sysDictData',
      tags,
      rows: 'dictionary entries',
      delete: (principal, id) => service.delete(principal, id),
      setStatus: (principal, id, status) => service.setStatus(principal, id, status),
    });
  };
