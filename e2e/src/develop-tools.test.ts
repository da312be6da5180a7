import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, failing, runAxe } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { signIn } from './session.js';

const baseUrl = inject('baseUrl');
const TABLE = 'biz_e2e_book';

/** axe-core (WCAG 2.1 A/AA) on the page or one dialog of it: no serious or critical finding. */
async function expectAccessible(page: Page, where: string, include?: string) {
  const findings = await runAxe(page, { include });
  console.log(describeFindings(where, findings));
  expect(failing(findings)).toEqual([]);
}

const OPEN_DIALOG = '.ant-modal-wrap:not([style*="display: none"])';

/**
 * Picks an option of an antd Select in the open form dialog, by the field's name. A text option is
 * typed first: the list is virtual, and an option below its first screen is not in the page.
 */
async function choose(page: Page, field: string, option: string | RegExp) {
  await page.locator(`#dialog_${field}`).click();
  if (typeof option === 'string') await page.keyboard.type(option);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
  await dropdown.waitFor({ state: 'hidden' });
}

/**
 * Issue 10, the developer tools as the super admin uses them (the suite's server applies schema
 * changes directly and has a workspace of its own in a temporary folder): a table with two columns
 * is created on the database page, drawn on the diagram, and a code generator record for it is
 * added, one column configured and its files previewed.
 */
