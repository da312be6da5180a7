import { createCipheriv, createPublicKey, createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  opensslAvailable,
  pem,
  randomText,
  randomUUIDish,
  selfSignedCertificate,
  sign,
} from './wechat-pay-test-crypto.js';
import { idsView, namesOrder, orderIdsOf, orderRefusal, refundNamesOrder } from './wechat-pay-partner.js';
import type {
  MerchantConfig,
  Notification,
  NotifyOptions,
  Order,
  Received,
  Refund,
  WechatPayTestServer,
} from './wechat-pay-server-types.js';

export { opensslAvailable };
export type { MerchantConfig, Notification, NotifyOptions, Received, WechatPayTestServer };

/**
 * A local server that speaks WeChat Pay APIv3 as the tests need it, in plain node (the browser suite
 * starts it too): it checks every merchant signature (401 SIGN_ERROR like WeChat), signs every answer
 * with its platform key, keeps orders and refunds, and builds the signed, AES-256-GCM encrypted
 * notifications WeChat would send ("the customer paid", "the refund is done") for the test to deliver.
 * It keeps every signed request (`received`), and holds partner orders to APIv3's service-provider
 * fields (wechat-pay-partner.ts): it serves one sub-merchant, which `subMerchant` puts into the settings.
 *
 * Platform key modes: 'certificate' (a self-signed certificate made with the openssl CLI, served
 * encrypted at GET /v3/certificates) or 'publicKey' (WeChat's newer public key + PUB_KEY_ID_ serial).
 */

