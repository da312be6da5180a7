import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { recordCspViolations } from './csp-violations.js';

const baseUrl = inject('baseUrl');
const PASSWORD = 'Lintel@2026';

describe('API documentation behind the swagger login (Chromium)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Everything the Content-Security-Policy refused in this test's context (the page runs no inline script). */
  let violations: string[];

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
    violations = await recordCspViolations(context);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
    expect(violations).toEqual([]);
  });

  /** The sign-in page, ready: its script has loaded the public key (and the captcha, if asked). */
  async function openLogin() {
    await page.goto('/swagger');
    await page.waitForURL((url) => url.pathname === '/swagger-login');
    await page.locator('form#f button[type=submit]:enabled').waitFor();
  }

  /** The next form the page posts to the documentation login, as sent. */
  const nextSubmit = () =>
    page
      .waitForRequest((r) => r.url().endsWith('/api/swagger/submitUrl') && r.method() === 'POST')
      .then((r) => new URLSearchParams(r.postData() ?? ''));

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
    // Labelled fields, found by their labels; the captcha is off in the e2e product.
    await expect(page.getByLabel('User name').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Password').isVisible()).resolves.toBe(true);
    await expect(page.locator('#captcha').isHidden()).resolves.toBe(true);
    await screenshot(page, 'swagger-login');
  });

  it('sends the password SM2-encrypted, never as typed (issue 8, finding 5b)', async () => {
    await openLogin();
    const sent = nextSubmit();
    await signIn('superAdmin', PASSWORD);
    const fields = await sent;
    expect(fields.get('UserName')).toBe('superAdmin');
    expect(fields.get('Password')).toMatch(/^[0-9a-f]{200,}$/);
    expect(fields.get('Password')).not.toContain(PASSWORD);
    expect(fields.has('code')).toBe(false);
    await page.waitForURL((url) => url.pathname.startsWith('/swagger') && url.pathname !== '/swagger-login');
  });

  it('shows the captcha picture when the tenant asks for it, and a new one on click', async () => {
    // The e2e product runs with LINTEL_CAPTCHA=off: sysInfo is answered with the captcha on here, so
    // the page shows the real picture from /api/sysAuth/captcha and posts its fields (the server,
    // with the captcha off, does not check them; swagger.test.ts covers the server's side).
    await page.route('**/api/sysTenant/sysInfo/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: Record<string, unknown> };
      body.result.captcha = true;
      await route.fulfill({ response, json: body });
    });
    const firstPicture = page.waitForResponse((r) => r.url().endsWith('/api/sysAuth/captcha'));
    await openLogin();
    const first = ((await (await firstPicture).json()) as { result: { id: string } }).result.id;
    const picture = page.getByRole('img', { name: 'Picture of the verification code' });
    await expect(picture.getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    await expect
      .poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(160);
    await screenshot(page, 'swagger-login-captcha');

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/sysAuth/captcha'));
    await page.getByRole('button', { name: 'Get a new code' }).click();
    const second = ((await (await refreshed).json()) as { result: { id: string } }).result.id;
    expect(second).not.toBe(first);

    await page.getByLabel('Verification code', { exact: true }).fill('ab12');
    const sent = nextSubmit();
    await signIn('superAdmin', PASSWORD);
    const fields = await sent;
    expect(fields.get('codeId')).toBe(second);
    expect(fields.get('code')).toBe('ab12');
    await page.waitForURL((url) => url.pathname.startsWith('/swagger') && url.pathname !== '/swagger-login');
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
