import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NoQuery } from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { PageOf } from '../../platform/http/paging.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import {
  AddAiProviderBody,
  AiConnectionBody,
  AiConnectionResult,
  AiLimitsOutput,
  AiProviderDetailOutput,
  AiProviderDetailQuery,
  AiProviderOutput,
  AiUsagePage,
  PageAiProviderBody,
  PageAiUsageBody,
  SetAiLimitsBody,
  UpdateAiProviderBody,
} from './ai-provider.schema.js';
import { AiProviderService } from './ai-provider.service.js';

const tags = ['aiProvider'];

/** `/api/aiProvider/*`: the tenant's model providers and models, connection tests, limits and usage. */
export const aiProviderRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new AiProviderService(ctx);
    const routes = standardRoutes(app, { controller: 'aiProvider', tags });

    routes.page({
      summary: 'Page of the tenant’s model providers (keys never included: hasApiKey says one is saved)',
      body: PageAiProviderBody,
      response: PageOf(AiProviderOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One provider with its models',
      querystring: AiProviderDetailQuery,
      response: AiProviderDetailOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.add({
      summary:
        'Add a provider with its models; the key is sealed at rest; a base URL on a private address is ' +
        'refused unless ALLOW_PRIVATE_HOSTS allows it; returns its id',
      body: AddAiProviderBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Update a provider and its whole model list; an empty key keeps the saved one',
      body: UpdateAiProviderBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a provider and its models (their usage stays)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    app.post(
      '/testConnection',
      {
        config: { permission: 'aiProvider:testConnection' },
        schema: {
          tags,
          summary:
            'Try a saved provider or the form’s unsaved values: the model list, then a one-token chat; ' +
            'answers the latencies and the localized failure',
          body: AiConnectionBody,
          response: { 200: Wrapped(AiConnectionResult) },
        },
      },
      async (request) => ok(await service.testConnection(principalOf(request), request.body, request.locale)),
    );
    app.post(
      '/fetchModels',
      {
        config: { permission: 'aiProvider:fetchModels' },
        schema: {
          tags,
          summary: 'The model ids the provider lists (GET {base}/models; empty where it lists none)',
          body: AiConnectionBody,
          response: { 200: Wrapped(Type.Array(Type.String())) },
        },
      },
      async (request) => ok(await service.fetchModels(principalOf(request), request.body, request.locale)),
    );
    app.get(
      '/limits',
      {
        config: { permission: 'aiProvider:limits' },
        schema: {
          tags,
          summary: 'The tenant’s AI limits (0 = none)',
          querystring: NoQuery,
          response: { 200: Wrapped(AiLimitsOutput) },
        },
      },
      async (request) => ok(await service.limits(principalOf(request))),
    );
    app.post(
      '/setLimits',
      {
        config: { permission: 'aiProvider:setLimits' },
        schema: {
          tags,
          summary: 'Set the tenant’s requests per minute (tenant, user) and tokens per day (tenant, user)',
          body: SetAiLimitsBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.setLimits(principalOf(request), request.body)),
    );
    app.post(
      '/usage',
      {
        config: { permission: 'aiProvider:usage' },
        schema: {
          tags,
          summary: 'Usage by user, model and day (requests, tokens), with the totals per day',
          body: PageAiUsageBody,
          response: { 200: Wrapped(AiUsagePage) },
        },
      },
      async (request) => ok(await service.usage(principalOf(request), request.body)),
    );
  };
