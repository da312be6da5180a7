import type { Generated } from 'kysely';
import type { Audit, Id } from '../../platform/db/tables/column-types.js';

/** A tenant's merchant settings (0029_wechat_pay); `privateKey` and `v3Secret` are sealed. */
export interface SysWechatPaySettingTable extends Audit {
  id: Id;
  tenantId: Id;
  appId: string;
  merchantId: string;
  merchantSerialNo: string;
  privateKey: string | null;
  v3Secret: string | null;
  platformPublicKeyId: string | null;
  platformPublicKey: string | null;
  subAppId: string | null;
  subMerchantId: string | null;
  apiBase: Generated<string>;
}

/** An order placed with WeChat (Admin.NET's SysWechatPay). */
export interface SysWechatPayTable extends Audit {
  id: Id;
  tenantId: Id;
  appId: string;
  merchantId: string;
  subAppId: string | null;
  subMerchantId: string | null;
  outTradeNumber: string;
  transactionId: string | null;
  tradeType: string;
  tradeState: Generated<string>;
  tradeStateDescription: string | null;
  bankType: string | null;
  total: number;
  payerTotal: number | null;
  successTime: Date | null;
  expireTime: Date | null;
  description: string;
  attachment: string | null;
  goodsTag: string | null;
  openId: string | null;
  qrcodeContent: string | null;
  tags: string | null;
  businessId: string | null;
}

/** A refund of an order (Admin.NET's SysWechatRefund). */
export interface SysWechatRefundTable extends Audit {
  id: Id;
  tenantId: Id;
  wechatPayId: Id;
  transactionId: string | null;
  outTradeNumber: string;
  outRefundNumber: string;
  refundId: string | null;
  refund: number;
  total: number;
  reason: string | null;
  channel: string | null;
  userReceivedAccount: string | null;
  tradeState: Generated<string>;
  successTime: Date | null;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysWechatPaySetting: SysWechatPaySettingTable;
    sysWechatPay: SysWechatPayTable;
    sysWechatRefund: SysWechatRefundTable;
  }
}
