import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { IdInput, NoQuery } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { SaveSysInfoBody } from '../sys-tenant/save-sys-info.schema.js';
import { SaveSysInfoService } from '../sys-tenant/save-sys-info.service.js';
import {
  AddConfigBody,
  BatchUpdateConfigBody,
  ConfigDetailQuery,
  ConfigListBody,
  ConfigOutput,
  ConfigPage,
  ConfigPageBody,
  ConfigSysInfoResult,
  UpdateConfigBody,
} from './sys-config.schema.js';
import { SysConfigService } from './sys-config.service.js';

const tags = ['sysConfig'];

export const sysConfigRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysConfigService(ctx);
    const sysInfo = new SaveSysInfoService(ctx);
    const routes = standardRoutes(app, { controller: 'sysConfig', tags });

    app.get(
      '/sysInfo',
      {
        config: { permission: 'public' },
        schema: {
          tags,
          summary:
            'System information of the tenant the request host belongs to (default tenant otherwise), ' +
            'as sysTenant/sysInfo gives it, and whether the sign-in page hides its tenant choice',
          querystring: NoQuery,
          response: { 200: Wrapped(ConfigSysInfoResult) },
        },
      },
      async (request) => ok(await service.sysInfo(request.hostname)),
    );

    app.post(
      '/saveSysInfo',
      {
        config: { permission: 'sysTenant:saveSysInfo' },
        schema: {
          tags,
          summary: 'Save the tenant’s system information: the same action as sysTenant/saveSysInfo',
          body: SaveSysInfoBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(sysInfo.save(principalOf(request), request.body)),
    );

    routes.page({
      summary: 'Page of configuration items of the tenant worked in (filter by name, code, group)',
      body: ConfigPageBody,
      response: ConfigPage,
      handler: (request) => service.page(principalOf(request), request.body),
    });

    app.post(
      '/list',
      {
        config: { permission: 'sysConfig:list' },
        schema: {
          tags,
          summary: 'Every configuration item matching the filter, by group and order',
          body: ConfigListBody,
          response: { 200: Wrapped(Type.Array(ConfigOutput)) },
        },
      },
      async (request) => ok(await service.list(principalOf(request), request.body)),
    );

    app.get(
      '/groupList',
      {
        config: { permission: 'sysConfig:list' },
        schema: {
          tags,
          summary: 'The group codes in use',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(Type.String())) },
        },
      },
      async (request) => ok(await service.groupList(principalOf(request))),
    );

    routes.detail({
      summary: 'One configuration item',
      querystring: ConfigDetailQuery,
      response: ConfigOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });

    routes.add({
      summary: 'Add a configuration item of the operator’s own (code unique in the tenant); returns its id',
      body: AddConfigBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary:
        'Update a configuration item (a system item keeps its code; values the product reads are checked)',
      body: UpdateConfigBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete a configuration item (system items are refused)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    app.post(
      '/batchUpdate',
      {
        config: { permission: 'sysConfig:batchUpdate' },
        schema: {
          tags,
          summary: 'Set the values of several items by code, all or none',
          body: BatchUpdateConfigBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.batchUpdate(principalOf(request), request.body)),
    );

    registerBatchRoutes(app, {
      controller: 'sysConfig',
      tags,
      rows: 'configuration items',
      delete: (principal, id) => service.delete(principal, id),
    });
  };
