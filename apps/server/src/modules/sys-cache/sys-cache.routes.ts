import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import {
  CacheDeleteOutput,
  CacheKeyListOutput,
  CacheKeyParams,
  CachePrefixParams,
  CacheValueOutput,
  NoQuery,
} from '@lintel/contracts/wire';
import { SysCacheService } from './sys-cache.service.js';

const tags = ['sysCache'];

/** The shared cache of this deployment (memory or Redis), for the super admin. */
export const sysCacheRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysCacheService(ctx);

    app.get(
      '/keyList',
      {
        config: { permission: 'sysCache:keyList' },
        schema: {
          tags,
          summary: 'The keys of the app cache (at most 5,000; Redis: SCAN under the app prefix), sorted',
          querystring: NoQuery,
          response: { 200: Wrapped(CacheKeyListOutput) },
        },
      },
      async () => ok(await service.keyList()),
    );

    app.get(
      '/keysByPrefixKey/:prefixKey',
      {
        config: { permission: 'sysCache:keysByPrefixKey' },
        schema: {
          tags,
          summary: 'The keys starting with a prefix',
          params: CachePrefixParams,
          response: { 200: Wrapped(CacheKeyListOutput) },
        },
      },
      async (request) => ok(await service.keyList(request.params.prefixKey)),
    );

    app.get(
      '/value/:key',
      {
        config: { permission: 'sysCache:value' },
        schema: {
          tags,
          summary: 'A value (JSON or text) with its seconds to live',
          params: CacheKeyParams,
          response: { 200: Wrapped(CacheValueOutput) },
        },
      },
      async (request) => ok(await service.value(request.params.key)),
    );

    app.post(
      '/delete/:key',
      {
        config: { permission: 'sysCache:delete' },
        schema: {
          tags,
          summary: 'Delete one key',
          params: CacheKeyParams,
          response: { 200: Wrapped(CacheDeleteOutput) },
        },
      },
      async (request) => ok(await service.delete(request.params.key)),
    );

    app.post(
      '/deleteByPreKey/:prefixKey',
      {
        config: { permission: 'sysCache:deleteByPreKey' },
        schema: {
          tags,
          summary: 'Delete every key starting with a prefix',
          params: CachePrefixParams,
          response: { 200: Wrapped(CacheDeleteOutput) },
        },
      },
      async (request) => ok(await service.deleteByPrefix(request.params.prefixKey)),
    );

    app.post(
      '/clear',
      {
        config: { permission: 'sysCache:clear' },
        schema: {
          tags,
          summary:
            'Delete the cached copies of data (rebuilt on demand; nobody is signed out); sign-ins in progress and rate limits are kept',
          response: { 200: Wrapped(CacheDeleteOutput) },
        },
      },
      async () => ok(await service.clear()),
    );
  };
