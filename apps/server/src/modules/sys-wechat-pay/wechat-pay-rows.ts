import type { WechatPayRow, WechatRefundRow } from '@lintel/contracts';
import { iso } from '../../platform/audit/stamps.js';
import { formatIso } from '../../platform/http/result.js';
import type { OrderRecord, RefundRecord } from './sys-wechat-pay.repo.js';

/** Orders and refunds as the wire carries them (Admin.NET's SysWechatPay / SysWechatRefund fields). */

export const toOrder = (row: OrderRecord, refunded = 0): WechatPayRow => ({
  id: row.id,
  appId: row.appId,
  merchantId: row.merchantId,
  subAppId: row.subAppId,
  subMerchantId: row.subMerchantId,
  outTradeNumber: row.outTradeNumber,
  transactionId: row.transactionId,
  tradeType: row.tradeType,
  tradeState: row.tradeState,
  tradeStateDescription: row.tradeStateDescription,
  bankType: row.bankType,
  total: row.total,
  payerTotal: row.payerTotal,
  refunded,
  successTime: iso(row.successTime),
  expireTime: iso(row.expireTime),
  description: row.description,
  attachment: row.attachment,
  goodsTag: row.goodsTag,
  openId: row.openId,
  qrcodeContent: row.qrcodeContent,
  tags: row.tags,
  businessId: row.businessId,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
});

export const toRefund = (row: RefundRecord): WechatRefundRow => ({
  id: row.id,
  wechatPayId: row.wechatPayId,
  transactionId: row.transactionId,
  outTradeNumber: row.outTradeNumber,
  outRefundNumber: row.outRefundNumber,
  refundId: row.refundId,
  refund: row.refund,
  total: row.total,
  reason: row.reason,
  channel: row.channel,
  userReceivedAccount: row.userReceivedAccount,
  tradeState: row.tradeState,
  successTime: iso(row.successTime),
  createTime: formatIso(row.createTime),
});
