import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { signedInPage } from './session.js';

const baseUrl = inject('baseUrl');

/** Job scheduling as the super admin uses it, in English: an HTTP job calling this server. */
describe('job scheduling', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'superAdmin', { viewport: { width: 1440, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates an interval HTTP job, runs it now, sees its history and pauses it', async () => {
    await page.goto(`${baseUrl}/platform/job`);
    const table = page.locator('.ant-table').first();
    // The built-in jobs are there from the first start.
    await table.getByText('job_log_retention').waitFor();
    await table.getByText('Online-user cleanup').waitFor();

    await page.getByRole('button', { name: 'Add job' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Add job').first().waitFor();
    await page.waitForTimeout(300);
    await dialog.getByLabel('Job ID').fill('ping_captcha');
    await dialog.getByLabel('Group').fill('e2e');
    await dialog.getByLabel('Address').fill('/api/sysAuth/captcha');
    await dialog.getByLabel('Description').fill('Calls this server');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/sysJob/addJobDetail'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await (await saved).json()).code).toBe(200);
    const row = page.locator('tr', { hasText: 'ping_captcha' }).first();
    await row.waitFor();
    await row.getByText('GET /api/sysAuth/captcha').waitFor();

    // An interval trigger, every minute.
    await row.getByRole('button', { name: 'Add trigger' }).click();
    const triggerDialog = page.getByRole('dialog', { name: 'Add trigger' });
    await triggerDialog.waitFor();
    await page.waitForTimeout(300);
    await triggerDialog.getByTestId('cron-preview').waitFor();
    await screenshot(page, 'jobs-trigger-cron-preview');
    await triggerDialog.getByLabel('Trigger ID').fill('ping_captcha_every_minute');
    await triggerDialog.getByText('Interval', { exact: true }).first().click();
    await triggerDialog.getByRole('spinbutton').first().fill('60');
    const added = page.waitForResponse((r) => r.url().endsWith('/api/sysJob/addJobTrigger'));
    await triggerDialog.getByRole('button', { name: 'Save' }).click();
    expect((await (await added).json()).code).toBe(200);
    await page.waitForTimeout(400);

    const ran = page.waitForResponse((r) => r.url().endsWith('/api/sysJob/runJob'));
    await row.getByRole('button', { name: 'Run now' }).click();
    expect((await (await ran).json()).code).toBe(200);

    // The history shows the run, with its duration and the server's answer.
    await page.waitForTimeout(1000);
    await row.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: /Run history/ });
    await drawer.getByText('Succeeded').first().waitFor();
    await drawer
      .getByText(/HTTP 200/)
      .first()
      .waitFor();
    await drawer
      .getByText(/\d+ ms/)
      .first()
      .waitFor();
    await drawer.getByText('By hand').first().waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'jobs-history');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);

    // The triggers under the job; pause it.
    await row.getByRole('button', { name: /expand row/i }).click();
    const triggerRow = page.locator('tr', { hasText: 'ping_captcha_every_minute' });
    await triggerRow.getByText('Ready').waitFor();
    const paused = page.waitForResponse((r) => r.url().endsWith('/api/sysJob/pauseJob'));
    await row.getByRole('button', { name: 'Pause' }).click();
    expect((await (await paused).json()).code).toBe(200);
    await triggerRow.getByText('Paused').waitFor();
    await screenshot(page, 'jobs-page');
  });

  it('shows the live dashboard in an embedded frame', async () => {
    await page.goto(`${baseUrl}/platform/job/dashboard`);
    const frame = page.frameLocator('iframe');
    await frame.getByText('Cluster nodes').waitFor();
    await frame.getByText('working').first().waitFor();
    await frame.getByText('trigger_online_cleanup').first().waitFor();
    await screenshot(page, 'jobs-dashboard');
  });
});
