import { createHmac, randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { api, signIn, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');
const run = randomUUID().slice(0, 6);

/** The headers of a signed open API request, as docs/open-api.md computes them. */
function signatureHeaders(accessKey: string, secret: string, method: string, path: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomUUID().replace(/-/g, '');
  const sign = createHmac('sha256', secret)
    .update(`${method}&${path}&${accessKey}&${timestamp}&${nonce}`, 'utf8')
    .digest('base64');
  return { accessKey, timestamp, nonce, sign };
}

async function newPage(browser: Browser, account: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

/**
 * Issue 13, the open API and the small tools: the tenant admin creates an access key, sees its secret
 * once and signs a request with it from outside the browser, then uses the signature helper; takes a
 * serial number; the super admin's upgrade prompt shows an unread release note and marks it read;
 * a 2-second stress test shows its result. Everything created is removed again.
 */
describe('open API access, serial numbers, release notes and the stress test', () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let adminToken: string;
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser, 'admin');
    adminToken = await tokenOf(admin.page);
  });

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    await browser?.close();
  });

  it('creates an access key, shows its secret once, and a request signed with it acts as its account', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/system/openAccess`);
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await page.locator('#dialog_bindUserId').click();
    await page.keyboard.type('member');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: /^member/,
    });
    await option.first().click();
    await dialog.getByRole('button', { name: 'Save' }).click();

    const secretBox = page.getByTestId('open-access-secret');
    await secretBox.waitFor();
    const accessKey = (await secretBox.locator('code').first().innerText()).trim();
    const secret = (await page.getByTestId('open-access-secret-value').locator('code').innerText()).trim();
    expect(accessKey).toMatch(/^\d+_[0-9a-f]{24}$/);
    expect(secret.length).toBeGreaterThan(40);
    const keys = await api<{ items: { id: string; accessKey: string }[] }>(
      '/api/sysOpenAccess/page',
      adminToken,
      {
        accessKey,
      },
    );
    cleanup.push(() => api('/api/sysOpenAccess/delete', adminToken, { id: keys.items[0]!.id }));
    await screenshot(page, 'open-access-secret');
    await expectAccessible(
      page,
      'open access secret dialog',
      '.ant-modal-wrap:not([style*="display: none"])',
    );
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await secretBox.waitFor({ state: 'detached' });
    const row = page.locator('.ant-table-row', { hasText: accessKey });
    await row.waitFor();
    // Never shown again: the list knows only that a secret exists.
    expect(await page.getByTestId('shell-page').innerText()).not.toContain(secret);

    const path = '/api/sysAuth/userInfo';
    const signed = await fetch(`${baseUrl}${path}`, {
      headers: signatureHeaders(accessKey, secret, 'GET', path),
    });
    expect(signed.status).toBe(200);
    expect(((await signed.json()) as { result: { account: string } }).result.account).toBe('member');
    const forged = await fetch(`${baseUrl}${path}`, {
      headers: signatureHeaders(accessKey, 'wrong', 'GET', path),
    });
    expect(forged.status).toBe(401);

    // The signature helper computes the same sign for the key's saved secret.
    await row.getByRole('button', { name: 'Signature helper' }).click();
    const helper = page.getByTestId('signature-helper');
    await helper.getByRole('button', { name: 'Sign' }).click();
    const sign = (await page.getByTestId('signature-sign').locator('code').innerText()).trim();
    const timestamp = await helper.getByLabel('Timestamp (Unix seconds)').inputValue();
    const nonce = await helper.getByLabel('Nonce').inputValue();
    const expected = createHmac('sha256', secret)
      .update(`GET&${path}&${accessKey}&${timestamp}&${nonce}`, 'utf8')
      .digest('base64');
    expect(sign).toBe(expected);
    await page.getByText(/curl -X GET/).waitFor();
    await screenshot(page, 'open-access-helper', true);
    await expectAccessible(page, 'signature helper');
  });

  it('adds a serial number and takes the next one', async () => {
    const { page } = admin;
    const code = `E2E_${run}`;
    await page.goto(`${baseUrl}/system/serial`);
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel('Name').fill('E2E orders');
    await dialog.getByLabel('Prefix').fill('SO');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('.ant-table-row', { hasText: code });
    await row.waitFor();
    const list = await api<{ items: { id: string; preview: string }[] }>('/api/sysSerial/page', adminToken, {
      code,
    });
    cleanup.push(() => api('/api/sysSerial/delete', adminToken, { id: list.items[0]!.id }));
    const first = list.items[0]!.preview;
    expect(first).toMatch(/^SO\d{8}0001$/);
    await row.getByText(first).waitFor();

    await row.getByRole('button', { name: 'Take the next number' }).click();
    await page.getByTestId('serial-taken').getByText(first).waitFor();
    await screenshot(page, 'serial-taken');
    await page.getByRole('button', { name: 'Close' }).click();
    await row.getByText(first.replace(/0001$/, '0002')).waitFor();
    await screenshot(page, 'serial-list');
    await expectAccessible(page, 'serial page');
  });

  it('the upgrade prompt shows an unread release note and marks it read; the update log lists it', async () => {
    const sa = await newPage(browser, 'superAdmin');
    const token = await tokenOf(sa.page);
    const title = `E2E release ${run}`;
    const id = await api<string>('/api/sysUpgrade/add', token, {
      version: '99.0.0',
      title,
      content: '## Faster reports\n- **Charts** on every report\n- Serial numbers',
    });
    cleanup.push(() => api('/api/sysUpgrade/delete', token, { id }));
    try {
      await sa.page.reload();
      const note = sa.page.getByTestId('upgrade-note');
      await note.getByText(title).waitFor();
      await note.locator('strong', { hasText: 'Charts' }).waitFor();
      await screenshot(sa.page, 'upgrade-prompt');
      await expectAccessible(sa.page, 'upgrade prompt', '.ant-modal-wrap:not([style*="display: none"])');
      await sa.page.getByRole('button', { name: 'Not now' }).click();
      await note.waitFor({ state: 'detached' });
      await expect.poll(() => api<unknown[]>('/api/sysUpgrade/unread', token)).toEqual([]);
      await sa.page.getByTestId('changelog').getByText(title).waitFor();

      await sa.page.goto(`${baseUrl}/platform/upgrade`);
      await sa.page.locator('.ant-table-row', { hasText: title }).waitFor();
      await screenshot(sa.page, 'upgrade-page');
      await expectAccessible(sa.page, 'release notes page');
    } finally {
      await api('/api/sysUpgrade/delete', token, { id }).catch(() => undefined);
    }

    // A 2-second stress test of one of the product's own routes.
    await sa.page.goto(`${baseUrl}/develop/stressTest`);
    const duration = sa.page.getByLabel('Duration');
    await duration.fill('2');
    await sa.page.getByLabel('Connections').fill('2');
    await sa.page.getByRole('button', { name: 'Start' }).click();
    const result = sa.page.getByTestId('stress-result');
    await result.waitFor({ timeout: 20_000 });
    await result.getByText('p99').waitFor();
    await result.getByText(/^200: \d+$/).waitFor();
    await screenshot(sa.page, 'stress-test', true);
    await expectAccessible(sa.page, 'stress test page');
    await sa.context.close();
  });
});
