import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { PageInputFields } from './paging.js';

/**
 * WeChat Pay APIv3 (sysWechatPay, Admin.NET's SysWechatPayService): the tenant's merchant settings,
 * Native (QR) and JSAPI orders, the payment and refund callbacks, queries, close and refunds.
 * Amounts are in fen (1/100 yuan), as WeChat counts them. Secrets are written, never read back.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
const Fen = Type.Integer({ minimum: 1, maximum: 100_000_000_00, description: 'Amount in fen (1/100 yuan)' });
/** WeChat's order numbers: 6 to 32 letters, digits, _ - | *. */
const TradeNo = Type.String({ minLength: 6, maxLength: 32, pattern: '^[A-Za-z0-9_|*-]+$' });
const Text = (max: number) => Type.String({ maxLength: max });

export const WechatPaySettingBody = Type.Object(
  {
    appId: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }),
    // WeChat merchant numbers are 10 digits today; 6 to 16 leaves room without taking id-sized numbers.
    merchantId: Type.String({ maxLength: 16, pattern: '^[1-9][0-9]{5,15}$' }),
    // 40 hex digits as WeChat issues them; 8 to 64 accepted.
    merchantCertificateSerialNumber: Type.String({
      maxLength: 64,
      pattern: '^[A-Fa-f0-9]{8,64}$',
      description: 'Serial number of the merchant API certificate',
    }),
    merchantCertificatePrivateKey: Type.Optional(
      Type.String({
        maxLength: 8192,
        description: 'Merchant API private key (PEM); written only, empty keeps it',
      }),
    ),
    merchantV3Secret: Type.Optional(
      Type.String({ maxLength: 32, description: 'APIv3 key (32 characters); written only, empty keeps it' }),
    ),
    platformPublicKeyId: Type.Optional(
      Nullable(Type.String({ maxLength: 64, description: 'WeChat Pay public key id (PUB_KEY_ID_...)' })),
    ),
    platformPublicKey: Type.Optional(
      Nullable(Type.String({ maxLength: 4096, description: 'WeChat Pay public key (PEM)' })),
    ),
    subAppId: Type.Optional(Nullable(Type.String({ maxLength: 32, pattern: '^[A-Za-z0-9_-]*$' }))),
    subMerchantId: Type.Optional(Nullable(Type.String({ maxLength: 16, pattern: '^([1-9][0-9]{5,15})?$' }))),
    apiBase: Type.Optional(
      Nullable(Type.String({ maxLength: 256, description: 'Default https://api.mch.weixin.qq.com' })),
    ),
  },
  { additionalProperties: false },
);
export type WechatPaySettingInput = Static<typeof WechatPaySettingBody>;

export const WechatPaySettingOutput = Type.Object({
  appId: Type.String(),
  merchantId: Type.String(),
  merchantCertificateSerialNumber: Type.String(),
  hasPrivateKey: Type.Boolean(),
  hasV3Secret: Type.Boolean(),
  platformPublicKeyId: Nullable(Type.String()),
  platformPublicKey: Nullable(Type.String()),
  subAppId: Nullable(Type.String()),
  subMerchantId: Nullable(Type.String()),
  apiBase: Type.String(),
  updateTime: Nullable(Time),
});
export type WechatPaySetting = Static<typeof WechatPaySettingOutput>;

export const WechatPayStatusOutput = Type.Object({
  configured: Type.Boolean(),
  /** The settings still to fill in, by field name (empty when configured). */
  missing: Type.Array(Type.String()),
  partner: Type.Boolean({ description: 'Service-provider mode (sub merchant set)' }),
  verification: Type.Union([Type.Literal('certificate'), Type.Literal('publicKey')]),
});
export type WechatPayStatus = Static<typeof WechatPayStatusOutput>;

const OrderFields = {
  description: Type.String({ minLength: 1, maxLength: 127 }),
  total: Fen,
  attachment: Type.Optional(Nullable(Text(128))),
  goodsTag: Type.Optional(Nullable(Text(32))),
  tags: Type.Optional(Nullable(Text(64))),
  businessId: Type.Optional(Nullable(Text(64))),
};

