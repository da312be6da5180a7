import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';

const baseUrl = inject('baseUrl');
const PHONE = {
  viewport: { width: 390, height: 844 },
  locale: 'zh-CN',
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
const DESKTOP = { viewport: { width: 1366, height: 800 }, locale: 'zh-CN' };

/** Opens the sign-in page's scan tab and returns the link its QR code holds. */
async function waitingPage(context: BrowserContext): Promise<{ page: Page; link: string }> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByText('扫码登录').click();
  await page.getByAltText('登录二维码').waitFor();
  const link = (await page.getByTestId('qr-link').textContent())!;
  expect(link).toMatch(new RegExp(`^${baseUrl}/qr/confirm\\?ticket=[A-Za-z0-9_-]{22}$`));
  return { page, link };
}

/**
 * QR-code sign-in between two browsers (captcha off in the e2e server): A waits on the sign-in
 * page's scan tab; B, a phone, opens the link A shows, signs in as admin, sees A's device and
 * confirms or rejects; A ends signed in as admin, or is told of the rejection.
 */
describe('QR-code sign-in', () => {
  let browser: Browser;
  let desktop: BrowserContext;
  let phone: BrowserContext;
  let phonePage: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    desktop = await browser.newContext(DESKTOP);
    phone = await browser.newContext(PHONE);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('signs the waiting browser in as the user who confirms on the phone', async () => {
    const { page: waiting, link } = await waitingPage(desktop);
    await waiting.getByText(/等待扫码 · \d+ 秒/).waitFor();
    await screenshot(waiting, 'qr-login-waiting');

    // The phone is signed out: it signs in first and comes back to the confirm page.
    phonePage = await phone.newPage();
    await phonePage.goto(link);
    await phonePage.waitForURL(/\/login\?redirect=%2Fqr%2Fconfirm/);
    await phonePage.getByPlaceholder('用户名或邮箱').fill('admin');
    await phonePage.getByPlaceholder('密码').fill('Lintel@2026');
    await phonePage.getByRole('button', { name: /登\s*录/ }).click();
    await phonePage.waitForURL(/\/qr\/confirm\?ticket=/);
    await phonePage.getByText('在其他设备上登录？').waitFor();
    await phonePage.getByText('127.0.0.1').waitFor();
    await phonePage.getByText(/^Chrome \d+$|^HeadlessChrome/).waitFor();
    await screenshot(phonePage, 'qr-confirm-phone');

    // Opening the link marked the ticket scanned: the waiting page says so.
    await waiting.getByText(/已扫码，请在手机上确认 · \d+ 秒/).waitFor();
    await screenshot(waiting, 'qr-login-scanned');

    await phonePage.getByRole('button', { name: '确认登录' }).click();
    await phonePage.getByText('已确认：另一台设备已登录。').waitFor();
    await screenshot(phonePage, 'qr-confirm-phone-done');

    await waiting.waitForURL(/\/dashboard\/home$/, { timeout: 15_000 });
    await waiting.getByText(/，系统管理员！/).waitFor();
    await screenshot(waiting, 'qr-login-signed-in');
    await waiting.close();
  });

  it('tells the waiting browser when the phone rejects, and offers a new code', async () => {
    const fresh = await browser.newContext(DESKTOP);
    try {
      const { page: waiting, link } = await waitingPage(fresh);
      await phonePage.goto(link); // still signed in from the first test
      await phonePage.getByText('在其他设备上登录？').waitFor();
      await phonePage.getByRole('button', { name: /拒\s*绝/ }).click();
      await phonePage.getByText('已拒绝此次登录。').waitFor();
      await waiting.getByText('登录已被拒绝').waitFor();
      await screenshot(waiting, 'qr-login-rejected');
      await waiting.getByRole('button', { name: /刷新二维码/ }).click();
      await waiting.getByText(/等待扫码 · \d+ 秒/).waitFor();
      expect(await waiting.getByTestId('qr-link').textContent()).not.toBe(link);
      expect(waiting.url()).toMatch(/\/login$/);
    } finally {
      await fresh.close();
    }
  });
});
