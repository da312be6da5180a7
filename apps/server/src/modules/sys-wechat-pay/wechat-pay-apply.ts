import type { Trx } from '../../platform/db/database.js';
import type { OrderRecord, RefundRecord, SysWechatPayRepo } from './sys-wechat-pay.repo.js';

/** A transaction as WeChat describes it (query answer, or decrypted TRANSACTION.* resource). */
export interface WechatTransaction {
  mchid?: string;
  sp_mchid?: string;
  sub_mchid?: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: string;
  trade_state: string;
  trade_state_desc?: string;
  bank_type?: string;
  success_time?: string;
  payer?: { openid?: string; sp_openid?: string; sub_openid?: string };
  amount?: { total?: number; payer_total?: number };
}

/** A refund as WeChat describes it (create / query answer, or decrypted REFUND.* resource). */
export interface WechatRefund {
  mchid?: string;
  sp_mchid?: string;
  out_trade_no?: string;
  out_refund_no: string;
  refund_id?: string;
  transaction_id?: string;
  /** `status` in answers, `refund_status` in notifications. */
  status?: string;
  refund_status?: string;
  channel?: string;
  user_received_account?: string;
  success_time?: string;
  amount?: { refund?: number; total?: number };
}

/** What WeChat reports does not belong to, or does not add up with, the local row: nothing is written. */
export class WechatMismatch extends Error {
  override name = 'WechatMismatch';
  constructor(
    readonly reported: number | string,
    readonly expected: number | string,
  ) {
    super(`reported ${reported}, expected ${expected}`);
  }
}

/**
 * How far along an order is: a report of an earlier state (a late query answer, an old callback)
 * never moves an order back, so a paid order cannot return to NOTPAY.
 */
const STAGE: Record<string, number> = {
  NOTPAY: 0,
  USERPAYING: 1,
  PAYERROR: 2,
  CLOSED: 2,
  REVOKED: 2,
  SUCCESS: 3,
  REFUND: 4,
};
const stageOf = (state: string) => STAGE[state] ?? 0;
const timeOf = (text: string | undefined) => (text ? new Date(text) : null);

/** Writes WeChat's view of an order; answers whether anything changed (a repeat changes nothing). */
export async function applyTransaction(
  trx: Trx,
  repo: SysWechatPayRepo,
  order: OrderRecord,
  tx: WechatTransaction,
): Promise<boolean> {
  if (tx.out_trade_no !== order.outTradeNumber)
    throw new WechatMismatch(tx.out_trade_no, order.outTradeNumber);
  const merchant = tx.sp_mchid ?? tx.mchid;
  if (merchant && merchant !== order.merchantId) throw new WechatMismatch(merchant, order.merchantId);
  // A service provider serves many sub-merchants under one merchant id and one set of keys: a report
  // is this order's only when it names the order's sub-merchant (and a direct order's names none).
  const subMerchant = tx.sub_mchid || null;
  if (subMerchant !== order.subMerchantId)
    throw new WechatMismatch(`sub_mchid=${subMerchant ?? ''}`, `sub_mchid=${order.subMerchantId ?? ''}`);
  if (tx.amount?.total !== undefined && tx.amount.total !== order.total)
    throw new WechatMismatch(tx.amount.total, order.total);
  if (stageOf(tx.trade_state) < stageOf(order.tradeState)) return false;
  const patch = {
    tradeState: tx.trade_state,
    tradeStateDescription: tx.trade_state_desc ?? order.tradeStateDescription,
    transactionId: tx.transaction_id ?? order.transactionId,
    tradeType: tx.trade_type ?? order.tradeType,
    bankType: tx.bank_type ?? order.bankType,
    payerTotal: tx.amount?.payer_total ?? order.payerTotal,
    successTime: timeOf(tx.success_time) ?? order.successTime,
    openId: order.openId ?? tx.payer?.openid ?? tx.payer?.sub_openid ?? tx.payer?.sp_openid ?? null,
  };
  const same =
    patch.tradeState === order.tradeState &&
    patch.transactionId === order.transactionId &&
    patch.payerTotal === order.payerTotal &&
    patch.bankType === order.bankType;
  if (same) return false;
  return (await repo.updateOrder(trx, order.id, { ...patch, updateTime: new Date() })) > 0;
}

/** Writes WeChat's view of a refund; answers whether anything changed. */
export async function applyRefund(
  trx: Trx,
  repo: SysWechatPayRepo,
  refund: RefundRecord,
  report: WechatRefund,
): Promise<boolean> {
  if (report.out_refund_no !== refund.outRefundNumber)
    throw new WechatMismatch(report.out_refund_no, refund.outRefundNumber);
  if (report.amount?.refund !== undefined && report.amount.refund !== refund.refund)
    throw new WechatMismatch(report.amount.refund, refund.refund);
  const state = report.refund_status ?? report.status ?? refund.tradeState;
  const patch = {
    tradeState: state,
    refundId: report.refund_id ?? refund.refundId,
    transactionId: report.transaction_id ?? refund.transactionId,
    channel: report.channel ?? refund.channel,
    userReceivedAccount: report.user_received_account ?? refund.userReceivedAccount,
    successTime: timeOf(report.success_time) ?? refund.successTime,
  };
  if (patch.tradeState === refund.tradeState && patch.refundId === refund.refundId) return false;
  // A finished refund (SUCCESS, CLOSED, ABNORMAL) is final: a late PROCESSING report does not undo it.
  if (refund.tradeState !== 'PROCESSING' && state === 'PROCESSING') return false;
  return (await repo.updateRefund(trx, refund.id, { ...patch, updateTime: new Date() })) > 0;
}
