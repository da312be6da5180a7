import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';

const baseUrl = inject('baseUrl');

/** An English page in its own browser context: another person's browser. */
async function openContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await context.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, account: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder(/user name|e-mail/i).fill(account);
  await page.getByPlaceholder(/password/i).fill('Lintel@2026');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/home$/);
}

/** The number the bell's accessible name carries ("Notifications, 3 unread"). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('notice-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? NaN);
}

/**
 * Notices end to end: the admin writes a notice with the editor and publishes it (after the
 * irreversible confirmation); the staff account, signed in elsewhere, sees its bell rise without a
 * reload, opens the notice from the bell and reads it, and the count falls again; the admin cancels it.
 */
describe('notices and the inbox', () => {
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof openContext>>;
  let staff: Awaited<ReturnType<typeof openContext>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await openContext(browser);
    staff = await openContext(browser);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('publishes a notice written in the editor; the other account is told at once and reads it', async () => {
    const hub = staff.page.waitForEvent('websocket', {
      predicate: (ws) => ws.url().includes('/hubs/onlineUser'),
    });
    await signIn(staff.page, 'staff');
    await hub;
    await staff.page.getByTestId('notice-bell').waitFor();
    await expect.poll(() => bellCount(staff.page)).not.toBeNaN();
    const before = await bellCount(staff.page);

    await signIn(admin.page, 'admin');
    const page = admin.page;
    await page.goto(`${baseUrl}/system/notice`);
    await page.getByRole('button', { name: 'New notice' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('New notice').first().waitFor();
    await dialog.getByLabel('Title').fill('Fire drill on Friday');
    await dialog.getByRole('radio', { name: 'Announcement' }).check();
    const editor = dialog.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await dialog.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('Fire drill');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Leave by the east stairs');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' at 10:00.');
    await page.waitForTimeout(300); // the dialog's entrance animation
    await screenshot(page, 'notice-editor');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/sysNotice/add'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);

    const row = page.locator('tr', { hasText: 'Fire drill on Friday' });
    await row.getByText('Draft').waitFor();
    await row.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'cannot be undone' });
    await confirm.waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'notice-publish-confirm');
    const published = page.waitForResponse((r) => r.url().endsWith('/api/sysNotice/public'));
    await confirm.getByRole('button', { name: 'Publish' }).click();
    expect((await published).status()).toBe(200);
    await row.getByText('Published').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'notice-page');

    // The staff page was not reloaded: the hub's PublicNotice raised its bell.
    await expect.poll(() => bellCount(staff.page), { timeout: 10_000 }).toBe(before + 1);
    await staff.page.getByTestId('notice-bell').click();
    const popover = staff.page.getByTestId('notice-bell-popover');
    await popover.getByText('Fire drill on Friday').waitFor();
    await staff.page.waitForTimeout(300);
    await screenshot(staff.page, 'notice-bell-popover');

    const read = staff.page.waitForResponse((r) => r.url().endsWith('/api/sysNotice/setRead'));
    await popover.getByText('Fire drill on Friday').click();
    await staff.page.waitForURL(/\/system\/inbox$/);
    const shown = staff.page.getByRole('dialog');
    await shown.getByRole('heading', { name: 'Fire drill' }).waitFor();
    expect(await shown.locator('strong').textContent()).toBe('Leave by the east stairs');
    expect((await read).status()).toBe(200);
    await expect.poll(() => bellCount(staff.page)).toBe(before);
    await staff.page.waitForTimeout(300);
    await screenshot(staff.page, 'notice-read');

    // Cancelled after its own confirmation, the notice stays in the admin's list as cancelled.
    await row.getByRole('button', { name: 'Cancel notice' }).click();
    const cancelConfirm = page.getByRole('dialog').filter({ hasText: 'leaves its recipients' });
    await cancelConfirm.waitFor();
    const cancelled = page.waitForResponse((r) => r.url().endsWith('/api/sysNotice/cancel'));
    await cancelConfirm.getByRole('button', { name: 'Cancel notice' }).click();
    expect((await cancelled).status()).toBe(200);
    await row.getByText('Cancelled').waitFor();
  });

  it('delivers a message live into the inbox and records it in the message log', async () => {
    const before = await bellCount(staff.page);
    const status = await admin.page.evaluate(async () => {
      // The signed-in page's access token (its cookie), as the app's client sends it.
      const token = document.cookie
        .split('; ')
        .map((pair) => pair.split('='))
        .find(
          ([name]) =>
            /access-token$/.test(decodeURIComponent(name ?? '')) && !/x-access-token$/.test(name ?? ''),
        )?.[1];
      if (!token) return 0;
      const res = await fetch('/api/sysMessage/sendUser', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeURIComponent(token)}` },
        body: JSON.stringify({
          receiveUserId: '1300000000112',
          title: 'Server maintenance',
          message: 'Please save your work by 18:00.',
          messageType: 'warning',
        }),
      });
      return res.status;
    });
    expect(status).toBe(200);
    await expect.poll(() => bellCount(staff.page), { timeout: 10_000 }).toBe(before + 1);

    await staff.page.goto(`${baseUrl}/system/inbox?tab=messages`);
    const row = staff.page.locator('tr', { hasText: 'Server maintenance' });
    await row.getByText('Unread').waitFor();
    await row.getByText('Server maintenance').click();
    await staff.page.getByRole('dialog').getByText('Please save your work by 18:00.').waitFor();
    await expect.poll(() => bellCount(staff.page)).toBe(before);
    await staff.page.waitForTimeout(300);
    await screenshot(staff.page, 'inbox-message');

    await admin.page.goto(`${baseUrl}/log/msglog`);
    const logged = admin.page.locator('tr', { hasText: 'Server maintenance' });
    await logged.getByText('One account').waitFor();
    await admin.page.waitForTimeout(300);
    await screenshot(admin.page, 'message-log');
  });

  it('composes a message in the inbox to one account, which receives it live', async () => {
    // The staff account watches its inbox's message tab (a fresh page: wait for its hub).
    const hub = staff.page.waitForEvent('websocket', {
      predicate: (ws) => ws.url().includes('/hubs/onlineUser'),
    });
    await staff.page.goto(`${baseUrl}/system/inbox?tab=messages`);
    await hub;
    await staff.page.locator('tr', { hasText: 'Server maintenance' }).waitFor();
    const before = await bellCount(staff.page);

    const page = admin.page;
    await page.goto(`${baseUrl}/system/inbox`);
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Send to').waitFor();
    await page.waitForTimeout(300); // the dialog's entrance animation
    const search = page.waitForResponse((r) => r.url().endsWith('/api/sysUser/pickList'));
    await dialog.getByRole('combobox').click();
    await page.keyboard.type('staff');
    await search;
    await page.locator('.ant-select-item-option', { hasText: '(staff)' }).click();
    await dialog.getByRole('radio', { name: 'Success' }).check();
    await dialog.getByLabel('Title').fill('Quarterly report approved');
    await dialog.getByLabel('Message').fill('Thanks to everyone who helped; the figures are final.');
    await page.waitForTimeout(300);
    await screenshot(page, 'message-compose');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/sysMessage/sendUser'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    const response = await sent;
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
      receiveUserId: '1300000000112',
      title: 'Quarterly report approved',
      messageType: 'success',
    });
    await page.getByText('Message sent. Recipients: 1, online now: 1').waitFor();

    // No reload on the staff side: ReceiveMessage raised the bell and refreshed the open inbox.
    await expect.poll(() => bellCount(staff.page), { timeout: 10_000 }).toBe(before + 1);
    const row = staff.page.locator('tr', { hasText: 'Quarterly report approved' });
    await row.getByText('Unread').waitFor();
    await staff.page.waitForTimeout(300);
    await screenshot(staff.page, 'message-composed-received');
  });
});
