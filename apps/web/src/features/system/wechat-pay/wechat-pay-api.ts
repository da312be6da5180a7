import type {
  PageResult,
  WechatPayFilter,
  WechatPayNativeInput,
  WechatPayRefundInput,
  WechatPayRow,
  WechatPaySetting,
  WechatPaySettingInput,
  WechatPayStatus,
  WechatRefundRow,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const wechatPayKeys = {
  all: ['sysWechatPay'] as const,
  status: ['sysWechatPay', 'status'] as const,
  setting: ['sysWechatPay', 'setting'] as const,
  refunds: (id: string) => ['sysWechatPay', 'refunds', id] as const,
};

const base = '/api/sysWechatPay';
const post = <T>(url: string, body: unknown) => request<T>(`${base}${url}`, { method: 'POST', body });
const get = <T>(url: string) => request<T>(`${base}${url}`);

export const wechatPayStatus = () => get<WechatPayStatus>('/configurationStatus');
export const wechatPaySetting = () => get<WechatPaySetting>('/setting');
export const saveWechatPaySetting = (body: WechatPaySettingInput) => post<null>('/saveSetting', body);
export const pageWechatPay = (body: WechatPayFilter) => post<PageResult<WechatPayRow>>('/page', body);
export const createNativeOrder = (body: WechatPayNativeInput) =>
  post<{ outTradeNumber: string; qrcodeUrl: string }>('/payTransactionNative', body);
export const queryFromWechat = (tradeId: string) =>
  get<WechatPayRow>(`/payInfoFromWechat/${encodeURIComponent(tradeId)}`);
export const closeOrder = (tradeId: string) => post<null>('/close', { tradeId });
export const refundOrder = (body: WechatPayRefundInput) => post<WechatRefundRow>('/refundDomestic', body);
export const listRefunds = (id: string) => post<WechatRefundRow[]>('/listRefund', { id });
export const refundFromWechat = (refundId: string) =>
  get<WechatRefundRow>(`/refundInfoFromWechat/${encodeURIComponent(refundId)}`);

/** Fen as yuan with two decimals, as WeChat's own pages show amounts. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);
