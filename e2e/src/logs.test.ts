import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';

const baseUrl = inject('baseUrl');

/** The logs as the demo tenant admin reads them, in English: visits, request details, the chain check. */
describe('logs', () => {
  let browser: Browser;
  let page: Page;

  const signIn = async (password: string) => {
    await page.getByPlaceholder(/user name|e-mail/i).fill('admin');
    await page.getByPlaceholder(/password/i).fill(password);
    await page.keyboard.press('Enter');
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    await page.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
    await page.goto(`${baseUrl}/login`);
    await signIn('Lintel@2026');
    await page.waitForURL(/\/dashboard\/home$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('signs out, is refused once, signs in, and sees all three in the visit log with browser and system', async () => {
    await page.getByTestId('user-menu').click();
    const item = page.getByRole('menuitem', { name: 'Log out' });
    await item.waitFor({ state: 'visible' });
    await page.waitForTimeout(200);
    await item.click();
    await page.getByText('This will log you out. Continue?').waitFor();
    await page.waitForTimeout(300);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/login$/);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/sysAuth/login'));
    await signIn('Wrong@2026x');
    expect((await refused).status()).toBe(400);
    await page.getByPlaceholder(/password/i).fill('');
    await signIn('Lintel@2026');
    await page.waitForURL(/\/dashboard\/home$/);

    const listed = page.waitForResponse((r) => r.url().endsWith('/api/sysLogVis/page'));
    await page.goto(`${baseUrl}/log/vislog`);
    expect((await listed).status()).toBe(200);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    // Newest first: the sign-in, the refused one with its reason, the sign-out.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const [signedIn, refusedRow, signedOut] = [rows.nth(0), rows.nth(1), rows.nth(2)];
    await signedIn.getByText('Sign-in').waitFor();
    await refusedRow.getByText('Please check your user name/e-mail or password.').waitFor();
    await signedOut.getByText('Sign-out').waitFor();
    for (const row of [signedIn, refusedRow, signedOut]) {
      expect(await row.textContent()).toMatch(/Chrome \d+/);
      expect(await row.textContent()).toContain('Linux');
      expect(await row.textContent()).toContain('Local network');
    }
    await screenshot(page, 'log-visits');
    // The date presets of every log list.
    await page.locator('.ant-picker-range').click();
    await page.getByText('Last 3 months').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'log-visits-presets');
    await page.keyboard.press('Escape');
  });

  it('shows a request log entry in detail with its secrets redacted', async () => {
    const listed = page.waitForResponse((r) => r.url().endsWith('/api/sysLogHttp/page'));
    await page.goto(`${baseUrl}/log/httplog`);
    expect((await listed).status()).toBe(200);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '/api/sysAuth/login' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: 'Details' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Request body').waitFor();
    const text = await drawer.textContent();
    expect(text).toContain('"password": "***"');
    expect(text).toContain('"accessToken": "***"');
    expect(text).not.toMatch(/Bearer|eyJ/);
    await page.waitForTimeout(400); // the drawer's entrance animation
    await screenshot(page, 'log-http-detail');
  });

  it('opens the exception log with its reference search', async () => {
    const listed = page.waitForResponse((r) => r.url().endsWith('/api/sysLogEx/page'));
    await page.goto(`${baseUrl}/log/exlog`);
    expect((await listed).status()).toBe(200);
    await page.getByLabel('Reference').waitFor();
    await screenshot(page, 'log-exceptions');
  });

  it('verifies the operation log chain', async () => {
    await page.goto(`${baseUrl}/log/oplog`);
    await page.locator('.ant-table').waitFor();
    // Clearing is an operation: the log then holds that one entry, chained.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('Delete every entry of this log?').waitFor();
    await page.waitForTimeout(300);
    const cleared = page.waitForResponse((r) => r.url().endsWith('/api/sysLogOp/clear'));
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Clear' }).click();
    expect((await cleared).status()).toBe(200);
    const verified = page.waitForResponse((r) => r.url().endsWith('/api/sysLogOp/verify'));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect((await verified).status()).toBe(200);
    await page.getByRole('status').getByText('Intact. Entries checked: 1').waitFor();
    await page.getByRole('button', { name: /Refresh/ }).click();
    await page.locator('.ant-table-tbody').getByText('/api/sysLogOp/clear').waitFor();
    await screenshot(page, 'log-op-verify');
  });
});
