import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { recordCspViolations } from './csp-violations.js';
import { api, signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');
const NAME = 'E2E accounts by organisation';

/** Picks `option` in the dropdown of the antd select labelled `label`. */
async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  // The list is virtual: typing brings a far option into view (selects without search ignore it).
  await page.keyboard.type(option);
  await page
    .locator(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
    )
    .click();
  await page.keyboard.press('Escape');
}

/**
 * Reports as the demo tenant admin builds and reads them: a builder report on the accounts grouped by
 * organisation with a bar chart, previewed in the editor, opened at its viewer address, run and
 * exported to Excel, under the product's CSP.
 */
describe('reports', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let violations: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin');
    violations = await recordCspViolations(page.context());
    token = await tokenOf(page);
  });

  afterAll(async () => {
    // Removes what this suite made, whatever step it stopped at.
    if (token) {
      const { items } = await api<{ items: { id: string }[] }>('/api/sysReportConfig/page', token, {
        name: NAME,
      });
      for (const row of items) await api('/api/sysReportConfig/delete', token, { id: row.id });
    }
    await browser?.close();
  });

  it('builds a grouped report with a bar chart, previews it, then runs and exports it in the viewer', async () => {
    await page.goto(`${baseUrl}/report/config`);
    await page.getByRole('button', { name: /Add$/ }).click();
    // The list's search form has a "Report name" too: the editor's is in the drawer.
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Report name').fill(NAME);
    await pick(page, 'Table', 'sys_user');
    await pick(page, 'Group by', 'org_name');
    await page.getByRole('button', { name: /Add aggregate/ }).click();
    await page.getByLabel('Column name').fill('accounts');
    await pick(page, 'Chart type', 'Bar');
    await pick(page, 'X axis', 'org_name');
    await pick(page, 'Values (Y)', 'accounts');
    await screenshot(page, 'report-editor-filled');
    await drawer.getByRole('button', { name: /Preview$/ }).click();
    await drawer.getByRole('button', { name: /Run$/ }).click();
    await drawer.getByTestId('report-chart').locator('svg').waitFor();
    await drawer.getByRole('cell', { name: '系统默认' }).first().waitFor();
    await page.waitForTimeout(300); // the drawer's entrance animation
    await screenshot(page, 'report-editor');
    await expectAccessible(page, 'report editor', '.ant-drawer');
    await drawer.getByRole('button', { name: /Save$/ }).click();
    await page.getByRole('cell', { name: NAME }).waitFor();
    await screenshot(page, 'report-list');

    const { items } = await api<{ items: { id: string }[] }>('/api/sysReportConfig/page', token, {
      name: NAME,
    });
    expect(items).toHaveLength(1);
    await page.goto(
      `${baseUrl}/report/view/${items[0]!.id}/${encodeURIComponent('Accounts by organisation')}`,
    );
    await page.getByText('Accounts by organisation', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: /Run$/ }).click();
    await page.getByTestId('report-chart').locator('svg rect, svg path').first().waitFor();
    const total = await page.getByRole('row').count();
    expect(total).toBeGreaterThan(1);
    await screenshot(page, 'report-viewer');
    await expectAccessible(page, 'report viewer');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export to Excel/ }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^report-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(violations).toEqual([]);
  });
});
