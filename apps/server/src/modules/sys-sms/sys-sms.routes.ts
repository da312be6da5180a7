import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { SmsCodeParams, SmsCodeQuery, SmsCodeResult } from '../sys-auth/sys-auth.schema.js';
import { SysAuthService } from '../sys-auth/sys-auth.service.js';

export const sysSmsRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const auth = new SysAuthService(ctx);
    app.post(
      '/sendSms/:phoneNumber',
      {
        // Per address; each number also waits between codes (sys_sms_resend_wait).
        config: { permission: 'public', rateLimit: { max: 5, timeWindow: 60_000 } },
        schema: {
          tags: ['sysSms'],
          summary: 'Send a sign-in code to a mobile number',
          params: SmsCodeParams,
          querystring: SmsCodeQuery,
          response: { 200: Wrapped(SmsCodeResult) },
        },
      },
      async (request) => ok(await auth.sendSmsCode(request.params.phoneNumber, request.query.tenantId)),
    );
  };
