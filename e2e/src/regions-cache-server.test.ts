import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { signedInPage } from './session.js';

const baseUrl = inject('baseUrl');

/** Waits for the tables' loading overlays to go (a screenshot otherwise shows them greyed). */
const settled = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.ant-table .ant-spin-spinning'));

const answered = (page: Page, path: string, method = 'GET') =>
  page.waitForResponse((r) => r.url().includes(path) && r.request().method() === method && r.ok());

/** Administrative regions, cache management and server monitoring as the super admin uses them, in English. */
describe('regions, cache and server monitoring', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'superAdmin', { viewport: { width: 1440, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens the region tree level by level and finds a region by pinyin initials', async () => {
    await page.goto(`${baseUrl}/platform/region`);
    const table = page.locator('.ant-table');
    // Provinces to counties come with the first start.
    await table.getByText('北京市', { exact: true }).waitFor();
    const guangdong = page.locator('tr', { hasText: '广东省' }).first();
    const cities = answered(page, '/api/sysRegion/list?Pid=440000000000');
    await guangdong.getByRole('button', { name: /expand/i }).click();
    await cities;
    await table.getByText('深圳市', { exact: true }).waitFor();
    const counties = answered(page, '/api/sysRegion/list?Pid=440300000000');
    await page
      .locator('tr', { hasText: '深圳市' })
      .first()
      .getByRole('button', { name: /expand/i })
      .click();
    await counties;
    await table.getByText('南山区', { exact: true }).waitFor();
    await settled(page);
    await screenshot(page, 'platform-region');

    await page.getByLabel('Keyword').fill('szs');
    const found = answered(page, '/api/sysRegion/page', 'POST');
    await page.getByRole('button', { name: /search/i }).click();
    await found;
    await table.getByText('广东省,深圳市', { exact: true }).waitFor();
    await table.getByText('江苏省,苏州市', { exact: true }).waitFor();
    await settled(page);
    await screenshot(page, 'platform-region-search');
  });

  it('shows a cache value with its time to live and deletes the key', async () => {
    await page.goto(`${baseUrl}/platform/cache`);
    const tree = page.locator('.ant-tree');
    // Signing in cached the super admin's principal under principal:<tenant>:<user>.
    // Group titles read "principal: (n)": the count of keys under them follows.
    await tree.getByText(/^principal: \(\d+\)$/).click();
    await tree.getByText(/^1300000000001: \(\d+\)$/).click();
    const value = answered(page, '/api/sysCache/value/');
    await tree.getByText('1300000000101', { exact: true }).click();
    await value;
    const shown = page.getByTestId('cache-value');
    await shown.waitFor();
    expect(await shown.textContent()).toContain('"account": "superAdmin"');
    await page.getByText(/^\d+ s$/).waitFor();
    await screenshot(page, 'platform-cache');

    await page.getByRole('button', { name: /Delete key/ }).click();
    const deleted = answered(page, '/api/sysCache/delete/', 'POST');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    expect(((await (await deleted).json()) as { result: { deleted: number } }).result.deleted).toBe(1);
    await page.getByText('Pick a key or a prefix on the left').waitFor();
  });

  it('shows the server figures and draws them live', async () => {
    const first = answered(page, '/api/sysServer/serverUsed');
    await page.goto(`${baseUrl}/platform/server`);
    await first;
    await page.getByText('Node.js').waitFor();
    await page.getByText(/^PostgreSQL \d+/).waitFor();
    await page.getByText('fastify', { exact: true }).waitFor();
    // A second reading comes five seconds later and joins the chart.
    await answered(page, '/api/sysServer/serverUsed');
    const chart = page.getByTestId('server-live-chart');
    await chart.getByText('Event-loop delay').waitFor();
    // Three series (CPU, memory, delay), each a line through the readings so far.
    expect(await chart.locator('svg path[fill="none"][stroke-width="2"]').count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'platform-server', true);
  });
});
