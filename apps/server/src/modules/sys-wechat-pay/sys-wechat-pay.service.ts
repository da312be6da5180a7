import type {
  WechatPayFilter,
  WechatPayNativeInput,
  WechatPayRefundInput,
  WechatPayRow,
  WechatPayTransactionInput,
  WechatRefundRow,
} from '@lintel/contracts';
import { created } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import {
  applyRefund,
  applyTransaction,
  WechatMismatch,
  type WechatRefund,
  type WechatTransaction,
} from './wechat-pay-apply.js';
import { WechatPayClient, WechatPayFailure } from './wechat-pay-client.js';
import { jsapiPayParams } from './wechat-pay-protocol.js';
import { openSetting, saveSetting, settingOutput, statusOf } from './wechat-pay-setting.js';
import { SysWechatPayRepo, type OrderRecord, type RefundRecord } from './sys-wechat-pay.repo.js';
import { toOrder, toRefund } from './wechat-pay-rows.js';

const SORTABLE = {
  createTime: 'createTime',
  total: 'total',
  tradeState: 'tradeState',
  successTime: 'successTime',
};
/** Unpaid orders expire after two hours, as Admin.NET's default; WeChat wants second precision, +08:00. */
const EXPIRE_MS = 2 * 3600_000;
const beijingTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19) + '+08:00';
/** Orders that may still be refunded: paid, or paid and partly refunded already. */
const REFUNDABLE = ['SUCCESS', 'REFUND'];
const CLOSABLE = ['NOTPAY', 'USERPAYING', 'PAYERROR'];

/** A failed call to WeChat as the localized answer the administrator reads. */
export function wechatError(error: unknown): unknown {
  if (error instanceof WechatPayFailure) {
    if (error.reason === 'refused')
      return new AppError(400, 'wechatPay.refused', {
        code: error.code || String(error.status),
        message: error.message,
      });
    if (error.reason === 'badSignature')
      return new AppError(502, 'wechatPay.badSignature', { reason: error.code });
    if (error.reason === 'hostRefused') return new AppError(400, 'wechatPay.hostRefused');
    return new AppError(502, 'wechatPay.unreachable', { message: error.message });
  }
  if (error instanceof WechatMismatch)
    return new AppError(502, 'wechatPay.mismatch', { reported: error.reported, expected: error.expected });
  return error;
}

/** Where WeChat sends this tenant's notifications: the public site, the callback, the tenant. */
export const notifyUrl = (origin: string, tenantId: string, partner = false) =>
  `${origin}/api/sysWechatPay/${partner ? 'payPartnerCallBack' : 'payCallBack'}?tenantId=${tenantId}`;

/** The tenant's WeChat Pay: settings, orders, queries, close and refunds. */
export class SysWechatPayService {
  readonly repo = new SysWechatPayRepo();

  constructor(private readonly ctx: AppContext) {}

