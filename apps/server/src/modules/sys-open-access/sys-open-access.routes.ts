import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { PageOf } from '../../platform/http/paging.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import {
  AddOpenAccessBody,
  GenerateSignatureBody,
  GenerateSignatureOutput,
  OpenAccessOutput,
  OpenAccessSecretOutput,
  PageOpenAccessBody,
  UpdateOpenAccessBody,
} from './sys-open-access.schema.js';
import { SysOpenAccessService } from './sys-open-access.service.js';

const tags = ['sysOpenAccess'];

/**
 * `/api/sysOpenAccess/*`: the tenant's open API access keys (Admin.NET's sysOpenAccess). Requests
 * signed with a key are accepted on every /api route (platform/auth/signed-requests.ts).
 */
export const sysOpenAccessRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysOpenAccessService(ctx);
    const routes = standardRoutes(app, { controller: 'sysOpenAccess', tags });

    routes.page({
      summary: 'Page of the tenant’s access keys with their accounts (secrets never listed: hasSecret)',
      body: PageOpenAccessBody,
      response: PageOf(OpenAccessOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.add({
      summary:
        'Create a key acting as an account the caller may act as (account policy); answers the key and ' +
        'its secret, shown this once',
      body: AddOpenAccessBody,
      response: OpenAccessSecretOutput,
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Change a key’s account, status or remark',
      body: UpdateOpenAccessBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a key (its signed requests are refused at once)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
    app.post(
      '/secret',
      {
        config: { permission: 'sysOpenAccess:secret' },
        schema: {
          tags,
          summary: 'Rotate a key’s secret: answers the new one, shown this once; the old one stops signing',
          body: IdInput,
          response: { 200: Wrapped(OpenAccessSecretOutput) },
        },
      },
      async (request) => ok(await service.rotate(principalOf(request), request.body.id)),
    );
    app.post(
      '/generateSignature',
      {
        config: { permission: 'sysOpenAccess:generateSignature' },
        schema: {
          tags,
          summary:
            'The sign header of a request: Base64(HMAC-SHA256(secret, METHOD&path&accessKey&timestamp&nonce)); ' +
            'with the secret given, or the saved key’s own',
          body: GenerateSignatureBody,
          response: { 200: Wrapped(GenerateSignatureOutput) },
        },
      },
      async (request) => ok(await service.generateSignature(principalOf(request), request.body)),
    );
  };
