import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  IdInput,
  NoQuery,
  PageWechatPayBody,
  RefundIdParams,
  TradeIdParams,
  WechatNotifyBody,
  WechatNotifyFail,
  WechatNotifyQuery,
  WechatPayJsapiParams,
  WechatPayNativeBody,
  WechatPayNativeOutput,
  WechatPayOutput,
  WechatPayPrepayBody,
  WechatPayRefundBody,
  WechatPaySettingBody,
  WechatPaySettingOutput,
  WechatPayStatusOutput,
  WechatPayTradeBody,
  WechatPayTransactionBody,
  WechatPayTransactionOutput,
  WechatRefundOutput,
} from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { siteOrigin } from '../../platform/http/site-origin.js';
import { t } from '../../platform/i18n/index.js';
import { handleNotification, type Notification } from './wechat-pay-callback.js';
import { signedHeadersOf } from './wechat-pay-protocol.js';
import { SysWechatPayService } from './sys-wechat-pay.service.js';

const tags = ['sysWechatPay'];
const LINTEL = 'Lintel addition, not in Admin.NET: ';

/** `/api/sysWechatPay/*`: Admin.NET's WeChat Pay operations, plus settings, status and close. */
export const sysWechatPayRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysWechatPayService(ctx);
    const origin = (request: FastifyRequest) => siteOrigin(request, ctx.config.publicUrl);
    app.get(
      '/configurationStatus',
      {
        config: { permission: 'sysWechatPay:page' },
        schema: {
          tags,
          summary: `${LINTEL}what is configured (no secrets)`,
          querystring: NoQuery,
          response: { 200: Wrapped(WechatPayStatusOutput) },
        },
      },
      async (request) => ok(await service.status(principalOf(request))),
    );
    app.get(
      '/setting',
      {
        config: { permission: 'sysWechatPay:setting' },
        schema: {
          tags,
          summary: `${LINTEL}the tenant's merchant settings; secrets are never answered`,
          querystring: NoQuery,
          response: { 200: Wrapped(WechatPaySettingOutput) },
        },
      },
      async (request) => ok(await service.setting(principalOf(request))),
    );
    app.post(
      '/saveSetting',
      {
        config: { permission: 'sysWechatPay:saveSetting' },
        schema: {
          tags,
          summary: `${LINTEL}save the merchant settings; keys are sealed, an empty key keeps the saved one`,
          body: WechatPaySettingBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => done(service.saveSetting(principalOf(request), request.body)),
    );
    app.post(
      '/generateParametersForJsapiPay',
      {
        config: { permission: 'sysWechatPay:payTransaction' },
        schema: {
          tags,
          summary: 'The signed parameters a JSAPI page passes to wx.requestPayment (paySign RSA)',
          body: WechatPayPrepayBody,
          response: { 200: Wrapped(WechatPayJsapiParams) },
        },
      },
      async (request) => ok(await service.jsapiParams(principalOf(request), request.body.prepayId)),
    );
    app.post(
      '/payTransaction',
      {
        config: { permission: 'sysWechatPay:payTransaction' },
        schema: {
          tags,
          summary:
            'Places a JSAPI order for a payer (openId); answers the prepay id and the signed pay parameters',
          body: WechatPayTransactionBody,
          response: { 200: Wrapped(WechatPayTransactionOutput) },
        },
      },
      async (request) => ok(await service.jsapi(principalOf(request), origin(request), request.body)),
    );
    app.post(
      '/payPartnerTransaction',
      {
        config: { permission: 'sysWechatPay:payPartnerTransaction' },
        schema: {
          tags,
          summary: 'Places a JSAPI order as a service provider for the configured sub merchant',
          body: WechatPayTransactionBody,
          response: { 200: Wrapped(WechatPayTransactionOutput) },
        },
      },
      async (request) => ok(await service.jsapi(principalOf(request), origin(request), request.body, true)),
    );
    app.post(
      '/payTransactionNative',
      {
        config: { permission: 'sysWechatPay:payTransactionNative' },
        schema: {
          tags,
          summary: 'Places a Native order; answers the code_url to show as a QR code',
          body: WechatPayNativeBody,
          response: { 200: Wrapped(WechatPayNativeOutput) },
        },
      },
      async (request) => ok(await service.native(principalOf(request), origin(request), request.body)),
    );
    app.get(
      '/payInfo/:tradeId',
      {
        config: { permission: 'sysWechatPay:payInfo' },
        schema: {
          tags,
          summary: 'An order as recorded here, by its outTradeNumber',
          params: TradeIdParams,
          response: { 200: Wrapped(WechatPayOutput) },
        },
      },
      async (request) => ok(await service.payInfo(principalOf(request), request.params.tradeId)),
    );
    app.get(
      '/payInfoFromWechat/:tradeId',
      {
        config: { permission: 'sysWechatPay:payInfoFromWechat' },
        schema: {
          tags,
          summary: 'Asks WeChat for the order’s state and records it',
          params: TradeIdParams,
          response: { 200: Wrapped(WechatPayOutput) },
        },
      },
      async (request) => ok(await service.payInfoFromWechat(principalOf(request), request.params.tradeId)),
    );
    app.post(
      '/close',
      {
        config: { permission: 'sysWechatPay:close' },
        schema: {
          tags,
          summary: `${LINTEL}closes an unpaid order at WeChat and here`,
          body: WechatPayTradeBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => done(service.close(principalOf(request), request.body.tradeId)),
    );
    app.post(
      '/refundDomestic',
      {
        config: { permission: 'sysWechatPay:refundDomestic' },
        schema: {
          tags,
          summary: 'Refunds part or all of a paid order (never more than is left to refund)',
          body: WechatPayRefundBody,
          response: { 200: Wrapped(WechatRefundOutput) },
        },
      },
      async (request) => ok(await service.refund(principalOf(request), origin(request), request.body)),
    );
    app.get(
      '/refundInfoFromWechat/:refundId',
      {
        config: { permission: 'sysWechatPay:refundInfoFromWechat' },
        schema: {
          tags,
          summary: 'Asks WeChat for a refund’s state (by outRefundNumber) and records it',
          params: RefundIdParams,
          response: { 200: Wrapped(WechatRefundOutput) },
        },
      },
      async (request) =>
        ok(await service.refundInfoFromWechat(principalOf(request), request.params.refundId)),
    );
    app.post(
      '/page',
      {
        config: { permission: 'sysWechatPay:page' },
        schema: {
          tags,
          summary: 'Page of orders; keyword matches outTradeNumber or transactionId',
          body: PageWechatPayBody,
          response: { 200: Wrapped(PageOf(WechatPayOutput)) },
        },
      },
      async (request) => ok(await service.page(principalOf(request), request.body)),
    );
    app.post(
      '/listRefund',
      {
        config: { permission: 'sysWechatPay:listRefund' },
        schema: {
          tags,
          summary: 'The refunds of one order (its id)',
          body: IdInput,
          response: { 200: Wrapped(Type.Array(WechatRefundOutput)) },
        },
      },
      async (request) => ok(await service.listRefund(principalOf(request), request.body.id)),
    );

    // The notifications are checked against the exact bytes WeChat signed, so their JSON parser keeps
    // the raw text (in this child context only) before parsing it as the default parser does.
    await app.register(async (plain) => {
      const child = plain.withTypeProvider<TypeBoxTypeProvider>();
      const raw = new WeakMap<FastifyRequest, string>();
      const json = child.getDefaultJsonParser('error', 'error');
      child.removeContentTypeParser('application/json');
      child.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, doneParsing) => {
        const text = String(body);
        raw.set(request, text);
        json(request, text, doneParsing);
      });
      // WeChat reads its own refusal format on every 4xx, also when Lintel's input checks refuse
      // (validation, NUL or infinite numbers); a server error goes on to the app's handler.
      child.setErrorHandler((error: FastifyError | AppError, _request, reply) => {
        const status = error.statusCode ?? 500;
        if (status >= 500) throw error;
        const message = error instanceof AppError ? t('en', error.key, error.params) : error.message;
        return reply.code(status).send({ code: 'FAIL', message });
      });
      for (const [action, summary] of [
        [
          'payCallBack',
          'WeChat’s payment and refund notifications (TRANSACTION.*, REFUND.*), signature-verified',
        ],
        ['payPartnerCallBack', 'WeChat’s notifications for service-provider orders, signature-verified'],
      ] as const) {
        child.post(
          `/${action}`,
          {
            config: { permission: 'public', rateLimit: { max: 600, timeWindow: 60_000 } },
            schema: {
              tags,
              summary: `${summary}: 204 taken, 401 {code: FAIL} when the signature does not verify`,
              querystring: WechatNotifyQuery,
              body: WechatNotifyBody,
              response: { 204: Type.Null(), 400: WechatNotifyFail, 401: WechatNotifyFail },
            },
          },
          async (request, reply) => {
            const answer = await handleNotification(
              ctx,
              service,
              request.query.tenantId,
              signedHeadersOf((name) => request.headers[name] as string | undefined),
              raw.get(request) ?? '',
              request.body as Notification,
            );
            if (answer.status === 204) return reply.code(204).send(null);
            return reply.code(answer.status).send({ code: 'FAIL', message: answer.message });
          },
        );
      }
    });
  };
