import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { signedInPage } from './session.js';

const baseUrl = inject('baseUrl');

const signIn = (browser: Browser, account: string) =>
  signedInPage(browser, account, { viewport: { width: 1366, height: 860 } });

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Actions on the selected rows' });
/** Confirms the open pop-confirm with its button of that name. */
const confirm = (page: Page, button: string) =>
  page.locator('.ant-popover').getByRole('button', { name: button }).click();

/** Multi-select and batch actions of the lists (SPEC 2 "List toolbars"), as the demo admins use them. */
describe('batch actions', () => {
  let browser: Browser;
  let admin: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signIn(browser, 'admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('positions: deletes the new ones after one confirmation and reports the one still held', async () => {
    const page = admin;
    await page.goto(`${baseUrl}/system/pos`);
    for (const [name, code] of [
      ['Batch A', 'batch-a'],
      ['Batch B', 'batch-b'],
    ] as const) {
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Position name').fill(name);
      await dialog.getByLabel('Position code').fill(code);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    const table = page.locator('.ant-table');
    await table.getByText('Batch B').waitFor();
    for (const name of ['董事长', 'Batch A', 'Batch B'])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await bar(page).getByText('3 selected').waitFor();
    await screenshot(page, 'batch-pos-selected');

    await bar(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete the selected rows (3)? This cannot be undone.').waitFor();
    await screenshot(page, 'batch-pos-confirm');
    await confirm(page, 'Delete');

    const result = page.getByRole('dialog');
    await result.getByText('Done: 2 of 3. Not done: 1; those rows stay selected.').waitFor();
    await result
      .locator('tr', { hasText: '董事长' })
      .getByText(/Accounts still hold this position/)
      .waitFor();
    await page.waitForTimeout(700); // the dialog's entrance animation
    await screenshot(page, 'batch-pos-result');
    await result.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await bar(page).getByText('1 selected').waitFor();
    expect(await table.getByText('Batch A').count()).toBe(0);
  });

  it('accounts: disables some, and the account policy refuses the super admin', async () => {
    const page = admin;
    await page.goto(`${baseUrl}/system/user`);
    await page.locator('.ant-table').getByText('contact').waitFor();
    for (const account of ['superAdmin', 'contact'])
      await page.getByRole('checkbox', { name: `Select ${account}` }).check();
    await bar(page).getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Disable the selected rows (2)?').waitFor();
    await screenshot(page, 'batch-user-confirm');
    await confirm(page, 'Disable');
    const result = page.getByRole('dialog');
    await result
      .locator('tr', { hasText: 'superAdmin' })
      .getByText('Only the super admin may change this account.')
      .waitFor();
    await page.waitForTimeout(700); // the dialog's entrance animation
    await screenshot(page, 'batch-user-result');
    await result.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // Back as it was: contact enabled again, every row done.
    await page.getByRole('checkbox', { name: 'Select superAdmin' }).uncheck();
    await page.getByRole('checkbox', { name: 'Select contact' }).check();
    await bar(page).getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Done for all selected rows (1).').waitFor();
    await bar(page).waitFor({ state: 'hidden' });
  });

  it('roles and organisations: built-in roles and organisations in use stay, with their reasons', async () => {
    const page = admin;
    await page.goto(`${baseUrl}/system/role`);
    await page.getByRole('checkbox', { name: 'Select 仅本人数据' }).check();
    await bar(page).getByRole('button', { name: 'Delete' }).click();
    await confirm(page, 'Delete');
    await page.getByRole('dialog').getByText('Built-in records cannot be deleted.').waitFor();
    await page.waitForTimeout(700); // the dialog's entrance animation
    await screenshot(page, 'batch-role-result');
    await page
      .getByRole('dialog')
      .locator('.ant-modal-footer')
      .getByRole('button', { name: 'Close' })
      .click();

    await page.goto(`${baseUrl}/system/org`);
    await page.getByRole('checkbox', { name: 'Select 开发部' }).check();
    await bar(page).getByText('1 selected').waitFor();
    await screenshot(page, 'batch-org-selected');
  });

  it('menus and tenants (super admin): selection in a tree and on the tenant list', async () => {
    const page = await signIn(browser, 'superAdmin');
    await page.goto(`${baseUrl}/platform/menu`);
    // The first row below the select-all box: a built-in directory.
    await page
      .getByRole('checkbox', { name: /^Select / })
      .nth(1)
      .check();
    await bar(page).getByText('1 selected').waitFor();
    await bar(page).getByRole('button', { name: 'Delete' }).click();
    await confirm(page, 'Delete');
    await page
      .getByRole('dialog')
      .getByText(/permission registry/)
      .waitFor();
    await page.waitForTimeout(700); // the dialog's entrance animation
    await screenshot(page, 'batch-menu-result');
    await page
      .getByRole('dialog')
      .locator('.ant-modal-footer')
      .getByRole('button', { name: 'Close' })
      .click();

    await page.goto(`${baseUrl}/platform/tenant`);
    await page.getByRole('checkbox', { name: 'Select 默认租户' }).check();
    await bar(page).getByRole('button', { name: 'Disable' }).click();
    await confirm(page, 'Disable');
    await page
      .getByRole('dialog')
      .getByText(/default \(platform\) tenant cannot be deleted or disabled/)
      .waitFor();
    await page.waitForTimeout(700); // the dialog's entrance animation
    await screenshot(page, 'batch-tenant-result');
    await page.close();
  });
});
