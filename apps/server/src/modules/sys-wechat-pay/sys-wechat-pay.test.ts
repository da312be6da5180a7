import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import {
  startWechatPayServer,
  type Notification,
  type WechatPayTestServer,
} from '../../../test/wechat-pay-server.js';

const en = { 'accept-language': 'en-US' };
const base = '/api/sysWechatPay';

describe('sysWechatPay: APIv3 against a local WeChat Pay server', () => {
  let t: TestApp;
  let wechat: WechatPayTestServer;
  let keyServer: WechatPayTestServer;
  let token: string;

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, as = token) =>
    t.call(method, `${base}${url}`, as, body, en);
  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await call(method, url, body);
    expect(response.json().code, `${url} ${response.body}`).toBe(200);
    return response.json().result;
  };
  /** WeChat's POST of a notification, delivered to the app in-process at the notify URL's path. */
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
  const native = async (total = 1000) =>
    (await ok('POST', '/payTransactionNative', { description: 'Term fee', total })) as {
      outTradeNumber: string;
      qrcodeUrl: string;
    };

  beforeAll(async () => {
    [wechat, keyServer] = await Promise.all([
      startWechatPayServer(),
      startWechatPayServer({ mode: 'publicKey' }),
    ]);
    t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
    token = (await t.login('superAdmin')).accessToken;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await wechat?.close();
    await keyServer?.close();
  });

  it('without settings says what to configure, for every call to WeChat', async () => {
    expect(await ok('GET', '/configurationStatus')).toMatchObject({ configured: false });
    for (const [url, body] of [
      ['/payTransactionNative', { description: 'x', total: 1 }],
      ['/payTransaction', { description: 'x', total: 1, openId: 'o1' }],
      ['/generateParametersForJsapiPay', { prepayId: 'wx1' }],
      ['/close', { tradeId: '1234567' }],
      ['/refundDomestic', { tradeId: '1234567', refund: 1 }],
    ] as const) {
      const response = await call('POST', url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toContain('merchantCertificatePrivateKey');
    }
    expect((await call('GET', '/payInfoFromWechat/1234567')).statusCode).toBe(400);
  });

  it('keeps the keys sealed, never answers them, and keeps them when saved empty', async () => {
    const bad = await call('POST', '/saveSetting', { ...wechat.merchant, merchantV3Secret: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('POST', '/saveSetting', { ...wechat.merchant, merchantCertificatePrivateKey: 'nope' }))
        .statusCode,
    ).toBe(400);
    await ok('POST', '/saveSetting', wechat.merchant);
    const setting = await ok('GET', '/setting');
    expect(setting).toMatchObject({
      merchantId: wechat.merchant.merchantId,
      hasPrivateKey: true,
      hasV3Secret: true,
    });
    expect(JSON.stringify(setting)).not.toContain('PRIVATE KEY');
    const row = await t.ctx.db.platform((trx) =>
      trx.selectFrom('sysWechatPaySetting').selectAll().executeTakeFirstOrThrow(),
    );
    expect(row.privateKey).not.toContain('PRIVATE KEY');
    expect(row.v3Secret).not.toContain(wechat.merchant.merchantV3Secret);
    await ok('POST', '/saveSetting', {
      ...wechat.merchant,
      merchantCertificatePrivateKey: '',
      merchantV3Secret: '',
    });
    expect(await ok('GET', '/configurationStatus')).toMatchObject({
      configured: true,
      missing: [],
      verification: 'certificate',
    });
  });

  it('places a Native order, and the verified payment notification marks it paid once', async () => {
    const { outTradeNumber, qrcodeUrl } = await native(1000);
    expect(qrcodeUrl).toMatch(/^weixin:\/\/wxpay\//);
    expect(await order(outTradeNumber)).toMatchObject({
      tradeState: 'NOTPAY',
      total: 1000,
      qrcodeContent: qrcodeUrl,
    });
    const notification = wechat.pay(outTradeNumber);
    expect(notification.url).toMatch(/\/api\/sysWechatPay\/payCallBack\?tenantId=1300000000001$/);
    expect((await deliver(notification)).statusCode).toBe(204);
    const paid = await order(outTradeNumber);
    expect(paid).toMatchObject({ tradeState: 'SUCCESS', payerTotal: 1000 });
    expect(paid.transactionId).toBe(wechat.orders.get(outTradeNumber)!.transaction_id);
    // WeChat retries: the same notification again is taken and changes nothing.
    expect((await deliver(notification)).statusCode).toBe(204);
    expect((await order(outTradeNumber)).updateTime).toBe(paid.updateTime);
    expect(wechat.refused).toBe(0);
  });

  it('refuses forged, tampered, stale and mismatched notifications and changes nothing', async () => {
    const { outTradeNumber } = await native(500);
    const cases: [string, Notification, number][] = [
      ['forged', wechat.pay(outTradeNumber, { forge: true }), 401],
      [
        'tampered',
        wechat.pay(outTradeNumber, { tamper: (b) => b.replace('"summary":"', '"summary":"x') }),
        401,
      ],
      ['stale', wechat.pay(outTradeNumber, { skew: -600 }), 401],
      ['other amount', wechat.pay(outTradeNumber, { total: 1 }), 400],
    ];
    for (const [what, notification, status] of cases) {
      const response = await deliver(notification);
      expect(response.statusCode, what).toBe(status);
      expect(response.json(), what).toMatchObject({ code: 'FAIL' });
      expect((await order(outTradeNumber)).tradeState, what).toBe('NOTPAY');
    }
    const wrongTenant = wechat.pay(outTradeNumber);
    const other = await createOtherTenant(t);
    wrongTenant.url = wrongTenant.url.replace(/tenantId=\d+/, `tenantId=${other.tenantId}`);
    expect((await deliver(wrongTenant)).statusCode).toBe(401);
    expect((await order(outTradeNumber)).tradeState).toBe('NOTPAY');
  });

  it('places JSAPI orders whose pay sign the merchant public key verifies', async () => {
    const result = await ok('POST', '/payTransaction', {
      description: 'Book',
      total: 88,
      openId: 'oUpF8uMuAJO',
    });
    expect(result.prepayId).toMatch(/^wx/);
    const params = await ok('POST', '/generateParametersForJsapiPay', { prepayId: result.prepayId });
    for (const p of [result.singInfo, params]) {
      expect(p).toMatchObject({
        appId: wechat.merchant.appId,
        package: `prepay_id=${result.prepayId}`,
        signType: 'RSA',
      });
      const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
      expect(
        createVerify('RSA-SHA256').update(message).verify(wechat.merchantPublicKey, p.paySign, 'base64'),
      ).toBe(true);
    }
    expect(await order(result.outTradeNumber)).toMatchObject({ tradeType: 'JSAPI', openId: 'oUpF8uMuAJO' });
    const partner = await call('POST', '/payPartnerTransaction', {
      description: 'Book',
      total: 88,
      openId: 'o1',
    });
    expect(partner.statusCode).toBe(400);
    expect(partner.json().message).toMatch(/service-provider/i);
  });

  it('queries WeChat for the state, and closes unpaid orders', async () => {
    const paid = await native(300);
    wechat.pay(paid.outTradeNumber); // paid at WeChat; the notification is lost
    expect(await ok('GET', `/payInfoFromWechat/${paid.outTradeNumber}`)).toMatchObject({
      tradeState: 'SUCCESS',
    });
    const unpaid = await native(200);
    await ok('POST', '/close', { tradeId: unpaid.outTradeNumber });
    expect((await order(unpaid.outTradeNumber)).tradeState).toBe('CLOSED');
    expect(wechat.orders.get(unpaid.outTradeNumber)!.trade_state).toBe('CLOSED');
    expect((await call('POST', '/close', { tradeId: paid.outTradeNumber })).statusCode).toBe(400);
    expect((await call('GET', '/payInfo/9999999')).statusCode).toBe(404);
  });

  it('refunds no more than is left, and the refund notification completes it', async () => {
    const { outTradeNumber } = await native(1000);
    const unpaid = await call('POST', '/refundDomestic', { tradeId: outTradeNumber, refund: 1 });
    expect(unpaid.statusCode).toBe(400);
    expect((await deliver(wechat.pay(outTradeNumber))).statusCode).toBe(204);
    const tooMuch = await call('POST', '/refundDomestic', { tradeId: outTradeNumber, refund: 1001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('1000');
    const first = await ok('POST', '/refundDomestic', {
      tradeId: outTradeNumber,
      refund: 600,
      reason: 'Dropped a course',
    });
    expect(first).toMatchObject({ tradeState: 'PROCESSING', refund: 600, reason: 'Dropped a course' });
    const rest = await call('POST', '/refundDomestic', { tradeId: outTradeNumber, refund: 401 });
    expect(rest.json().message).toContain('400');
    expect((await deliver(wechat.completeRefund(first.outRefundNumber))).statusCode).toBe(204);
    const { id, refunded } = await order(outTradeNumber);
    expect(refunded).toBe(600);
    const refunds = await ok('POST', '/listRefund', { id });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ tradeState: 'SUCCESS', userReceivedAccount: expect.any(String) });
    expect(await ok('GET', `/refundInfoFromWechat/${first.outRefundNumber}`)).toMatchObject({
      tradeState: 'SUCCESS',
    });
    await ok('POST', '/refundDomestic', { tradeId: outTradeNumber, refund: 400 });
    expect((await order(outTradeNumber)).refunded).toBe(1000);
  });

  it('pages orders by number or transaction, and another tenant sees none of them', async () => {
    const page = await ok('POST', '/page', { page: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(6);
    const paid = page.items.find((r: { transactionId: string | null }) => r.transactionId);
    const byTransaction = await ok('POST', '/page', { keyword: paid.transactionId });
    expect(byTransaction.items.map((r: { id: string }) => r.id)).toEqual([paid.id]);
    const future = await ok('POST', '/page', { createTimeRange: ['2999-01-01T00:00:00Z', null] });
    expect(future.total).toBe(0);
    const other = (await t.login('superAdmin', undefined, '1300000009001')).accessToken;
    expect((await call('POST', '/page', {}, other)).json().result.total).toBe(0);
    expect((await call('GET', `/payInfo/${paid.outTradeNumber}`, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', '/configurationStatus', undefined, other)).json().result.configured).toBe(
      false,
    );
  });

  it('verifies with the WeChat Pay public key (PUB_KEY_ID_) instead of certificates', async () => {
    await ok('POST', '/saveSetting', keyServer.merchant);
    expect(await ok('GET', '/configurationStatus')).toMatchObject({ verification: 'publicKey' });
    const { outTradeNumber } = await native(150);
    expect((await deliver(keyServer.pay(outTradeNumber))).statusCode).toBe(204);
    expect((await order(outTradeNumber)).tradeState).toBe('SUCCESS');
    // The first server's notifications are signed by a key this setting does not trust any more.
    const stray = await native(150);
    keyServer.pay(stray.outTradeNumber);
    const unknown = wechat.pay(wechat.orders.keys().next().value!);
    expect((await deliver(unknown)).statusCode).toBe(401);
    expect(keyServer.refused).toBe(0);
  });
});