describe('developer tools', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
    page = await context.newPage();
    await signIn(page, 'superAdmin');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a table with two columns on the database page', async () => {
    await page.goto(`${baseUrl}/develop/database`);
    const tables = page.getByTestId('shell-page').locator('.ant-card', { hasText: 'Tables' }).first();
    await tables.locator('.ant-table-row').first().waitFor();
    await page.getByLabel('Filter by name or description').fill('sys_user');
    await tables.getByText('sys_user', { exact: true }).click();
    await page.getByRole('tab', { name: /Columns \(\d+\)/ }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'develop-database');
    await expectAccessible(page, 'database page');

    await page.getByRole('button', { name: /Add table/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Table name').fill(TABLE);
    await dialog.getByLabel('Description', { exact: true }).fill('E2E books');
    await dialog.getByLabel('Column name, column 1').fill('title');
    await dialog.getByLabel('Description, column 1').fill('Book title');
    await dialog.getByRole('button', { name: /Add a column/ }).click();
    await dialog.getByLabel('Column name, column 2').fill('price');
    // On a loaded machine a click can land while the dropdown still opens: choose until it took.
    for (let attempt = 0; attempt < 3; attempt++) {
      await dialog.getByLabel('Type, column 2').click();
      const numeric = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: /^numeric$/,
      });
      await numeric.waitFor();
      await numeric.click();
      // A click that landed mid-animation leaves the list open: close it and try again.
      await page
        .locator('.ant-select-dropdown:visible')
        .waitFor({ state: 'hidden', timeout: 3_000 })
        .catch(() => page.keyboard.press('Escape'));
      if (await dialog.getByLabel('Decimals, column 2').isEnabled()) break;
    }
    await dialog.getByLabel('Length, column 2').fill('10');
    await dialog.getByLabel('Decimals, column 2').fill('2');
    await page.waitForTimeout(300);
    await screenshot(page, 'develop-database-add-table');
    await expectAccessible(page, 'add table dialog', OPEN_DIALOG);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The new table is shown: its columns, the base ones included, and its foreign key to the tenant.
    const detail = page.getByTestId('shell-page').locator('.ant-card', { hasText: 'E2E books' }).last();
    await detail.getByRole('cell', { name: 'price', exact: true }).waitFor();
    await detail.getByText('numeric(10,2)').waitFor();
    await detail.getByRole('cell', { name: 'Book title' }).waitFor();
    await detail.getByRole('cell', { name: 'tenant_id', exact: true }).waitFor();
    await detail.getByRole('tab', { name: 'Foreign keys (1)' }).waitFor();
    // Direct changes write no migration file.
    expect(await page.getByText(/written as a migration file/).count()).toBe(0);
    await page.waitForTimeout(300);
    await screenshot(page, 'develop-database-new-table');
  });

  it('draws the new table on the diagram', async () => {
    await page.getByRole('button', { name: /Diagram/ }).click();
    await page.waitForURL(/\/develop\/database\/visual/);
    const node = page.locator('.react-flow__node', { hasText: TABLE });
    await node.waitFor();
    await node.getByText('price').waitFor();
    // Product tables are hidden until asked for.
    expect(await page.locator('.react-flow__node', { hasText: 'sys_user' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Zoom in' }).waitFor();
    await page.locator('.react-flow__minimap').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'develop-database-visual');
    await expectAccessible(page, 'database diagram');

    await page.getByRole('switch', { name: 'Show product tables' }).click();
    await page.locator('.react-flow__node', { hasText: 'sys_user' }).first().waitFor();
    // The new table's foreign key to the tenant table is drawn.
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBeGreaterThan(0);
    await page.waitForTimeout(800);
    await screenshot(page, 'develop-database-visual-all');
  });

  it('adds a code generator record for the table, configures a column and previews the files', async () => {
    await page.goto(`${baseUrl}/develop/codeGen`);
    await page.getByRole('button', { name: /^(plus )?Add$/ }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, 'configId', /Main database/);
    await choose(page, 'tableName', TABLE);
    await expect.poll(() => dialog.getByLabel('Class name').inputValue()).toBe('BizE2eBook');
    expect(await dialog.getByLabel('Business name').inputValue()).toBe('E2E books');
    expect(await dialog.getByLabel('Web area').inputValue()).toBe('business');
    await choose(page, 'menuPid', /^System$/);
    await dialog.getByLabel('Author').fill('E2E');
    await page.waitForTimeout(300);
    await screenshot(page, 'develop-code-gen-form');
    await expectAccessible(page, 'code generator dialog', OPEN_DIALOG);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.locator('tr', { hasText: TABLE });
    await row.getByText('BizE2eBook').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'develop-code-gen');
    await expectAccessible(page, 'code generator page');

    await row.getByRole('button', { name: 'Configure columns' }).click();
    const drawer = page.getByRole('dialog');
    const label = drawer.getByLabel('Label of title');
    await label.waitFor();
    expect(await label.inputValue()).toBe('Book title');
    await label.fill('Title of the book');
    await drawer.getByLabel('Search of price').check();
    await page.waitForTimeout(400);
    await screenshot(page, 'develop-code-gen-columns');
    await expectAccessible(page, 'column settings drawer', '.ant-drawer-content-wrapper');
    // The save's own answer, not a toast: an earlier "Saved" toast may still be showing.
    const saved = page.waitForResponse((r) => r.url().includes('/api/sysCodeGenConfig/update') && r.ok());
    await drawer.getByRole('button', { name: 'Save' }).click();
    await saved;
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Preview code' }).click();
    const preview = page.getByRole('dialog');
    await preview.getByRole('tab', { name: /\.routes\.ts$/ }).waitFor();
    await preview.getByRole('tab', { name: /-page\.tsx$/ }).click();
    await preview.getByRole('tabpanel').locator('pre').waitFor();
    // The configured label reaches the generated texts.
    await preview.getByRole('tab', { name: 'zh-CN.json' }).click();
    await expect
      .poll(() => preview.getByRole('tabpanel').locator('pre').textContent())
      .toContain('Title of the book');
    await page.waitForTimeout(400);
    await screenshot(page, 'develop-code-gen-preview');
    await expectAccessible(page, 'preview dialog', OPEN_DIALOG);
  });

  it('shows the pages in Chinese', async () => {
    await page.evaluate(`localStorage.setItem('lintel:locale', JSON.stringify('zh-CN'))`);
    await context.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('zh-CN'))`);
    await page.goto(`${baseUrl}/develop/database`);
    await page.getByText('数据表').first().waitFor();
    await page.getByText(TABLE, { exact: true }).click();
    await page.getByRole('tab', { name: /字段/ }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'develop-database-zh');
    await page.goto(`${baseUrl}/develop/codeGen`);
    await page.locator('tr', { hasText: TABLE }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'develop-code-gen-zh');
  });
});
