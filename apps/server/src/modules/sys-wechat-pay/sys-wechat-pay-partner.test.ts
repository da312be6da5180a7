import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  startWechatPayServer,
  type Notification,
  type WechatPayTestServer,
} from '../../../test/wechat-pay-server.js';
import { decryptResource } from './wechat-pay-protocol.js';

const en = { 'accept-language': 'en-US' };
const base = '/api/sysWechatPay';

/**
 * Service-provider (partner) mode: the provider's merchant signs for a sub-merchant. The local server
 * refuses partner requests that lack sp_appid / sp_mchid / sub_mchid or carry appid / mchid, and
 * describes partner orders with the partner fields only, as APIv3 does.
 */
describe('sysWechatPay: service-provider orders against a local WeChat Pay server', () => {
  let t: TestApp;
  let wechat: WechatPayTestServer;
  let token: string;

  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.call(method, `${base}${url}`, token, body, en);
  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await call(method, url, body);
    expect(response.json().code, `${url} ${response.body}`).toBe(200);
    return response.json().result;
  };
  const deliver = (n: Notification) => {
    const url = new URL(n.url);
    return t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: n.headers,
      payload: n.body,
    });
  };
  const order = (tradeId: string) => ok('GET', `/payInfo/${tradeId}`);
  const partnerOrder = async (total: number, openId = 'oSubPayer01') =>
    (await ok('POST', '/payPartnerTransaction', { description: 'Dorm fee', total, openId })) as {
      outTradeNumber: string;
      prepayId: string;
      singInfo: Record<string, string>;
    };
  /** The last call about an order (the platform certificates are fetched beside the first ones). */
  const lastReceived = () => wechat.received.filter((r) => r.path !== '/v3/certificates').at(-1)!;
  const payerSignatureVerifies = (p: Record<string, string>) =>
    createVerify('RSA-SHA256')
      .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
      .verify(wechat.merchantPublicKey, p.paySign!, 'base64');

  beforeAll(async () => {
    wechat = await startWechatPayServer({ subMerchant: true });
    t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
    token = (await t.login('superAdmin')).accessToken;
    await ok('POST', '/saveSetting', wechat.merchant);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await wechat?.close();
  });

  it('is in service-provider mode once a sub-merchant is set', async () => {
    expect(await ok('GET', '/configurationStatus')).toMatchObject({ configured: true, partner: true });
    expect(await ok('GET', '/setting')).toMatchObject({
      subMerchantId: wechat.merchant.subMerchantId,
      subAppId: wechat.merchant.subAppId,
    });
  });

  it('places a partner JSAPI order with the provider and sub-merchant ids APIv3 asks for', async () => {
    const { merchant } = wechat;
    const placed = await partnerOrder(2000);
    const sent = lastReceived();
    expect(sent.path).toBe('/v3/pay/partner/transactions/jsapi');
    expect(sent.body).toEqual({
      sp_appid: merchant.appId,
      sp_mchid: merchant.merchantId,
      sub_appid: merchant.subAppId,
      sub_mchid: merchant.subMerchantId,
      description: 'Dorm fee',
      out_trade_no: placed.outTradeNumber,
      time_expire: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
      notify_url: expect.stringMatching(/\/api\/sysWechatPay\/payPartnerCallBack\?tenantId=\d+$/),
      amount: { total: 2000, currency: 'CNY' },
      payer: { sub_openid: 'oSubPayer01' },
    });
    // The payer's page runs in the sub app, which the order named: its appId is signed.
    expect(placed.singInfo).toMatchObject({
      appId: merchant.subAppId,
      package: `prepay_id=${placed.prepayId}`,
    });
    expect(payerSignatureVerifies(placed.singInfo)).toBe(true);
    expect(await order(placed.outTradeNumber)).toMatchObject({
      tradeType: 'JSAPI',
      tradeState: 'NOTPAY',
      appId: merchant.appId,
      merchantId: merchant.merchantId,
      subAppId: merchant.subAppId,
      subMerchantId: merchant.subMerchantId,
      openId: 'oSubPayer01',
      total: 2000,
    });
  });

  it('takes the signed partner notification at payPartnerCallBack once; another sub-merchant or amount is refused', async () => {
    const { outTradeNumber } = await partnerOrder(1200);
    for (const [what, notification] of [
      ['another sub-merchant', wechat.pay(outTradeNumber, { subMerchantId: '1900000999' })],
      ['other amount', wechat.pay(outTradeNumber, { total: 1 })],
    ] as const) {
      const response = await deliver(notification);
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toMatchObject({ code: 'FAIL' });
      expect((await order(outTradeNumber)).tradeState, what).toBe('NOTPAY');
    }
    const notification = wechat.pay(outTradeNumber);
    expect(notification.url).toMatch(/\/api\/sysWechatPay\/payPartnerCallBack\?tenantId=1300000000001$/);
    // What is delivered is APIv3's partner resource: the provider and the sub-merchant, no mchid.
    const resource = JSON.parse(
      decryptResource(wechat.merchant.merchantV3Secret, JSON.parse(notification.body).resource),
    );
    expect(resource).toMatchObject({
      sp_mchid: wechat.merchant.merchantId,
      sub_mchid: wechat.merchant.subMerchantId,
      trade_state: 'SUCCESS',
    });
    expect(resource).not.toHaveProperty('mchid');
    expect((await deliver(notification)).statusCode).toBe(204);
    const paid = await order(outTradeNumber);
    expect(paid).toMatchObject({ tradeState: 'SUCCESS', payerTotal: 1200, bankType: 'OTHERS' });
    expect(paid.transactionId).toBe(wechat.orders.get(outTradeNumber)!.transaction_id);
    // WeChat retries: the same notification again is taken and changes nothing.
    expect((await deliver(notification)).statusCode).toBe(204);
    expect(await order(outTradeNumber)).toEqual(paid);
    // A refused one after payment changes nothing either.
    expect((await deliver(wechat.pay(outTradeNumber, { subMerchantId: '1900000999' }))).statusCode).toBe(400);
    expect(await order(outTradeNumber)).toEqual(paid);
    expect(wechat.refused).toBe(0);
  });

  it('does not let a sub-merchant report pay a direct order of the same provider', async () => {
    const { outTradeNumber } = await ok('POST', '/payTransactionNative', {
      description: 'Direct',
      total: 70,
    });
    expect(lastReceived().body).toMatchObject({
      appid: wechat.merchant.appId,
      mchid: wechat.merchant.merchantId,
    });
    expect(lastReceived().body).not.toHaveProperty('sub_mchid');
    const stray = wechat.pay(outTradeNumber, { subMerchantId: wechat.merchant.subMerchantId! });
    expect(stray.url).toMatch(/\/payCallBack\?/);
    expect((await deliver(stray)).statusCode).toBe(400);
    expect((await order(outTradeNumber)).tradeState).toBe('NOTPAY');
  });

  it('queries, refunds and closes partner orders naming both merchants', async () => {
    const { merchant } = wechat;
    const both = { sp_mchid: merchant.merchantId, sub_mchid: merchant.subMerchantId };
    const paid = await partnerOrder(900);
    wechat.pay(paid.outTradeNumber); // paid at WeChat; the notification is lost
    expect(await ok('GET', `/payInfoFromWechat/${paid.outTradeNumber}`)).toMatchObject({
      tradeState: 'SUCCESS',
    });
    expect(lastReceived()).toMatchObject({
      method: 'GET',
      path: `/v3/pay/partner/transactions/out-trade-no/${paid.outTradeNumber}`,
      query: both,
    });

    const refund = await ok('POST', '/refundDomestic', { tradeId: paid.outTradeNumber, refund: 400 });
    expect(lastReceived().body).toMatchObject({
      sub_mchid: merchant.subMerchantId,
      notify_url: expect.stringMatching(/\/payPartnerCallBack\?tenantId=\d+$/),
      amount: { refund: 400, total: 900, currency: 'CNY' },
    });
    const done = wechat.completeRefund(refund.outRefundNumber);
    expect(
      JSON.parse(decryptResource(merchant.merchantV3Secret, JSON.parse(done.body).resource)),
    ).toMatchObject(both);
    expect((await deliver(done)).statusCode).toBe(204);
    const { id, refunded } = await order(paid.outTradeNumber);
    expect(refunded).toBe(400);
    expect((await ok('POST', '/listRefund', { id }))[0]).toMatchObject({ tradeState: 'SUCCESS' });
    expect(await ok('GET', `/refundInfoFromWechat/${refund.outRefundNumber}`)).toMatchObject({
      tradeState: 'SUCCESS',
    });
    expect(lastReceived().query).toEqual({ sub_mchid: merchant.subMerchantId });

    const unpaid = await partnerOrder(300);
    await ok('POST', '/close', { tradeId: unpaid.outTradeNumber });
    expect(lastReceived()).toMatchObject({
      path: `/v3/pay/partner/transactions/out-trade-no/${unpaid.outTradeNumber}/close`,
      body: both,
    });
    expect(wechat.orders.get(unpaid.outTradeNumber)!.trade_state).toBe('CLOSED');
    expect((await order(unpaid.outTradeNumber)).tradeState).toBe('CLOSED');
  });

  it("without a sub app, pays with the provider's openid and signs with the provider's app", async () => {
    await ok('POST', '/saveSetting', {
      ...wechat.merchant,
      subAppId: null,
      merchantCertificatePrivateKey: '',
      merchantV3Secret: '',
    });
    const placed = await partnerOrder(500, 'oSpPayer02');
    expect(lastReceived().body).toMatchObject({ payer: { sp_openid: 'oSpPayer02' } });
    expect(lastReceived().body).not.toHaveProperty('sub_appid');
    expect(placed.singInfo.appId).toBe(wechat.merchant.appId);
    expect(payerSignatureVerifies(placed.singInfo)).toBe(true);
    expect((await deliver(wechat.pay(placed.outTradeNumber))).statusCode).toBe(204);
    expect(await order(placed.outTradeNumber)).toMatchObject({ tradeState: 'SUCCESS', subAppId: null });
  });
});
