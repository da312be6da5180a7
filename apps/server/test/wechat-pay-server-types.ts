import type { KeyObject } from 'node:crypto';
import type { OrderIds } from './wechat-pay-partner.js';

/** The shapes of the local WeChat Pay server (wechat-pay-server.ts): its state and what tests read. */

/** What the merchant types into the settings form for this server. */
export interface MerchantConfig {
  appId: string;
  merchantId: string;
  merchantCertificateSerialNumber: string;
  merchantCertificatePrivateKey: string;
  merchantV3Secret: string;
  platformPublicKeyId: string | null;
  platformPublicKey: string | null;
  subAppId: string | null;
  subMerchantId: string | null;
  apiBase: string;
}

export interface Order extends OrderIds {
  out_trade_no: string;
  description: string;
  notify_url: string;
  total: number;
  trade_type: 'NATIVE' | 'JSAPI';
  trade_state: string;
  transaction_id?: string;
  success_time?: string;
  payer?: Record<string, string>;
}

export interface Refund {
  out_refund_no: string;
  refund_id: string;
  out_trade_no: string;
  transaction_id: string;
  notify_url: string;
  refund: number;
  total: number;
  status: string;
  success_time?: string;
}

export interface Notification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface NotifyOptions {
  /** Seconds added to the signed timestamp (stale notifications). */
  skew?: number;
  /** Change the body after signing (tampering). */
  tamper?: (body: string) => string;
  /** Sign with a key WeChat does not have (forgery). */
  forge?: boolean;
  /** Amount reported in the resource instead of the order's. */
  total?: number;
  /** Sub-merchant reported in a partner order's resource instead of the order's. */
  subMerchantId?: string;
}

/** A request the server took (its signature checked), for tests to read what the merchant sent. */
export interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

export interface WechatPayTestServer {
  url: string;
  /** The merchant settings that work with this server (apiBase included). */
  merchant: MerchantConfig;
  /** The merchant's public key, to check JSAPI pay signs. */
  merchantPublicKey: KeyObject;
  orders: Map<string, Order>;
  refunds: Map<string, Refund>;
  /** Every signed request, oldest first. */
  received: Received[];
  /** Requests refused for a bad merchant signature. */
  refused: number;
  /** "The customer paid": the order turns SUCCESS here; answers WeChat's TRANSACTION.SUCCESS notification. */
  pay(outTradeNo: string, options?: NotifyOptions): Notification;
  /** "The refund is done": the refund turns SUCCESS here; answers WeChat's REFUND.SUCCESS notification. */
  completeRefund(outRefundNo: string): Notification;
  /** Sends a notification to its URL (the browser suite's server is reachable over HTTP). */
  deliver(notification: Notification): Promise<number>;
  close(): Promise<void>;
}
