import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { signIn } from './session.js';

const baseUrl = inject('baseUrl');

/** Opens an English page in its own browser context (its own cookies: another person's browser). */
async function openContext(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; scripts: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await context.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return { context, page, scripts };
}

/**
 * Online users: the admin sees a second account's open page, forces it offline from the list, and
 * that browser lands on the sign-in page with a notice saying why; its old token is refused.
 */
describe('online users', () => {
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

  it('connects only signed-in pages to the hub (the sign-in page does not load the client)', async () => {
    const hub = staff.page.waitForEvent('websocket', {
      predicate: (ws) => ws.url().includes('/hubs/onlineUser'),
    });
    await staff.page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    expect(staff.scripts.filter((url) => /realtime-client/.test(url))).toEqual([]);
    await signIn(staff.page, 'staff');
    await hub;
    expect(staff.scripts.some((url) => /realtime-client/.test(url))).toBe(true);
  });

  it('lists the second account and forces it offline; that browser lands on the sign-in page', async () => {
    await signIn(admin.page, 'admin');
    await admin.page.goto(`${baseUrl}/system/onlineUser`);
    const row = admin.page.locator('.ant-table tr', { hasText: 'staff' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/127\.0\.0\.1/);
    await screenshot(admin.page, 'online-users');

    const token = await staff.context
      .cookies()
      .then((all) => all.find((c) => /(^|%3A)access-token$/.test(c.name))?.value);
    await row.getByRole('button', { name: 'Force offline' }).click();
    await admin.page.getByText(/Force .* offline\? The session ends/).waitFor();
    await admin.page.locator('.ant-popconfirm').getByRole('button', { name: 'Force offline' }).click();

    await staff.page.waitForURL(/\/login/);
    await staff.page
      .getByText('An administrator forced this session offline. Please sign in again.')
      .waitFor();
    await screenshot(staff.page, 'online-users-kicked');
    await row.waitFor({ state: 'detached' });

    // The kicked session's token no longer opens anything.
    expect(token).toBeTruthy();
    const res = await fetch(`${baseUrl}/api/sysAuth/userInfo`, {
      headers: { authorization: `Bearer ${decodeURIComponent(token!)}` },
    });
    expect(res.status).toBe(401);
  });
});
