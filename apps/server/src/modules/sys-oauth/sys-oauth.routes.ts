import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_TENANT_ID, OAUTH_CALLBACK_PATH, Status } from '@lintel/contracts';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { readCookie, setCookie } from '../../platform/http/cookies.js';
import { siteOrigin } from '../../platform/http/site-origin.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { IdInput, StatusInput } from '../../platform/http/schemas.js';
import { TokenResult } from '../sys-auth/sys-auth.schema.js';
import { sendPair, sessionMeta } from '../sys-auth/session-reply.js';
import { OAuthFlow } from './oauth-flow.js';
import {
  AddProviderBody,
  AdminNetSignInQuery,
  BindingItem,
  CallbackQuery,
  CodeParams,
  ExchangeBody,
  LinkResult,
  LoginProvider,
  PageProviderBody,
  ProviderCodeBody,
  ProviderPage,
  TenantQuery,
  UpdateProviderBody,
} from './sys-oauth.schema.js';
import { SysOAuthService } from './sys-oauth.service.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';

const tags = ['sysOAuth'];
/** Public entry points are limited per client address, like the other sign-in endpoints. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
const Redirect = { 302: Type.Null({ description: 'Location: where the browser goes next' }) };

/**
 * Binds a provider round trip to the browser that started it (login CSRF): set when it starts, read
 * by the callback only (its path), sent on the provider's top-level redirect back (SameSite=Lax).
 */
const BROWSER_COOKIE = 'lintel_oauth';
const bindBrowser = (reply: FastifyReply, value: string, maxAge = 600, path = OAUTH_CALLBACK_PATH) =>
  setCookie(reply, BROWSER_COOKIE, value, { path, maxAge, sameSite: 'Lax' });

/**
 * Admin.NET's names for the round trip (`signIn?provider=Gitee`, `signInCallback`): a deployment
 * that registered Admin.NET's callback address with its providers keeps it. A round trip started
 * under these names comes back under them.
 */
const ADMIN_NET_CALLBACK_PATH = '/api/sysOAuth/signInCallback';

