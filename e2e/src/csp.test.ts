import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import smCrypto from 'sm-crypto';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { recordCspViolations } from './csp-violations.js';

const baseUrl = inject('baseUrl');
const PASSWORD = 'Lintel@2026';
/** A real PNG for the avatar cropper, which shows the chosen file through a blob: address. */
const PNG = fileURLToPath(new URL('../../apps/server/assets/logo.png', import.meta.url));
const EXTERNAL_PAGE = '<!doctype html><title>External</title><h1>An external page</h1>';

/**
 * The web app, the API documentation and an embedded external page under the server's
 * Content-Security-Policy (issue 8, finding 7), in Chromium: every page a user opens works, and
 * nothing is refused (a refused style, image, socket or frame would be a broken screen). The one
 * thing that must be refused is a script injected into a page, which runs not.
 */
describe('the Content-Security-Policy in the browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let violations: string[];
  let external: http.Server;
  let externalUrl: string;

  /** Fails on every violation recorded since the last call, then starts a fresh list. */
  const expectNoViolations = () => {
    const seen = violations.splice(0);
    expect(seen).toEqual([]);
  };

  const waitForFrame = async (match: (url: URL) => boolean): Promise<Frame> => {
    await expect
      .poll(() => page.frames().some((f) => f !== page.mainFrame() && match(new URL(f.url()))))
      .toBe(true);
    return page.frames().find((f) => f !== page.mainFrame() && match(new URL(f.url())))!;
  };

  beforeAll(async () => {
    // Another origin (another port): what an iframe-type menu with an external address shows.
    external = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(EXTERNAL_PAGE),
    );
    await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
    externalUrl = `http://127.0.0.1:${(external.address() as AddressInfo).port}/`;
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await context.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
    violations = await recordCspViolations(context);
    page = await context.newPage();
  });

  // Each test answers for its own violations (a failed one may leave some behind).
  beforeEach(() => {
    violations?.splice(0);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => external?.close(resolve));
  });

  it('serves the sign-in page with the policy, and it renders (also the QR code, a data: image)', async () => {
    const response = await page.goto(`${baseUrl}/login`);
    const policy = response!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    await page.getByText('Welcome back').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'csp-login');
    await page.getByText('Scan code').click();
    const qr = page.getByAltText('Sign-in QR code');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\//);
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expectNoViolations();
  });

  it('refuses a script injected into the page, inline or in an event handler attribute', async () => {
    await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = 1';
      document.head.append(script);
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__injected = 2');
      img.src = 'data:,not-an-image';
      document.body.append(img);
    })()`);
    await expect.poll(() => violations.filter((v) => /script-src/.test(v)).length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate('window.__injected')).toBeUndefined();
    violations.splice(0);
  });

  it('signs the super admin in: the shell, its dashboard and the realtime hub', async () => {
    await page.goto(`${baseUrl}/login`);
    const hub = page.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/'));
    await page.getByPlaceholder(/user name|e-mail/i).fill('superAdmin');
    await page.getByPlaceholder(/password/i).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/home$/);
    await page.getByTestId('clock').waitFor();
    expect((await hub).isClosed()).toBe(false);
    await page.waitForTimeout(800); // the dashboard's cards and the page animation
    await screenshot(page, 'csp-shell');
    expectNoViolations();
  });

  it('opens the accounts list', async () => {
    await page.goto(`${baseUrl}/system/user`);
    await page.locator('.ant-table').getByText('staff', { exact: true }).waitFor();
    expectNoViolations();
  });

  it('opens the personal centre and shows a chosen avatar in the cropper (a blob: image)', async () => {
    await page.goto(`${baseUrl}/system/userCenter`);
    await page.getByRole('button', { name: 'Change avatar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('avatar-file').setInputFiles(PNG);
    const image = dialog.locator('img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expectNoViolations();
  });

  it('shows the iframe-type menu (the API documentation) framed inside the shell, with no second sign-in', async () => {
    await page.goto(`${baseUrl}/platform/api`);
    await page.getByTestId('iframe-view').waitFor();
    // The frame's page exchanges the shell's session for the documentation cookie first.
    const frame = await waitForFrame(
      (url) => url.pathname.startsWith('/swagger') && url.pathname !== '/swagger-login',
    );
    await frame.locator('.swagger-ui .info .title').filter({ hasText: 'Lintel API' }).waitFor();
    expectNoViolations();
  });

  it('frames an external http page, as an iframe-type menu with an external address does', async () => {
    await page.evaluate(`(() => {
      const frame = document.createElement('iframe');
      frame.src = ${JSON.stringify(externalUrl)};
      document.body.append(frame);
    })()`);
    const frame = await waitForFrame((url) => url.href === externalUrl);
    await frame.getByText('An external page').waitFor();
    expectNoViolations();
  });

  it('signs in on the documentation sign-in page (its script is a file of the server)', async () => {
    // Without the documentation cookie the frame above obtained.
    await context.clearCookies({ name: 'lintel_swagger' });
    await page.goto(`${baseUrl}/swagger`);
    await page.waitForURL((url) => url.pathname === '/swagger-login');
    await page.fill('#u', 'superAdmin');
    await page.fill('#p', PASSWORD);
    await page.click('button[type=submit]');
    // Under the policy only the page's own script posts the form; without it the browser would
    // submit it natively, password and all, as a query string.
    await page.waitForURL((url) => url.pathname.startsWith('/swagger') && url.pathname !== '/swagger-login');
    expect(page.url()).not.toContain(PASSWORD);
    expectNoViolations();
  });

  it('shows Swagger UI on its own and framed in the shell', async () => {
    // The swagger login through the API (the cookie lands in this browser context), so that this
    // test checks Swagger UI whatever the sign-in page does. The password travels SM2-encrypted.
    const info = await page.request.get(`${baseUrl}/api/sysTenant/sysInfo/1300000000001`);
    const { publicKey } = ((await info.json()) as { result: { publicKey: string } }).result;
    const signIn = await page.request.post(`${baseUrl}/api/swagger/submitUrl`, {
      form: { UserName: 'superAdmin', Password: smCrypto.sm2.doEncrypt(PASSWORD, publicKey, 1) },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(`${baseUrl}/swagger`);
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'Lintel API' }).waitFor();
    await page.locator('.opblock-tag[data-tag="sysAuth"]').waitFor();
    // The topbar logo is a data: image.
    await page.locator('.swagger-ui .topbar img').waitFor();
    expectNoViolations();

    await page.goto(`${baseUrl}/platform/api`);
    const frame = await waitForFrame(
      (url) => url.pathname.startsWith('/swagger') && url.pathname !== '/swagger-login',
    );
    await frame.locator('.swagger-ui .info .title').filter({ hasText: 'Lintel API' }).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'csp-iframe-swagger');
    expectNoViolations();
  });
});
