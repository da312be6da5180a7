import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../platform/context.js';
import { ok, Wrapped } from '../../../platform/http/result.js';
import type { SysAuthService } from '../sys-auth.service.js';
import { issueSliderPuzzle, verifySliderAnswer } from './slider-captcha.js';
import { SliderPassResult, SliderPuzzleResult, SliderQuery, SliderVerifyBody } from './slider.schema.js';

const tags = ['sysAuth'];
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** The slider captcha of sign-in (tenant setting second_ver), under /api/sysAuth. */
export const sliderRoutes =
  (ctx: AppContext, auth: SysAuthService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/sliderCaptcha',
      {
        config: { permission: 'public', ...perMinute(60) },
        schema: {
          tags,
          summary: 'A slider puzzle: picture with a hole and the piece (expires in 120 s)',
          querystring: SliderQuery,
          response: { 200: Wrapped(SliderPuzzleResult) },
        },
      },
      async (request) => {
        const tenant = await auth.loginTenant(request.query.tenantId);
        return ok(await issueSliderPuzzle(ctx.cache, tenant.id));
      },
    );

    app.post(
      '/sliderCaptcha/verify',
      {
        config: { permission: 'public', ...perMinute(30) },
        schema: {
          tags,
          summary: 'Checks where the piece was dropped; a pass token for sign-in, or a new puzzle is needed',
          body: SliderVerifyBody,
          response: { 200: Wrapped(SliderPassResult) },
        },
      },
      async (request) => ok(await verifySliderAnswer(ctx.cache, request.body)),
    );
  };