export const sysOAuthRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysOAuthService(ctx);
    /** The callback address registered with providers: this site's origin plus the fixed path. */
    const callbackUri = (request: FastifyRequest, path = OAUTH_CALLBACK_PATH) =>
      `${siteOrigin(request, ctx.config.publicUrl)}${path}`;
    const flow = new OAuthFlow(ctx, service.repo);

    app.get(
      '/loginProviders',
      {
        config: { permission: 'public', ...perMinute(60) },
        schema: {
          tags,
          summary: 'Enabled third-party sign-in providers of a tenant (the sign-in page links)',
          querystring: TenantQuery,
          response: { 200: Wrapped(Type.Array(LoginProvider)) },
        },
      },
      async (request) => {
        const tenant = await ctx.tenants.get(request.query.tenantId ?? DEFAULT_TENANT_ID);
        // An unknown or disabled tenant simply has no links: the sign-in page shows none.
        return ok(tenant?.status === Status.Enable ? await service.loginProviders(tenant.id) : []);
      },
    );

    app.get(
      '/signIn/:code',
      {
        config: { permission: 'public', ...perMinute(30) },
        schema: {
          tags,
          summary: 'Starts a sign-in: redirects to the provider with state and a PKCE challenge',
          params: CodeParams,
          querystring: TenantQuery,
          response: Redirect,
        },
      },
      async (request, reply) => {
        const started = await flow.signInUrl(
          request.query.tenantId,
          request.params.code,
          callbackUri(request),
        );
        if (started.browser) bindBrowser(reply, started.browser);
        return reply.redirect(started.url, 302);
      },
    );

    app.get(
      '/signIn',
      {
        config: { permission: 'public', ...perMinute(30) },
        schema: {
          tags,
          summary:
            'Admin.NET’s name for signIn/{code}: ?provider=Gitee (any case) starts the same sign-in; the ' +
            'provider sends the browser back to signInCallback. redirectUrl is accepted and not followed: ' +
            'the round trip ends on this site’s sign-in page, never with a token in an address',
          querystring: AdminNetSignInQuery,
          response: Redirect,
        },
      },
      async (request, reply) => {
        const { provider, tenantId } = request.query;
        const started = await flow.signInUrl(
          tenantId,
          provider.toLowerCase(),
          callbackUri(request, ADMIN_NET_CALLBACK_PATH),
        );
        if (started.browser) bindBrowser(reply, started.browser, 600, ADMIN_NET_CALLBACK_PATH);
        return reply.redirect(started.url, 302);
      },
    );

    for (const path of [OAUTH_CALLBACK_PATH, ADMIN_NET_CALLBACK_PATH]) {
      app.get(
        path.slice('/api/sysOAuth'.length),
        {
          config: { permission: 'public', ...perMinute(30) },
          schema: {
            tags,
            summary:
              'Where providers send the browser back; redirects to /login?oauth=<code>, ' +
              '/login?oauthError=<key> or, after linking, the personal centre' +
              (path === ADMIN_NET_CALLBACK_PATH
                ? ' (Admin.NET’s name, for round trips started at signIn)'
                : ''),
            querystring: CallbackQuery,
            response: Redirect,
          },
        },
        async (request, reply) => {
          const next = await flow.callback(request.query, readCookie(request, BROWSER_COOKIE));
          bindBrowser(reply, '', 0, path);
          return reply.redirect(next, 302);
        },
      );
    }

    app.post(
      '/exchange',
      {
        config: { permission: 'public', ...perMinute(30) },
        schema: {
          tags,
          summary: 'Trades the one-time code of /login?oauth= (60 s) for a token pair, as /login answers',
          body: ExchangeBody,
          response: { 200: Wrapped(TokenResult) },
        },
      },
      async (request, reply) => sendPair(reply, await flow.exchange(request.body.code, sessionMeta(request))),
    );

    app.post(
      '/link',
      {
        config: { permission: 'user', ...perMinute(30) },
        schema: {
          tags,
          summary:
            'Starts linking an identity of a provider to the signed-in account; returns the provider URL',
          body: ProviderCodeBody,
          response: { 200: Wrapped(LinkResult) },
        },
      },
      async (request, reply) => {
        const started = await flow.linkUrl(principalOf(request), request.body.provider, callbackUri(request));
        bindBrowser(reply, started.browser);
        return ok({ url: started.url });
      },
    );

    app.get(
      '/myBindings',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: "The tenant's providers with the signed-in account's linked state",
          response: { 200: Wrapped(Type.Array(BindingItem)) },
        },
      },
      async (request) => ok(await service.myBindings(principalOf(request))),
    );

    app.post(
      '/unlink',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: "Removes the signed-in account's identity of a provider",
          body: ProviderCodeBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.unlink(principalOf(request), request.body.provider)),
    );

    const routes = standardRoutes(app, { controller: 'sysOAuth', tags });

    routes.page({
      summary: 'Page of providers (the client secret is never returned, only whether it is set)',
      body: PageProviderBody,
      response: ProviderPage,
      handler: (request) => service.page(principalOf(request).tenantId, request.body),
    });

    routes.add({
      summary: 'Add a provider (code unique in the tenant); returns its id',
      body: AddProviderBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a provider (an empty client secret keeps the stored one)',
      body: UpdateProviderBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete a provider and every identity bound through it',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    routes.setStatus({
      summary: 'Enable or disable a provider',
      body: StatusInput,
      handler: (request) => service.setStatus(principalOf(request), request.body.id, request.body.status),
    });

    registerBatchRoutes(app, {
      controller: 'sysOAuth',
      tags,
      rows: 'sign-in providers',
      delete: (principal, id) => service.delete(principal, id),
      setStatus: (principal, id, status) => service.setStatus(principal, id, status),
    });
  };