  status(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => statusOf(await this.repo.setting(trx)));
  }

  setting(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => settingOutput(await this.repo.setting(trx)));
  }

  saveSetting(principal: Principal, input: Parameters<typeof saveSetting>[3]) {
    return saveSetting(this.ctx, this.repo, principal, input);
  }

  /** The client of the tenant's merchant, or a 400 naming what to configure. */
  async client(tenantId: string): Promise<WechatPayClient> {
    const row = await this.ctx.db.tenant(tenantId, (trx) => this.repo.setting(trx));
    return new WechatPayClient(this.ctx.outbound, openSetting(this.ctx, tenantId, row));
  }

  async native(principal: Principal, origin: string, input: WechatPayNativeInput) {
    const client = await this.client(principal.tenantId);
    const { outTradeNumber, request, row } = this.newOrder(principal, client, origin, input, 'NATIVE');
    const answer = await this.remote(
      client.call<{ code_url: string }>('POST', '/v3/pay/transactions/native', request),
    );
    await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.insertOrder(trx, { ...row, qrcodeContent: answer.data.code_url }),
    );
    return { outTradeNumber, qrcodeUrl: answer.data.code_url };
  }

  async jsapi(principal: Principal, origin: string, input: WechatPayTransactionInput, partner = false) {
    const client = await this.client(principal.tenantId);
    const { appId, merchantId, subAppId, subMerchantId } = client.setting;
    if (partner && !subMerchantId) throw badRequest('wechatPay.partnerNotConfigured');
    const { outTradeNumber, request, row } = this.newOrder(
      principal,
      client,
      origin,
      input,
      'JSAPI',
      partner,
    );
    const body = partner
      ? {
          ...request,
          appid: undefined,
          mchid: undefined,
          sp_appid: appId,
          sp_mchid: merchantId,
          sub_mchid: subMerchantId,
          ...(subAppId ? { sub_appid: subAppId } : {}),
          payer: subAppId ? { sub_openid: input.openId } : { sp_openid: input.openId },
        }
      : { ...request, payer: { openid: input.openId } };
    const path = partner ? '/v3/pay/partner/transactions/jsapi' : '/v3/pay/transactions/jsapi';
    const answer = await this.remote(client.call<{ prepay_id: string }>('POST', path, body));
    await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.insertOrder(trx, {
        ...row,
        openId: input.openId,
        ...(partner ? { subAppId, subMerchantId } : {}),
      }),
    );
    const prepayId = answer.data.prepay_id;
    // The payer's page is opened in the app that placed the order: the sub app in partner mode.
    const payAppId = partner && subAppId ? subAppId : appId;
    return {
      prepayId,
      outTradeNumber,
      singInfo: jsapiPayParams(payAppId, prepayId, client.setting.privateKey),
    };
  }

  async jsapiParams(principal: Principal, prepayId: string) {
    const client = await this.client(principal.tenantId);
    return jsapiPayParams(client.setting.appId, prepayId, client.setting.privateKey);
  }

  page(principal: Principal, filter: WechatPayFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const sort = resolveSort(filter, SORTABLE, { column: 'createTime', direction: 'desc' });
      const page = await this.repo.page(trx, filter, sort);
      const refunded = await this.repo.refunded(
        trx,
        page.items.map((r) => r.id),
      );
      return { ...page, items: page.items.map((r) => toOrder(r, refunded.get(r.id) ?? 0)) };
    });
  }

  payInfo(principal: Principal, tradeId: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) =>
      this.output(trx, await this.found(trx, tradeId)),
    );
  }

  listRefund(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.orderById(trx, id))) throw notFound('wechatPay.orderNotFound', { tradeId: id });
      return (await this.repo.refunds(trx, id)).map(toRefund);
    });
  }

  /** Asks WeChat for the order's state and writes it here. */
  async payInfoFromWechat(principal: Principal, tradeId: string): Promise<WechatPayRow> {
    const client = await this.client(principal.tenantId);
    const order = await this.ctx.db.tenant(principal.tenantId, (trx) => this.found(trx, tradeId));
    const no = encodeURIComponent(order.outTradeNumber);
    const path = order.subMerchantId
      ? `/v3/pay/partner/transactions/out-trade-no/${no}?sp_mchid=${order.merchantId}&sub_mchid=${order.subMerchantId}`
      : `/v3/pay/transactions/out-trade-no/${no}?mchid=${order.merchantId}`;
    const answer = await this.remote(client.call<WechatTransaction>('GET', path));
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.found(trx, tradeId);
      await applyTransaction(trx, this.repo, current, answer.data).catch((e: unknown) => {
        throw wechatError(e);
      });
      return this.output(trx, await this.found(trx, tradeId));
    });
  }

  /** Closes an unpaid order at WeChat, then here. */
  async close(principal: Principal, tradeId: string): Promise<void> {
    const client = await this.client(principal.tenantId);
    const order = await this.ctx.db.tenant(principal.tenantId, (trx) => this.found(trx, tradeId));
    if (!CLOSABLE.includes(order.tradeState))
      throw badRequest('wechatPay.notClosable', { state: order.tradeState });
    const no = encodeURIComponent(order.outTradeNumber);
    const [path, body] = order.subMerchantId
      ? [
          `/v3/pay/partner/transactions/out-trade-no/${no}/close`,
          { sp_mchid: order.merchantId, sub_mchid: order.subMerchantId },
        ]
      : [`/v3/pay/transactions/out-trade-no/${no}/close`, { mchid: order.merchantId }];
    await this.remote(client.call('POST', path, body));
    await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.updateOrder(
        trx,
        order.id,
        { tradeState: 'CLOSED', tradeStateDescription: null, updateTime: new Date() },
        'SUCCESS',
      ),
    );
  }

  /**
   * Refunds part or all of a paid order. The order row is locked while what is left is worked out
   * and the refund is recorded as PROCESSING, so two refunds at once cannot pass the total; WeChat is
   * called after the lock is released, and a refusal closes the recorded refund (it no longer counts).
   */
  async refund(principal: Principal, origin: string, input: WechatPayRefundInput): Promise<WechatRefundRow> {
    const client = await this.client(principal.tenantId);
    const refund = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const order = await this.repo.lockOrder(trx, input.tradeId);
      if (!order) throw notFound('wechatPay.orderNotFound', { tradeId: input.tradeId });
      if (!REFUNDABLE.includes(order.tradeState))
        throw badRequest('wechatPay.notRefundable', { state: order.tradeState });
      const left = order.total - ((await this.repo.refunded(trx, [order.id])).get(order.id) ?? 0);
      if (input.refund > left) throw badRequest('wechatPay.refundTooMuch', { left });
      const id = newId();
      const row = {
        id,
        tenantId: principal.tenantId,
        wechatPayId: order.id,
        transactionId: order.transactionId,
        outTradeNumber: order.outTradeNumber,
        outRefundNumber: `R${id}`,
        refund: input.refund,
        total: order.total,
        reason: input.reason?.trim() || null,
        ...created(principal),
      };
      await this.repo.insertRefund(trx, row);
      return { row, order };
    });
    const body = {
      ...(refund.order.subMerchantId ? { sub_mchid: refund.order.subMerchantId } : {}),
      ...(refund.order.transactionId
        ? { transaction_id: refund.order.transactionId }
        : { out_trade_no: refund.order.outTradeNumber }),
      out_refund_no: refund.row.outRefundNumber,
      ...(refund.row.reason ? { reason: refund.row.reason } : {}),
      notify_url: notifyUrl(origin, principal.tenantId, !!refund.order.subMerchantId),
      amount: { refund: input.refund, total: refund.order.total, currency: 'CNY' },
    };
    const answer = await client
      .call<WechatRefund>('POST', '/v3/refund/domestic/refunds', body)
      .catch(async (error: unknown) => {
        // A definite refusal frees the amount; anything else may have reached WeChat and stays PROCESSING.
        if (error instanceof WechatPayFailure && error.reason === 'refused')
          await this.ctx.db.tenant(principal.tenantId, (trx) =>
            this.repo.updateRefund(trx, refund.row.id, { tradeState: 'CLOSED', updateTime: new Date() }),
          );
        throw wechatError(error);
      });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const saved = (await this.repo.refund(trx, refund.row.outRefundNumber))!;
      await applyRefund(trx, this.repo, saved, answer.data).catch((e: unknown) => {
        throw wechatError(e);
      });
      return toRefund((await this.repo.refund(trx, refund.row.outRefundNumber))!);
    });
  }

  /** Asks WeChat for a refund's state and writes it here. */
  async refundInfoFromWechat(principal: Principal, refundId: string): Promise<WechatRefundRow> {
    const client = await this.client(principal.tenantId);
    const refund = await this.ctx.db.tenant(principal.tenantId, (trx) => this.foundRefund(trx, refundId));
    const order = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.orderById(trx, refund.wechatPayId),
    );
    const sub = order?.subMerchantId ? `?sub_mchid=${order.subMerchantId}` : '';
    const path = `/v3/refund/domestic/refunds/${encodeURIComponent(refund.outRefundNumber)}${sub}`;
    const answer = await this.remote(client.call<WechatRefund>('GET', path));
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await applyRefund(trx, this.repo, await this.foundRefund(trx, refundId), answer.data).catch(
        (e: unknown) => {
          throw wechatError(e);
        },
      );
      return toRefund(await this.foundRefund(trx, refundId));
    });
  }

  private newOrder(
    principal: Principal,
    client: WechatPayClient,
    origin: string,
    input: WechatPayNativeInput,
    tradeType: 'NATIVE' | 'JSAPI',
    partner = false,
  ) {
    const id = newId();
    const outTradeNumber = id;
    const expire = Date.now() + EXPIRE_MS;
    const { appId, merchantId } = client.setting;
    const request = {
      appid: appId,
      mchid: merchantId,
      description: input.description,
      out_trade_no: outTradeNumber,
      time_expire: beijingTime(expire),
      notify_url: notifyUrl(origin, principal.tenantId, partner),
      amount: { total: input.total, currency: 'CNY' },
      ...(input.attachment ? { attach: input.attachment } : {}),
      ...(input.goodsTag ? { goods_tag: input.goodsTag } : {}),
    };
    const row = {
      id,
      tenantId: principal.tenantId,
      appId,
      merchantId,
      outTradeNumber,
      tradeType,
      tradeState: 'NOTPAY',
      total: input.total,
      expireTime: new Date(expire),
      description: input.description,
      attachment: input.attachment ?? null,
      goodsTag: input.goodsTag ?? null,
      tags: input.tags ?? null,
      businessId: input.businessId ?? null,
      ...created(principal),
    };
    return { outTradeNumber, request, row };
  }

  private remote<T>(call: Promise<T>): Promise<T> {
    return call.catch((error: unknown) => {
      throw wechatError(error);
    });
  }

  private async output(trx: Trx, order: OrderRecord) {
    return toOrder(order, (await this.repo.refunded(trx, [order.id])).get(order.id) ?? 0);
  }

  private async found(trx: Trx, tradeId: string): Promise<OrderRecord> {
    const order = await this.repo.order(trx, tradeId);
    if (!order) throw notFound('wechatPay.orderNotFound', { tradeId });
    return order;
  }

  private async foundRefund(trx: Trx, refundId: string): Promise<RefundRecord> {
    const refund = await this.repo.refund(trx, refundId);
    if (!refund) throw notFound('wechatPay.refundNotFound', { refundId });
    return refund;
  }
}
