import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { NoQuery } from '../../platform/http/schemas.js';
import { OrgInfo } from '../sys-org/sys-org.schema.js';
import { SysOrgService } from '../sys-org/sys-org.service.js';
import { BaseInfoBody, BaseInfoResult, ChangePwdBody, LangCodeParams } from './sys-user.schema.js';
import { SysUserService } from './sys-user.service.js';

const tags = ['sysUser'];
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** The own-account endpoints (personal centre); account administration is a separate family. */
export const sysUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysUserService(ctx);
    const orgs = new SysOrgService(ctx);

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
      (request) => done(service.updateBaseInfo(principalOf(request), request.body)),
    );

    app.post(
      '/changePwd',
      {
        config: {
          permission: 'user',
          beforePasswordChange: true,
          rateLimit: { max: 20, timeWindow: 60_000 },
        },
        schema: {
          tags,
          summary: 'Change the own password (SM2-encrypted); ends every session of the account',
          body: ChangePwdBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) =>
        done(
          service.changePassword(principalOf(request), request.body.passwordOld, request.body.passwordNew),
        ),
    );

    app.get(
      '/orgInfo',
      {
        config: { permission: 'user', table: 'sysOrg' },
        schema: {
          tags,
          summary: 'The own organisation (null when none is assigned)',
          querystring: NoQuery,
          response: { 200: Wrapped(Nullable(OrgInfo)) },
        },
      },
      async (request) => ok(await orgs.own(principalOf(request))),
    );

    app.post(
      '/setLangCode/:langCode',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary:
            'Set the own language (any tag naming one of the 19 product locales, en-US → en); answers the locale stored',
          params: LangCodeParams,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await service.setLangCode(principalOf(request), request.params.langCode)),
    );
  };
