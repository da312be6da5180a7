import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createSigner, createVerifier } from 'fast-jwt';
import type { AppContext } from '../context.js';
import { LOGO_PNG, LOGO_SVG } from './assets.js';
import { readCookie, setCookie } from './cookies.js';
import { registerSwaggerLoginPage } from './swagger-login-page.js';

export const SWAGGER_COOKIE = 'lintel_swagger';
const SWAGGER_TTL_MS = 8 * 3600_000;

/** Short-lived signed cookie proving a swagger login; signed with the server's token secret. */
export function swaggerTokens(secret: string) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: SWAGGER_TTL_MS });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    /** The swagger cookie of a request, if any. */
    fromRequest: (request: FastifyRequest) => readCookie(request, SWAGGER_COOKIE),
    /** Sets the cookie of a fresh swagger login on the answer. */
    setCookie(reply: FastifyReply, account: string): void {
      setCookie(reply, SWAGGER_COOKIE, sign({ sub: account, typ: 'swagger' }), {
        path: '/',
        maxAge: SWAGGER_TTL_MS / 1000,
        sameSite: 'Strict',
      });
    },
    isValid(token: string | undefined): boolean {
      if (!token) return false;
      try {
        return (verify(token) as { typ?: string }).typ === 'swagger';
      } catch {
        return false;
      }
    },
  };
}

/**
 * Deletes the swagger cookie: signing out of the product ends the documentation login in that
 * browser too, so a shared computer keeps no open door to the API explorer.
 */
export function clearSwaggerCookie(reply: FastifyReply): void {
  setCookie(reply, SWAGGER_COOKIE, '', { path: '/', maxAge: 0, sameSite: 'Strict' });
}

/**
 * OpenAPI document and UI at /swagger, behind the swagger login: without a valid cookie the UI and
 * the JSON redirect to /swagger-login, which posts to /api/swagger/submitUrl.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tokens = swaggerTokens(ctx.keys.jwtSecret);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lintel API', version: process.env.npm_package_version ?? '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
  });
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!tokens.isValid(tokens.fromRequest(request))) {
      return reply.redirect(`/swagger-login?redirect=${encodeURIComponent(request.url)}`);
    }
  };
  registerSwaggerLoginPage(app);
  await app.register(swaggerUi, {
    routePrefix: '/swagger',
    uiHooks: { onRequest: guard },
    uiConfig: { persistAuthorization: true },
    logo: { type: 'image/svg+xml', content: LOGO_SVG },
    theme: {
      title: 'Lintel API',
      favicon: [
        { filename: 'favicon.png', rel: 'icon', sizes: '128x128', type: 'image/png', content: LOGO_PNG },
      ],
    },
  });
}