export const WechatPayNativeBody = Type.Object(OrderFields, { additionalProperties: false });
export type WechatPayNativeInput = Static<typeof WechatPayNativeBody>;
export const WechatPayTransactionBody = Type.Object(
  { ...OrderFields, openId: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type WechatPayTransactionInput = Static<typeof WechatPayTransactionBody>;

export const WechatPayNativeOutput = Type.Object({ outTradeNumber: Type.String(), qrcodeUrl: Type.String() });
export const WechatPayJsapiParams = Type.Object({
  appId: Type.String(),
  timeStamp: Type.String(),
  nonceStr: Type.String(),
  package: Type.String(),
  signType: Type.String(),
  paySign: Type.String(),
});
export type WechatPayJsapiParamsRow = Static<typeof WechatPayJsapiParams>;
export const WechatPayTransactionOutput = Type.Object({
  prepayId: Type.String(),
  outTradeNumber: Type.String(),
  /** Admin.NET's spelling. */
  singInfo: WechatPayJsapiParams,
});
export const WechatPayPrepayBody = Type.Object(
  { prepayId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const TradeIdParams = Type.Object({ tradeId: TradeNo }, { additionalProperties: false });
export const RefundIdParams = Type.Object({ refundId: TradeNo }, { additionalProperties: false });
export const WechatPayTradeBody = Type.Object({ tradeId: TradeNo }, { additionalProperties: false });
export const WechatPayRefundBody = Type.Object(
  { tradeId: TradeNo, refund: Fen, reason: Type.Optional(Nullable(Text(80))) },
  { additionalProperties: false },
);
export type WechatPayRefundInput = Static<typeof WechatPayRefundBody>;

export const PageWechatPayBody = Type.Object(
  {
    ...PageInputFields,
    keyword: Type.Optional(Type.String({ maxLength: 64, description: 'outTradeNumber or transactionId' })),
    createTimeRange: Type.Optional(Type.Array(Nullable(Time), { maxItems: 2 })),
  },
  { additionalProperties: false },
);
export type WechatPayFilter = Static<typeof PageWechatPayBody>;

export const WechatPayOutput = Type.Object({
  id: Id,
  appId: Type.String(),
  merchantId: Type.String(),
  subAppId: Nullable(Type.String()),
  subMerchantId: Nullable(Type.String()),
  outTradeNumber: Type.String(),
  transactionId: Nullable(Type.String()),
  tradeType: Type.String(),
  tradeState: Type.String(),
  tradeStateDescription: Nullable(Type.String()),
  bankType: Nullable(Type.String()),
  total: Type.Integer(),
  payerTotal: Nullable(Type.Integer()),
  refunded: Type.Integer({ description: 'Fen refunded or being refunded' }),
  successTime: Nullable(Time),
  expireTime: Nullable(Time),
  description: Type.String(),
  attachment: Nullable(Type.String()),
  goodsTag: Nullable(Type.String()),
  openId: Nullable(Type.String()),
  qrcodeContent: Nullable(Type.String()),
  tags: Nullable(Type.String()),
  businessId: Nullable(Type.String()),
  createTime: Time,
  updateTime: Nullable(Time),
});
export type WechatPayRow = Static<typeof WechatPayOutput>;

export const WechatRefundOutput = Type.Object({
  id: Id,
  wechatPayId: Id,
  transactionId: Nullable(Type.String()),
  outTradeNumber: Type.String(),
  outRefundNumber: Type.String(),
  refundId: Nullable(Type.String()),
  refund: Type.Integer(),
  total: Type.Integer(),
  reason: Nullable(Type.String()),
  channel: Nullable(Type.String()),
  userReceivedAccount: Nullable(Type.String()),
  tradeState: Type.String(),
  successTime: Nullable(Time),
  createTime: Time,
});
export type WechatRefundRow = Static<typeof WechatRefundOutput>;

/** A WeChat notification: the envelope is plain, `resource` is encrypted with the APIv3 key. */
export const WechatNotifyBody = Type.Object(
  {
    id: Type.String({ maxLength: 128 }),
    create_time: Type.Optional(Type.String({ maxLength: 64 })),
    event_type: Type.String({ maxLength: 64 }),
    resource_type: Type.Optional(Type.String({ maxLength: 64 })),
    summary: Type.Optional(Type.String({ maxLength: 256 })),
    resource: Type.Object({
      algorithm: Type.String({ maxLength: 32 }),
      ciphertext: Type.String({ maxLength: 65_536 }),
      associated_data: Type.Optional(Type.String({ maxLength: 256 })),
      nonce: Type.String({ maxLength: 64 }),
      original_type: Type.Optional(Type.String({ maxLength: 64 })),
    }),
  },
  { additionalProperties: true },
);
export const WechatNotifyQuery = Type.Object({ tenantId: Id }, { additionalProperties: false });
export const WechatNotifyFail = Type.Object({ code: Type.String(), message: Type.String() });
