import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { Type } from 'typebox';
import { SmsCodeParams, SmsCodeQuery, SmsCodeResult } from '../sys-auth/sys-auth.schema.js';
import { SysAuthService } from '../sys-auth/sys-auth.service.js';

const SmsTemplateParams = Type.Object(
  {
    ...SmsCodeParams.properties,
    templateId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  },
  { additionalProperties: false },
);

export const sysSmsRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const auth = new SysAuthService(ctx);
    // Admin.NET's address adds the provider's template id; the server sends its one sign-in
    // code template whatever it names, so the second address takes it and does not use it.
    const routes = [
      ['/sendSms/:phoneNumber', SmsCodeParams, 'Send a sign-in code to a mobile number'],
      [
        '/sendSms/:phoneNumber/:templateId',
        SmsTemplateParams,
        "Send a sign-in code to a mobile number (Admin.NET's address; the template id is not used)",
      ],
    ] as const;
    for (const [url, params, summary] of routes) {
      app.post(
        url,
        {
          // Per address; each number also waits between codes (sys_sms_resend_wait).
          config: { permission: 'public', rateLimit: { max: 5, timeWindow: 60_000 } },
          schema: {
            tags: ['sysSms'],
            summary,
            params,
            querystring: SmsCodeQuery,
            response: { 200: Wrapped(SmsCodeResult) },
          },
        },
        async (request) => ok(await auth.sendSmsCode(request.params.phoneNumber, request.query.tenantId)),
      );
    }
  };
