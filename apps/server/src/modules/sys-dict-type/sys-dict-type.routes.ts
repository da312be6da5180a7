import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
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

    app.post(
      '/page',
      {
        config: { permission: 'sysDictType:page' },
        schema: {
          tags,
          summary: 'Page of dictionary types (name and code contain, case-insensitive)',
          body: PageDictTypeBody,
          response: { 200: Wrapped(DictTypePage) },
        },
      },
      async (request) => ok(await service.page(principalOf(request).tenantId, request.body)),
    );

    app.get(
      '/list',
      {
        config: { permission: 'sysDictType:list' },
        schema: {
          tags,
          summary: 'Every dictionary type of the tenant',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(DictTypeOutput)) },
        },
      },
      async (request) => ok(await service.list(principalOf(request).tenantId)),
    );

    app.get(
      '/detail',
      {
        config: { permission: 'sysDictType:detail' },
        schema: {
          tags,
          summary: 'One dictionary type',
          querystring: DetailQuery,
          response: { 200: Wrapped(DictTypeOutput) },
        },
      },
      async (request) =>
        ok(await service.detail(principalOf(request).tenantId, request.query.Id, request.query.Status)),
    );

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

    app.post(
      '/add',
      {
        config: { permission: 'sysDictType:add' },
        schema: {
          tags,
          summary: 'Add a dictionary type (code unique in the tenant); returns its id',
          body: AddDictTypeBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await service.add(principalOf(request), request.body)),
    );

    app.post(
      '/update',
      {
        config: { permission: 'sysDictType:update' },
        schema: {
          tags,
          summary: 'Update a dictionary type (a built-in type keeps its code)',
          body: UpdateDictTypeBody,
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
        config: { permission: 'sysDictType:delete' },
        schema: {
          tags,
          summary: 'Delete a dictionary type and its items (built-in types cannot be deleted)',
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
        config: { permission: 'sysDictType:setStatus' },
        schema: {
          tags,
          summary: 'Enable or disable a dictionary type',
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
      controller: 'sysDictType',
      tags,
      rows: 'dictionary types',
      delete: (principal, id) => service.delete(principal, id),
      setStatus: (principal, id, status) => service.setStatus(principal, id, status),
    });
  };
