import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { signedInPage } from './session.js';

const baseUrl = inject('baseUrl');

/** Organisations and positions as the demo tenant admin manages them, in English. */
describe('organisations and positions', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the organisation tree and adds a sub-organisation through the form', async () => {
    await page.goto(`${baseUrl}/system/org`);
    const table = page.locator('.ant-table');
    await table.getByText('系统默认').waitFor();
    await table.getByText('开发部').waitFor();
    await page.getByRole('button', { name: 'Expand all' }).click();
    await table.getByText('前端组').waitFor();
    await screenshot(page, 'system-org');

    const row = page.locator('tr', { hasText: '开发部' }).first();
    await row.getByRole('button', { name: 'Add sub-organisation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Add organisation').waitFor();
    // An empty form refuses to save. Under CI load the first click once came before the form had
    // mounted its rules and showed nothing: click again until the messages show (nothing is saved).
    await expect
      .poll(
        async () => {
          await dialog.getByRole('button', { name: 'Save' }).click();
          return dialog.getByText('Please enter the organisation name').isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await dialog.getByText('Please enter the organisation code').waitFor();
    await screenshot(page, 'system-org-form');
    await dialog.getByLabel('Organisation name').fill('QA team');
    await dialog.getByLabel('Organisation code').fill('qa-e2e');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await table.getByText('QA team').waitFor();
    const added = page.locator('tr', { hasText: 'QA team' });
    // Cells after the selection box: name, code, level.
    expect(await added.locator('td').nth(4).textContent()).toBe('3');
  });

  it('lists positions with staff counts and shows who holds one', async () => {
    await page.goto(`${baseUrl}/system/pos`);
    await page.locator('.ant-table').getByText('董事长').waitFor();
    const row = page.locator('tr', { hasText: 'chairman' });
    await row.getByRole('button', { name: /Staff holding/ }).click();
    await page.getByRole('dialog').getByText('Staff holding "董事长"').waitFor();
    await page.getByRole('dialog').getByText('superAdmin').waitFor();
    await page.waitForTimeout(400); // the drawer's entrance animation
    await screenshot(page, 'system-pos-staff');
  });

  it('lists roles and opens their grant dialogs', async () => {
    await page.goto(`${baseUrl}/system/role`);
    const row = page.locator('tr', { hasText: 'sys_self' });
    await row.waitFor();
    // Cells after the selection box: name, code, data scope, holders (the member holds it).
    expect(await row.locator('td').nth(4).textContent()).toBe('1');
    await row.getByRole('button', { name: 'Authorise' }).click();
    await page.getByRole('menuitem', { name: 'Authorise menus' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Menus and buttons of "仅本人数据"').waitFor();
    // Pages by their translated route names, buttons by their translated actions.
    const tree = drawer.locator('.ant-tree');
    await tree.getByText('Organisations', { exact: true }).waitFor();
    await tree.getByText('Field blacklist', { exact: true }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'system-role-menus');
    await drawer.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Authorise' }).click();
    await page.getByRole('menuitem', { name: 'Authorise data scope' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Data scope of "仅本人数据"').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'system-role-scope');
  });
});
