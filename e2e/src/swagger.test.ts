import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';

const baseUrl = inject('baseUrl');
const PASSWORD = 'Lintel@2026';

describe('API documentation behind the swagger login (Chromium)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    // A fresh context per test: no swagger cookie carries over.
    context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function openLogin() {
    await page.goto('/swagger');
    await page.waitForURL((url) => url.pathname === '/swagger-login');
    await page.locator('form#f').waitFor();
  }

  async function signIn(account: string, password: string) {
    await page.fill('#u', account);
    await page.fill('#p', password);
    await page.click('button[type=submit]');
  }

  it('sends a visitor without the swagger login to /swagger-login', async () => {
    await openLogin();
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toMatch(/^\/swagger/);
    expect(await page.title()).toContain('Lintel API documentation');
    await expect(page.locator('#u').isVisible()).resolves.toBe(true);
    await expect(page.locator('#p').getAttribute('type')).resolves.toBe('password');
    await screenshot(page, 'swagger-login');
  });

  it('shows an error for a wrong password and stays on the sign-in page', async () => {
    await openLogin();
    await signIn('superAdmin', 'not-the-password');
    const error = page.locator('#error');
    await error.filter({ hasText: /\S/ }).waitFor();
    expect(await error.textContent()).toBe('Wrong user name or password.');
    expect(new URL(page.url()).pathname).toBe('/swagger-login');
    await screenshot(page, 'swagger-login-wrong-password');
  });

  it('lets the super admin in: Swagger UI lists the sysAuth tag and the login operation', async () => {
    await openLogin();
    await signIn('superAdmin', PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/swagger') && url.pathname !== '/swagger-login');
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'Lintel API' }).waitFor();

    const tag = page.locator('.opblock-tag[data-tag="sysAuth"]');
    await tag.waitFor();
    const login = page.locator('.opblock-summary-path[data-path="/api/sysAuth/login"]');
    await login.first().waitFor();
    expect(await login.count()).toBeGreaterThan(0);
    await expect(
      page
        .locator('.opblock-post')
        .filter({ has: page.locator('[data-path="/api/sysAuth/login"]') })
        .count(),
    ).resolves.toBeGreaterThan(0);
    await screenshot(page, 'swagger-ui', true);

    // The OpenAPI document itself is readable with the cookie.
    const spec = await page.evaluate(async () => {
      const res = await fetch('/swagger/json');
      return { status: res.status, body: (await res.json()) as { paths: Record<string, unknown> } };
    });
    expect(spec.status).toBe(200);
    expect(Object.keys(spec.body.paths)).toContain('/api/sysAuth/login');
  });

  it('refuses a member account without administrator rights', async () => {
    await openLogin();
    await signIn('member', PASSWORD);
    const error = page.locator('#error');
    await error.filter({ hasText: /\S/ }).waitFor();
    expect(await error.textContent()).toBe('Wrong user name or password.');
    await screenshot(page, 'swagger-login-member-refused');

    // Still no way in: the documentation keeps redirecting to the sign-in page.
    await page.goto('/swagger');
    await page.waitForURL((url) => url.pathname === '/swagger-login');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'lintel_swagger')).toBeUndefined();
  });
});
