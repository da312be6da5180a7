/**
 * The service-provider ("partner") rules of the local WeChat Pay server (wechat-pay-server.ts), as
 * APIv3 states them: a partner order names the provider, who signs the request (sp_appid, sp_mchid),
 * and the sub-merchant it is for (sub_mchid, with sub_appid when the payer is known by the sub app's
 * openid). It never carries the direct fields appid / mchid, and a direct endpoint takes no partner
 * field. Queries, closes and refunds of a partner order name both merchants; WeChat describes the
 * order back with the partner fields only.
 */

/** The merchant ids an order was placed with (appid / mchid hold sp_appid / sp_mchid for a partner). */
export interface OrderIds {
  appid: string;
  mchid: string;
  sub_mchid?: string;
  sub_appid?: string;
}

type Body = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Why WeChat refuses the merchant ids and payer of a new order ([code, message]), or null. */
export function orderRefusal(
  body: Body,
  endpoint: { partner: boolean; type: 'NATIVE' | 'JSAPI' },
  signer: string,
  subMerchantId: string | null,
): [string, string] | null {
  const payer = (body.payer ?? {}) as Body;
  if (!endpoint.partner) {
    if (body.sp_mchid || body.sp_appid || body.sub_mchid || body.sub_appid)
      return ['PARAM_ERROR', 'sp_* / sub_* fields at a direct endpoint'];
    if (!text(body.appid) || body.mchid !== signer) return ['PARAM_ERROR', 'appid, mchid (the signer)'];
    if (endpoint.type === 'JSAPI' && !text(payer.openid)) return ['PARAM_ERROR', 'payer.openid'];
    return null;
  }
  if (body.appid !== undefined || body.mchid !== undefined)
    return ['PARAM_ERROR', 'appid / mchid at a partner endpoint'];
  if (!text(body.sp_appid) || body.sp_mchid !== signer || !text(body.sub_mchid))
    return ['PARAM_ERROR', 'sp_appid, sp_mchid (the signer), sub_mchid'];
  if (body.sub_mchid !== subMerchantId) return ['INVALID_REQUEST', '受理关系不存在 (no such sub-merchant)'];
  if (endpoint.type === 'JSAPI') {
    if (!text(payer.sp_openid) === !text(payer.sub_openid))
      return ['PARAM_ERROR', 'payer.sp_openid or payer.sub_openid'];
    if (text(payer.sub_openid) && !text(body.sub_appid)) return ['PARAM_ERROR', 'sub_openid needs sub_appid'];
  }
  return null;
}

/** The ids an accepted order keeps. */
export const orderIdsOf = (body: Body): OrderIds => ({
  appid: String(body.appid ?? body.sp_appid),
  mchid: String(body.mchid ?? body.sp_mchid),
  ...(text(body.sub_mchid) ? { sub_mchid: String(body.sub_mchid) } : {}),
  ...(text(body.sub_appid) ? { sub_appid: String(body.sub_appid) } : {}),
});

/** The merchant fields WeChat describes an order with (query answers, notification resources). */
export const idsView = (order: OrderIds) =>
  order.sub_mchid
    ? {
        sp_appid: order.appid,
        sp_mchid: order.mchid,
        ...(order.sub_appid ? { sub_appid: order.sub_appid } : {}),
        sub_mchid: order.sub_mchid,
      }
    : { appid: order.appid, mchid: order.mchid };

/**
 * Whether a query or close (its query string or body) names the order's merchants as its endpoint
 * needs: mchid at a direct endpoint, sp_mchid and sub_mchid at a partner one. WeChat answers
 * ORDER_NOT_EXIST otherwise, as the order is not that merchant's.
 */
export const namesOrder = (order: OrderIds, partner: boolean, ids: Body) =>
  partner
    ? !!order.sub_mchid && ids.sp_mchid === order.mchid && ids.sub_mchid === order.sub_mchid
    : !order.sub_mchid && ids.mchid === order.mchid;

/** A refund (create body or query string) names the order's sub-merchant exactly when it has one. */
export const refundNamesOrder = (order: OrderIds, ids: Body) => text(ids.sub_mchid) === order.sub_mchid;
