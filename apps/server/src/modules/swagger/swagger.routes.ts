import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../platform/context.js';
import { swaggerTokens } from '../../platform/http/openapi.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { SIGN_IN_RATE_LIMIT } from '../sys-auth/sign-in-rate-limit.js';
import { SwaggerLoginService } from './swagger.service.js';

/** Admin.NET's field names, form-encoded or JSON, plus the captcha fields of sign-in. */
const SubmitBody = Type.Object(
  {
    UserName: Type.String({ minLength: 1, maxLength: 64 }),
    Password: Type.String({ minLength: 1, maxLength: 1024, description: 'SM2-encrypted (C1C3C2, hex)' }),
    codeId: Type.Optional(Type.String({ maxLength: 64, description: 'Id of the image captcha' })),
    code: Type.Optional(
      Type.String({ maxLength: 16, description: 'Its answer, when the tenant asks for it' }),
    ),
  },
  { additionalProperties: false },
);

/** The swagger login: administrators of the default tenant may read the API documentation. */
export const swaggerRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tokens = swaggerTokens(ctx.keys.jwtSecret);
    const login = new SwaggerLoginService(ctx);

    app.post(
      '/checkUrl',
      {
        config: { permission: 'public' },
        schema: {
          tags: ['swagger'],
          summary: '200 when the swagger login cookie is valid, 401 otherwise',
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request) => ok(tokens.isValid(tokens.fromRequest(request)) ? 200 : 401),
    );

    app.post(
      '/submitUrl',
      {
        config: { permission: 'public', rateLimit: SIGN_IN_RATE_LIMIT },
        schema: {
          tags: ['swagger'],
          summary: 'Swagger login (UserName, SM2-encrypted Password, captcha codeId and code)',
          body: SubmitBody,
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request, reply) => {
        const user = await login.signIn(request.body);
        tokens.setCookie(reply, user.account);
        return ok(200);
      },
    );
  };
