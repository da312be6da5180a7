import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountType, DEFAULT_TENANT_ID } from '@lintel/contracts';
import { Type } from 'typebox';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import { swaggerTokens } from '../../platform/http/openapi.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { SysAuthService } from '../sys-auth/sys-auth.service.js';

const SubmitBody = Type.Object(
  {
    UserName: Type.String({ minLength: 1, maxLength: 64 }),
    Password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

/** The swagger login: administrators of the default tenant may read the API documentation. */
export const swaggerRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tokens = swaggerTokens(ctx.keys.jwtSecret);
    const auth = new SysAuthService(ctx);

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
        config: { permission: 'public', rateLimit: { max: 10, timeWindow: 60_000 } },
        schema: {
          tags: ['swagger'],
          summary: 'Swagger login (form fields UserName, Password)',
          body: SubmitBody,
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request, reply) => {
        // Plain text or SM2: the documentation page posts the form as typed.
        const password = auth.decryptPasswordLenient(request.body.Password);
        const user = await auth
          .checkPassword(DEFAULT_TENANT_ID, request.body.UserName, password)
          .catch((error: unknown) => {
            if (error instanceof AppError && error.statusCode === 400)
              throw new AppError(401, 'swagger.badCredentials');
            throw error;
          });
        if (user.accountType !== AccountType.SuperAdmin && user.accountType !== AccountType.SysAdmin) {
          throw new AppError(401, 'swagger.badCredentials');
        }
        reply.header('set-cookie', tokens.setCookie(user.account));
        return ok(200);
      },
    );
  };
