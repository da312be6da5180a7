import type { WechatPayRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import WechatPayPage from './wechat-pay-page';

const PAID: WechatPayRow = {
  id: '1300000000971',
  appId: 'wxd678efh567hg6787',
  merchantId: '1900000109',
  subAppId: null,
  subMerchantId: null,
  outTradeNumber: '1300000000971',
  transactionId: '4200000123456789',
  tradeType: 'NATIVE',
  tradeState: 'SUCCESS',
  tradeStateDescription: null,
  bankType: 'OTHERS',
  total: 1000,
  payerTotal: 1000,
  refunded: 0,
  successTime: '2026-11-25T08:01:00+08:00',
  expireTime: null,
  description: 'Term fee',
  attachment: null,
  goodsTag: null,
  openId: null,
  qrcodeContent: 'weixin://wxpay/bizpayurl?pr=abc',
  tags: null,
  businessId: null,
  createTime: '2026-11-25T08:00:00+08:00',
  updateTime: null,
};
const ALL = [
  'sysWechatPay:page',
  'sysWechatPay:setting',
  'sysWechatPay:saveSetting',
  'sysWechatPay:payTransactionNative',
  'sysWechatPay:refundDomestic',
  'sysWechatPay:payInfoFromWechat',
];

let configured: boolean;
let placed: unknown[];
let refunds: unknown[];
beforeEach(() => {
  configured = false;
  placed = [];
  refunds = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ALL })),
    'GET /api/sysWechatPay/configurationStatus': () =>
      json({
        configured,
        missing: configured ? [] : ['merchantId', 'merchantV3Secret'],
        partner: false,
        verification: 'certificate',
      }),
    'GET /api/sysWechatPay/setting': () =>
      json({
        appId: configured ? PAID.appId : '',
        merchantId: configured ? PAID.merchantId : '',
        merchantCertificateSerialNumber: '',
        hasPrivateKey: configured,
        hasV3Secret: configured,
        platformPublicKeyId: null,
        platformPublicKey: null,
        subAppId: null,
        subMerchantId: null,
        apiBase: 'https://api.mch.weixin.qq.com',
        updateTime: null,
      }),
    'POST /api/sysWechatPay/page': () => {
      const items = configured ? [PAID] : [];
      return json({ page: 1, pageSize: 20, total: items.length, totalPages: 1, items });
    },
    'POST /api/sysWechatPay/payTransactionNative': (init) => {
      placed.push(JSON.parse(String(init?.body)));
      return json({ outTradeNumber: '1300000000972', qrcodeUrl: 'weixin://wxpay/bizpayurl?pr=xyz' });
    },
    'POST /api/sysWechatPay/refundDomestic': (init) => {
      refunds.push(JSON.parse(String(init?.body)));
      return json({ tradeState: 'PROCESSING' });
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('WeChat Pay page', () => {
  it('says what to configure while the merchant settings are missing, and offers no order', async () => {
    await renderPage(<WechatPayPage />);
    expect(await screen.findByText('WeChat Pay is not configured for this tenant')).toBeTruthy();
    expect(screen.getByText(/merchant id, APIv3 key/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /New Native order/ }).hasAttribute('disabled')).toBe(true);
  });

  it('lists orders in yuan with their state, places a Native order and shows its QR code, refunds', async () => {
    configured = true;
    await renderPage(<WechatPayPage />);
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.getByText('10.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /New Native order/ }));
    fireEvent.change(await screen.findByLabelText('Description'), { target: { value: 'Book' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('wechat-pay-qr')).toBeTruthy();
    expect(placed).toEqual([{ description: 'Book', total: 1 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('10.00 yuan of 10.00 yuan is left to refund.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Refund' }).at(-1)!);
    await waitFor(() =>
      expect(refunds).toEqual([{ tradeId: PAID.outTradeNumber, refund: 1000, reason: null }]),
    );
  });
});
