import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { swaggerTokens } from '../../platform/http/openapi.js';
import { ok, Wrapped } from '../../platform/http/result.js';

/**
 * The API documentation inside the shell without a second sign-in: a signed-in account holding
 * sysApi:docs exchanges its session for the documentation cookie the swagger login sets (the
 * shell's iframe page calls this before it loads /swagger). Signing out deletes the cookie
 * (sys-auth logout, clearSwaggerCookie), as it does after a swagger login.
 */
export const swaggerSessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tokens = swaggerTokens(ctx.keys.jwtSecret);
    app.post(
      '/session',
      {
        config: { permission: 'sysApi:docs' },
        schema: {
          tags: ['swagger'],
          summary:
            'Set the documentation cookie for the signed-in account (sysApi:docs): /swagger opens without its login',
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request, reply) => {
        tokens.setCookie(reply, principalOf(request).account);
        return ok(200);
      },
    );
  };