export async function startWechatPayServer(
  options: { mode?: 'certificate' | 'publicKey'; subMerchant?: boolean } = {},
): Promise<WechatPayTestServer> {
  const mode = options.mode ?? (opensslAvailable() ? 'certificate' : 'publicKey');
  const merchantKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgedKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchantSerial = randomText(20).toUpperCase();
  const v3Secret = randomText(16);
  const merchantId = '1900000109';
  const appId = 'wxd678efh567hg6787';
  // The sub-merchant this provider serves (the `subMerchant` option puts it into the merchant settings).
  const subMerchantId = '1900000110';
  const subAppId = 'wx8888888888888888';
  let platformSerial: string;
  let certificatePem = '';
  if (mode === 'certificate') {
    platformSerial = `5157F09EFDC096DE15EBE81A47057A72${randomText(4).toUpperCase()}`;
    certificatePem = selfSignedCertificate(platformKeys.privateKey, platformSerial);
  } else platformSerial = `PUB_KEY_ID_${randomText(12).toUpperCase()}`;

  const orders = new Map<string, Order>();
  const refunds = new Map<string, Refund>();
  const received: Received[] = [];
  const state = { refused: 0 };

  const encrypt = (plain: string, associatedData: string) => {
    const nonce = randomText(6);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(v3Secret), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(associatedData));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      associated_data: associatedData,
      nonce,
    };
  };
  const signedHeaders = (body: string, skew = 0, key = platformKeys.privateKey) => {
    const timestamp = String(Math.floor(Date.now() / 1000) + skew);
    const nonce = randomText(16);
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': platformSerial,
      'wechatpay-signature': sign(key, `${timestamp}\n${nonce}\n${body}\n`),
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  };

  const reply = (res: http.ServerResponse, status: number, payload?: unknown) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    res.writeHead(status, {
      ...signedHeaders(body),
      ...(body ? { 'content-type': 'application/json' } : {}),
      'request-id': randomText(8),
    });
    res.end(body);
  };

  /** WeChat's check of the merchant's Authorization header (its signature over the exact request). */
  const authorized = (req: http.IncomingMessage, body: string): string | null => {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== merchantId) return 'unknown mchid';
    if (fields.serial_no !== merchantSerial) return 'unknown certificate serial';
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return 'timestamp expired';
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const good = createVerify('RSA-SHA256')
      .update(message)
      .verify(merchantKeys.publicKey, fields.signature ?? '', 'base64');
    return good ? null : 'signature does not verify';
  };

  const transaction = (order: Order) => ({
    ...idsView(order),
    out_trade_no: order.out_trade_no,
    ...(order.transaction_id ? { transaction_id: order.transaction_id } : {}),
    trade_type: order.trade_type,
    trade_state: order.trade_state,
    trade_state_desc: order.trade_state === 'SUCCESS' ? '支付成功' : '订单未支付',
    ...(order.trade_state === 'SUCCESS' ? { bank_type: 'OTHERS', success_time: order.success_time } : {}),
    payer: order.payer ?? {},
    amount: {
      total: order.total,
      currency: 'CNY',
      ...(order.trade_state === 'SUCCESS' ? { payer_total: order.total, payer_currency: 'CNY' } : {}),
    },
  });
  const refundView = (refund: Refund) => ({
    refund_id: refund.refund_id,
    out_refund_no: refund.out_refund_no,
    transaction_id: refund.transaction_id,
    out_trade_no: refund.out_trade_no,
    channel: 'ORIGINAL',
    user_received_account: '招商银行信用卡0403',
    status: refund.status,
    ...(refund.success_time ? { success_time: refund.success_time } : {}),
    create_time: new Date().toISOString(),
    amount: { refund: refund.refund, total: refund.total, payer_refund: refund.refund, currency: 'CNY' },
  });

  const place = (body: Record<string, unknown>, type: Order['trade_type'], partner: boolean) => {
    const amount = body.amount as { total?: number } | undefined;
    const no = String(body.out_trade_no ?? '');
    if (!no || !amount?.total || !body.notify_url || !body.description) return ['PARAM_ERROR', 'PARAM_ERROR'];
    const refusal = orderRefusal(body, { partner, type }, merchantId, subMerchantId);
    if (refusal) return refusal;
    if (orders.has(no)) return ['OUT_TRADE_NO_USED', 'OUT_TRADE_NO_USED'];
    const order: Order = {
      out_trade_no: no,
      ...orderIdsOf(body),
      description: String(body.description),
      notify_url: String(body.notify_url),
      total: amount.total,
      trade_type: type,
      trade_state: 'NOTPAY',
      ...(body.payer ? { payer: body.payer as Record<string, string> } : {}),
    };
    orders.set(no, order);
    return order;
  };

  const route = (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => {
    const refusal = authorized(req, raw);
    if (refusal) {
      state.refused += 1;
      return reply(res, 401, { code: 'SIGN_ERROR', message: refusal });
    }
    const url = new URL(req.url ?? '/', 'http://wechat.test');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const p = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    received.push({ method: req.method ?? '', path: p, query, body });
    if (req.method === 'GET' && p === '/v3/certificates') {
      if (mode !== 'certificate')
        return reply(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: 'public key mode' });
      const encrypted = encrypt(certificatePem, 'certificate');
      return reply(res, 200, {
        data: [
          {
            serial_no: platformSerial,
            effective_time: new Date().toISOString(),
            encrypt_certificate: encrypted,
          },
        ],
      });
    }
    const placing = /^\/v3\/pay(\/partner)?\/transactions\/(native|jsapi)$/.exec(p);
    if (req.method === 'POST' && placing) {
      const type = placing[2] === 'native' ? 'NATIVE' : 'JSAPI';
      const order = place(body, type, !!placing[1]);
      if (Array.isArray(order)) return reply(res, 400, { code: order[0], message: order[1] });
      if (type === 'JSAPI') return reply(res, 200, { prepay_id: `wx${randomText(14)}` });
      return reply(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomText(6)}` });
    }
    const byNo = /^\/v3\/pay(\/partner)?\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(p);
    if (byNo) {
      const order = orders.get(decodeURIComponent(byNo[2]!));
      const ids = byNo[3] ? body : query;
      if (!order || !namesOrder(order, !!byNo[1], ids))
        return reply(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (byNo[3] && req.method === 'POST') {
        if (order.trade_state === 'SUCCESS')
          return reply(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
        order.trade_state = 'CLOSED';
        return reply(res, 204);
      }
      return reply(res, 200, transaction(order));
    }
    if (req.method === 'POST' && p === '/v3/refund/domestic/refunds') {
      const order = [...orders.values()].find(
        (o) => o.transaction_id === body.transaction_id || o.out_trade_no === body.out_trade_no,
      );
      const amount = body.amount as { refund: number; total: number };
      if (order && !refundNamesOrder(order, body))
        return reply(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在 (sub_mchid)' });
      if (!order || !['SUCCESS', 'REFUND'].includes(order.trade_state))
        return reply(res, 400, { code: 'INVALID_REQUEST', message: '订单未支付' });
      const used = [...refunds.values()]
        .filter((r) => r.out_trade_no === order.out_trade_no)
        .reduce((sum, r) => sum + r.refund, 0);
      if (amount.total !== order.total || used + amount.refund > order.total)
        return reply(res, 403, { code: 'NOT_ENOUGH', message: '可退金额不足' });
      const refund: Refund = {
        out_refund_no: String(body.out_refund_no),
        refund_id: `5030${randomText(12)}`,
        out_trade_no: order.out_trade_no,
        transaction_id: order.transaction_id!,
        notify_url: String(body.notify_url ?? order.notify_url),
        refund: amount.refund,
        total: amount.total,
        status: 'PROCESSING',
      };
      refunds.set(refund.out_refund_no, refund);
      order.trade_state = 'REFUND';
      return reply(res, 200, refundView(refund));
    }
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(p);
    if (req.method === 'GET' && refundNo) {
      const refund = refunds.get(decodeURIComponent(refundNo[1]!));
      if (refund && !refundNamesOrder(orders.get(refund.out_trade_no)!, query))
        return reply(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在 (sub_mchid)' });
      if (!refund) return reply(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return reply(res, 200, refundView(refund));
    }
    return reply(res, 404, { code: 'NOT_FOUND', message: `${req.method} ${p}` });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const notification = (target: string, event: string, resource: object, opts: NotifyOptions = {}) => {
    const originalType = event.startsWith('REFUND.') ? 'refund' : 'transaction';
    const envelope = JSON.stringify({
      id: randomUUIDish(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: event,
      summary: event.startsWith('REFUND.') ? '退款成功' : '支付成功',
      resource: { original_type: originalType, ...encrypt(JSON.stringify(resource), originalType) },
    });
    const headers = signedHeaders(envelope, opts.skew ?? 0, opts.forge ? forgedKeys.privateKey : undefined);
    return {
      url: target,
      headers: { ...headers, 'content-type': 'application/json' },
      body: opts.tamper ? opts.tamper(envelope) : envelope,
    };
  };

  return {
    url,
    merchant: {
      appId,
      merchantId,
      merchantCertificateSerialNumber: merchantSerial,
      merchantCertificatePrivateKey: pem(merchantKeys.privateKey, 'pkcs8'),
      merchantV3Secret: v3Secret,
      platformPublicKeyId: mode === 'publicKey' ? platformSerial : null,
      platformPublicKey: mode === 'publicKey' ? pem(createPublicKey(platformKeys.privateKey), 'spki') : null,
      subAppId: options.subMerchant ? subAppId : null,
      subMerchantId: options.subMerchant ? subMerchantId : null,
      apiBase: url,
    },
    merchantPublicKey: merchantKeys.publicKey,
    orders,
    refunds,
    received,
    get refused() {
      return state.refused;
    },
    pay(outTradeNo, opts = {}) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      order.trade_state = 'SUCCESS';
      order.transaction_id ??= `4200000${randomText(10)}`;
      order.success_time ??= new Date().toISOString().slice(0, 19) + '+00:00';
      const resource = transaction(order);
      if (opts.total !== undefined) resource.amount = { ...resource.amount, total: opts.total };
      if (opts.subMerchantId !== undefined) Object.assign(resource, { sub_mchid: opts.subMerchantId });
      return notification(order.notify_url, 'TRANSACTION.SUCCESS', resource, opts);
    },
    completeRefund(outRefundNo) {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`no refund ${outRefundNo}`);
      refund.status = 'SUCCESS';
      refund.success_time = new Date().toISOString().slice(0, 19) + '+00:00';
      const view = refundView(refund);
      const { mchid, sp_mchid, sub_mchid } = idsView(orders.get(refund.out_trade_no)!) as Record<
        string,
        string
      >;
      return notification(refund.notify_url, 'REFUND.SUCCESS', {
        ...(sub_mchid ? { sp_mchid, sub_mchid } : { mchid }),
        out_trade_no: view.out_trade_no,
        transaction_id: view.transaction_id,
        out_refund_no: view.out_refund_no,
        refund_id: view.refund_id,
        refund_status: 'SUCCESS',
        success_time: view.success_time,
        user_received_account: view.user_received_account,
        amount: {
          total: view.amount.total,
          refund: view.amount.refund,
          payer_total: view.amount.total,
          payer_refund: view.amount.refund,
        },
      });
    },
    async deliver(n) {
      const response = await fetch(n.url, { method: 'POST', headers: n.headers, body: n.body });
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
