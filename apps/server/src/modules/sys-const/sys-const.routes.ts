import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, Wrapped } from '../../platform/http/result.js';
import { ConstItem, ConstType, NoQuery, TypeNameParams } from './sys-const.schema.js';
import { SysConstService } from './sys-const.service.js';

const tags = ['sysConst'];

export const sysConstRoutes = (): FastifyPluginAsyncTypebox => async (app) => {
  const service = new SysConstService();

  app.get(
    '/list',
    {
      config: { permission: 'user' },
      schema: {
        tags,
        summary: 'Every constant type with its items, named in the request language',
        querystring: NoQuery,
        response: { 200: Wrapped(Type.Array(ConstType)) },
      },
    },
    async (request) => ok(service.list(request.locale)),
  );

  app.get(
    '/data/:typeName',
    {
      config: { permission: 'user' },
      schema: {
        tags,
        summary: 'The items of one constant type',
        params: TypeNameParams,
        response: { 200: Wrapped(Type.Array(ConstItem)) },
      },
    },
    async (request) => ok(service.data(request.locale, request.params.typeName)),
  );
};
