import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { api, signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');

interface WechatFixture {
  startWechatPayServer(options?: { mode?: 'certificate' | 'publicKey' }): Promise<{
    merchant: Record<string, string | null>;
    orders: Map<string, { trade_state: string }>;
    refunds: Map<string, unknown>;
    pay(outTradeNo: string): { url: string; headers: Record<string, string>; body: string };
    deliver(notification: { url: string; headers: Record<string, string>; body: string }): Promise<number>;
    close(): Promise<void>;
  }>;
}
// The server tests' local WeChat Pay APIv3 server (plain node), shared rather than repeated.
const FIXTURE = new URL('../../apps/server/test/wechat-pay-server.ts', import.meta.url).href;
const { startWechatPayServer } = (await import(/* @vite-ignore */ FIXTURE)) as WechatFixture;

/**
 * Issue 14, WeChat Pay as the platform administrator uses it: the page says what to configure, the
 * merchant settings are saved pointing at a local APIv3 server, a Native order shows its QR code,
 * the customer "pays" (the local server sends WeChat's signed, encrypted notification to this
 * server), the list shows the order paid, and part of it is refunded.
 */
describe('WeChat Pay', () => {
  let browser: Browser;
  let page: Page;
  let wechat: Awaited<ReturnType<WechatFixture['startWechatPayServer']>>;

  beforeAll(async () => {
    wechat = await startWechatPayServer();
    browser = await launchBrowser();
    page = await signedInPage(browser, 'superAdmin');
  });
  afterAll(async () => {
    await browser?.close();
    await wechat?.close();
  });

  it('is configured, takes a Native payment and refunds part of it', async () => {
    const token = await tokenOf(page);
    await page.goto(`${baseUrl}/platform/wechatpay`);
    const status = await api<{ configured: boolean }>('/api/sysWechatPay/configurationStatus', token);
    if (!status.configured) {
      await page.getByText('WeChat Pay is not configured for this tenant').waitFor();
      await screenshot(page, 'wechat-pay-unconfigured');
    }
    await page.getByRole('button', { name: 'Configure' }).click();
    const dialog = page.getByRole('dialog');
    const m = wechat.merchant;
    await dialog.getByLabel('AppId').fill(m.appId!);
    await dialog.getByLabel('Merchant id (mchid)').fill(m.merchantId!);
    await dialog.getByLabel('Merchant certificate serial number').fill(m.merchantCertificateSerialNumber!);
    await dialog.getByLabel('APIv3 key').fill(m.merchantV3Secret!);
    await dialog.getByLabel('Merchant private key (PEM)').fill(m.merchantCertificatePrivateKey!);
    await dialog.getByLabel('WeChat Pay public key id').fill(m.platformPublicKeyId ?? '');
    await dialog.getByLabel('WeChat Pay public key (PEM)').fill(m.platformPublicKey ?? '');
    await dialog.getByLabel('API address').fill(m.apiBase!);
    await expectAccessible(page, 'wechat pay settings', '.ant-modal-wrap');
    await dialog.getByRole('button', { name: /OK|Save/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(m.merchantId!, { exact: true }).waitFor();

    await page.getByRole('button', { name: /New Native order/ }).click();
    const order = page.getByRole('dialog');
    await order.getByLabel('Description').fill('E2E term fee');
    await order.getByLabel('Amount (yuan)').fill('12.34');
    await order.getByRole('button', { name: 'Place order' }).click();
    await page.getByTestId('wechat-pay-qr').waitFor();
    const outTradeNo = (await page.getByRole('dialog').locator('code').textContent())!.trim();
    expect(wechat.orders.get(outTradeNo)?.trade_state).toBe('NOTPAY');
    await page.waitForTimeout(400); // the dialog's opening animation
    await screenshot(page, 'wechat-pay-qr');
    await expectAccessible(page, 'wechat pay qr', '.ant-modal-wrap');
    await page.getByRole('button', { name: 'Done' }).click();

    // The customer pays: WeChat's notification reaches this server's callback and is verified.
    expect(await wechat.deliver(wechat.pay(outTradeNo))).toBe(204);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.locator('.ant-table-row', { hasText: outTradeNo });
    await row.getByText('Paid').waitFor();
    await row.getByText('12.34', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog');
    await refund.getByLabel('Refund (yuan)').fill('2.34');
    await refund.getByLabel('Reason').fill('E2E partial refund');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await refund.waitFor({ state: 'hidden' });
    await row.getByText('2.34', { exact: true }).waitFor();
    expect(wechat.refunds.size).toBe(1);
    await screenshot(page, 'wechat-pay-list');
    await expectAccessible(page, 'wechat pay page');
  });
});
