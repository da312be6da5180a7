import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');
const NOTES = '/api/plugin/hello-notes/';

/** The status of a plugin route for the signed-in super admin (the API helper throws on non-200). */
async function statusOf(page: Page, path: string): Promise<number> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  return response.status;
}

/**
 * Issue 13, the plugins, the MQTT tool and the help pages as the super admin uses them: the sample
 * plugin of the plugins folder is listed, switched off (its route answers 404) and on again; the
 * MQTT page connects to the embedded broker (the suite's server runs it: MQTT_BROKER=on),
 * subscribes, publishes and sees its message come back; the user guide renders; the API
 * documentation opens in the shell without its login form.
 */
describe('plugins, MQTT tool and help', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'superAdmin');
  });
  afterAll(async () => {
    // The sample plugin stays enabled for whoever comes next.
    if (page && (await statusOf(page, NOTES).catch(() => 0)) === 404) {
      await page.goto(`${baseUrl}/platform/plugin`);
      await page.getByLabel('Enable hello-notes').click();
    }
    await browser?.close();
  });

  it('lists the sample plugin, disables it (404) and enables it again', async () => {
    await page.goto(`${baseUrl}/platform/plugin`);
    const row = page.locator('tr', { hasText: 'hello-notes' });
    await row.getByText('/api/plugin/hello-notes', { exact: false }).first().waitFor();
    expect(await statusOf(page, NOTES)).toBe(200);
    await screenshot(page, 'plugins-list');
    await expectAccessible(page, 'plugins page');

    const toggle = page.getByLabel('Enable hello-notes');
    await toggle.click();
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Enable hello-notes"]')?.getAttribute('aria-checked') === 'false',
    );
    expect(await statusOf(page, NOTES)).toBe(404);
    await toggle.click();
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Enable hello-notes"]')?.getAttribute('aria-checked') === 'true',
    );
    expect(await statusOf(page, NOTES)).toBe(200);

    await page.goto(`${baseUrl}/platform/hello-notes`);
    await page.getByText('Hello from a plugin').waitFor();
    await screenshot(page, 'plugins-view');
  });

  it('connects to the embedded broker, subscribes, publishes and logs the message', async () => {
    await page.goto(`${baseUrl}/develop/mqtt`);
    await page.waitForFunction(() =>
      (document.querySelector<HTMLInputElement>('input#connect_url')?.value ?? '').endsWith('/mqtt'),
    );
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByTestId('mqtt-state').getByText('Connected').waitFor();

    await page.getByLabel('Topic filter').fill('e2e/#');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByText('e2e/# · QoS 0').waitFor();

    await page.getByLabel('Topic', { exact: true }).fill('e2e/hello');
    await page.getByLabel('Payload', { exact: true }).fill('hi from the browser');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const log = page.getByTestId('mqtt-log');
    await log.locator('tr', { hasText: 'In' }).getByText('hi from the browser').waitFor();
    await log.locator('tr', { hasText: 'Out' }).getByText('hi from the browser').waitFor();
    await screenshot(page, 'mqtt-round-trip', true);
    await expectAccessible(page, 'MQTT page');
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
  });

  it('shows the user guide with its contents', async () => {
    await page.goto(`${baseUrl}/doc/guide`);
    await page.getByRole('heading', { level: 2, name: 'Sign-in and the shell' }).waitFor();
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.getByRole('button', { name: 'Open API' }).click();
    // Rendered as Markdown (the renderer is its own chunk): the bold words are <strong>.
    await page.locator('#guide-openapi strong', { hasText: 'System → Open API access' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(19);
    // The pointer leaves the link it clicked (a hovered link is lighter than axe's contrast threshold).
    await page.mouse.move(1, 1);
    await screenshot(page, 'guide');
    await expectAccessible(page, 'user guide');
  });

  it('opens the API documentation in the shell without a second sign-in', async () => {
    await page.goto(`${baseUrl}/platform/api`);
    const frame = page.frameLocator('[data-testid="iframe-view"] iframe');
    await frame.locator('.swagger-ui .information-container').waitFor({ timeout: 30_000 });
    expect(await frame.locator('input[type="password"]').count()).toBe(0);
    const docs = page.frames().find((f) => f.url().includes('/swagger'));
    expect(new URL(docs!.url()).pathname).not.toBe('/swagger-login');
    await screenshot(page, 'api-docs-frame');
  });

  it('offers the API tools beside the documentation: the route list and a fresh SM2 key pair', async () => {
    await page.goto(`${baseUrl}/platform/api`);
    await page.getByTestId('api-tools-bar').getByRole('button', { name: 'API tools' }).click();
    const drawer = page.getByRole('dialog', { name: 'API tools' });
    await drawer.getByRole('searchbox', { name: 'Search the API list' }).fill('smKeyPair');
    await drawer.getByText('/api/sysCommon/smKeyPair', { exact: true }).waitFor();
    await drawer.getByRole('tab', { name: 'SM2 key pair' }).click();
    await drawer.getByRole('button', { name: 'Generate a key pair' }).click();
    await drawer
      .getByTestId('key-pair')
      .getByText(/^04[0-9a-f]{128}$/)
      .waitFor();
    await screenshot(page, 'api-tools');
  });
});
