import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { BaseInfoBody, BaseInfoResult, ChangePwdBody } from './sys-user.schema.js';
import { SysUserService } from './sys-user.service.js';

const tags = ['sysUser'];

/** The own-account endpoints (personal centre); account administration is a separate family. */
export const sysUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysUserService(ctx);

    app.get(
      '/baseInfo',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'The own account with organisation, position and roles',
          response: { 200: Wrapped(BaseInfoResult) },
        },
      },
      async (request) => ok(await service.baseInfo(principalOf(request))),
    );

    app.post(
      '/baseInfo',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Update the own profile (never account, status, type, organisation or roles)',
          body: BaseInfoBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => {
        await service.updateBaseInfo(principalOf(request), request.body);
        return ok(null);
      },
    );

    app.post(
      '/changePwd',
      {
        config: { permission: 'user', rateLimit: { max: 20, timeWindow: 60_000 } },
        schema: {
          tags,
          summary: 'Change the own password (SM2-encrypted); ends every session of the account',
          body: ChangePwdBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => {
        await service.changePassword(
          principalOf(request),
          request.body.passwordOld,
          request.body.passwordNew,
        );
        return ok(null);
      },
    );
  };
