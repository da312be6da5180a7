import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PageThirdUserBody, ThirdUserOutput } from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { SysThirdUserService } from './sys-third-user.service.js';

const tags = ['sysWechatUser'];

/** `/api/sysWechatUser/*` (Admin.NET's third-party users): bound identities, and unbind. */
export const sysThirdUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysThirdUserService(ctx);
    const routes = standardRoutes(app, { controller: 'sysWechatUser', tags });

    routes.page({
      summary: 'Page of the identities bound to accounts: third-party sign-in and directory links',
      body: PageThirdUserBody,
      response: PageOf(ThirdUserOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Unbind an identity (the account stays; it no longer signs in that way)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
  };
