import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { clearFileCookie } from '../../platform/files/file-cookie.js';
import { clearSwaggerCookie } from '../../platform/http/openapi.js';
import { badRequest } from '../../platform/http/errors.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { SharedAnswer } from '../../platform/http/shared-answer.js';
import { issueCaptcha } from './captcha.js';
import { qrLoginRoutes } from './qr/qr-login.routes.js';
import { sendPair, sessionMeta } from './session-reply.js';
import { SIGN_IN_RATE_LIMIT } from './sign-in-rate-limit.js';
import { sliderRoutes } from './slider/slider.routes.js';
import {
  CaptchaResult,
  HostnameParams,
  LoginBody,
  LoginPhoneBody,
  RefreshQuery,
  TokenResult,
  UnlockBody,
  UnlockQuery,
  UserInfoResult,
} from './sys-auth.schema.js';
import { SysAuthService } from './sys-auth.service.js';
import { userInfoFor, type UserInfo } from './user-info.js';

const tags = ['sysAuth'];
/** Sign-in endpoints are limited per client address; the Redis store shares counts across processes. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
const meta = sessionMeta;

export const sysAuthRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysAuthService(ctx);
    const userInfo = new SharedAnswer<UserInfo>(UserInfoResult);

    app.get(
      '/captcha',
      {
        config: { permission: 'public', ...perMinute(60) },
        schema: {
          tags,
          summary: 'Image captcha (expires in 60 s)',
          response: { 200: Wrapped(CaptchaResult) },
        },
      },
      async () => {
        const tenant = await ctx.tenants.get(DEFAULT_TENANT_ID);
        const captcha = await issueCaptcha(ctx.cache);
        return ok({ ...captcha, enabled: tenant ? service.captchaRequired(tenant) : true });
      },
    );

    app.post(
      '/login',
      {
        config: { permission: 'public', rateLimit: SIGN_IN_RATE_LIMIT },
        schema: {
          tags,
          summary: 'Sign in with account and SM2-encrypted password',
          body: LoginBody,
          response: { 200: Wrapped(TokenResult) },
        },
      },
      async (request, reply) => sendPair(reply, await service.login(request.body, meta(request))),
    );

    app.post(
      '/loginPhone',
      {
        config: { permission: 'public', ...perMinute(20) },
        schema: {
          tags,
          summary: 'Sign in with mobile number and SMS code',
          body: LoginPhoneBody,
          response: { 200: Wrapped(TokenResult) },
        },
      },
      async (request, reply) => sendPair(reply, await service.loginPhone(request.body, meta(request))),
    );

    app.post(
      '/logout',
      {
        config: { permission: 'user', beforePasswordChange: true },
        schema: { tags, summary: 'Sign out: revokes this session', response: { 200: Wrapped(Type.Null()) } },
      },
      (request, reply) =>
        done(
          service.logout(principalOf(request), request.session!.fam).then(() => {
            clearFileCookie(reply);
            clearSwaggerCookie(reply);
          }),
        ),
    );

    app.get(
      '/userInfo',
      {
        config: { permission: 'user', beforePasswordChange: true },
        schema: { tags, summary: 'The signed-in account', response: { 200: Wrapped(UserInfoResult) } },
      },
      async (request, reply) =>
        userInfo.send(
          request,
          reply,
          userInfoFor(principalOf(request), request.tenant!, request.server.routeTable),
        ),
    );

    app.post(
      '/unLockScreen',
      {
        config: { permission: 'user', ...perMinute(20) },
        schema: {
          tags,
          summary:
            'Unlock the lock screen with the password (JSON body; the query string as Admin.NET sends it)',
          querystring: UnlockQuery,
          body: UnlockBody,
          response: { 200: Wrapped(Type.Boolean()) },
        },
        // Admin.NET's clients post no body at all: validate that as an empty one.
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request) => {
        const password = request.body.password ?? request.query.password;
        if (!password) throw badRequest('validation.required', { field: 'password' });
        return ok(await service.unlockScreen(principalOf(request), password));
      },
    );

    app.get(
      '/refreshToken',
      {
        config: { permission: 'public', ...perMinute(60) },
        schema: {
          tags,
          summary: 'New token pair for the refresh token in X-Authorization',
          querystring: RefreshQuery,
          response: { 200: Wrapped(TokenResult) },
        },
      },
      async (request, reply) => {
        const refresh = /^Bearer\s+(\S+)$/i.exec(String(request.headers['x-authorization'] ?? ''))?.[1];
        if (!refresh) throw badRequest('auth.refreshRequired');
        return sendPair(reply, await service.refresh(refresh, request.query.accessToken));
      },
    );

    app.get(
      '/tenantIdByHostname/:hostname',
      {
        config: { permission: 'public' },
        schema: {
          tags,
          summary: 'Tenant id for a host name (default tenant when none matches)',
          params: HostnameParams,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => {
        const host = request.params.hostname.toLowerCase().replace(/:\d+$/, '');
        return ok((await service.tenantIdByHost(host)) ?? DEFAULT_TENANT_ID);
      },
    );

    await app.register(qrLoginRoutes(ctx, service));
    await app.register(sliderRoutes(ctx, service));
  };
