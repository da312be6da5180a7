import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { signedInPage } from './session.js';

const baseUrl = inject('baseUrl');

const answered = (page: Page, path: string) =>
  page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');

/** Dictionaries and constants, configuration, languages and favourites, as the super admin, in English. */
describe('dictionaries, constants and configuration', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'superAdmin');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('adds a dictionary type and an item with a tag style, previews it, and disables it', async () => {
    await page.goto(`${baseUrl}/system/dict`);
    await page.getByText('Pick a dictionary type on the left').waitFor();
    await page.getByRole('button', { name: /^(plus )?Add$/ }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText('Add dictionary type').waitFor();
    await dialog.getByLabel('Name').fill('E2E colours');
    await dialog.getByLabel('Code').fill('e2e_colours');
    const typeAdded = answered(page, '/api/sysDictType/add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await typeAdded).ok()).toBe(true);
    await dialog.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('Search by name').fill('E2E');
    await page.getByPlaceholder('Search by name').press('Enter');
    await page.getByText('E2E colours').click();
    await page.getByText('Items of E2E colours (e2e_colours)').waitFor();

    await page.getByRole('button', { name: 'Add item' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText('Add item', { exact: true }).waitFor();
    await dialog.getByLabel('Label').fill('Purple');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('p');
    await dialog.getByLabel('Style').fill('color: #fff; background: #722ed1');
    const preview = dialog.getByTestId('dict-preview').locator('.ant-tag');
    await expect.poll(() => preview.textContent()).toBe('Purple');
    // The tag's colours ease in (antd's transition): poll until they settle.
    await expect
      .poll(() => preview.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(114, 46, 209)');
    await expect.poll(() => preview.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    await page.waitForTimeout(400); // the dialog's entrance animation
    await screenshot(page, 'dict-item-form');
    const itemAdded = answered(page, '/api/sysDictData/add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await itemAdded).ok()).toBe(true);
    await dialog.waitFor({ state: 'hidden' });

    const item = page.getByRole('switch', { name: 'Enable Purple' });
    await item.waitFor();
    expect(await item.getAttribute('aria-checked')).toBe('true');
    const disabled = answered(page, '/api/sysDictData/setStatus');
    await item.click();
    expect((await disabled).ok()).toBe(true);
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('false');
    await page.waitForTimeout(300);
    await screenshot(page, 'dict-page');
  });

  it('shows the constants and the values of a type', async () => {
    await page.getByRole('tab', { name: 'Constants' }).click();
    await page.getByText(/^Values of /).waitFor();
    await page.getByRole('cell', { name: 'SuperAdmin', exact: true }).waitFor();
    await page.getByText('Gender', { exact: true }).first().click();
    await page.getByText('Values of Gender').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'dict-constants');
  });

  it('edits a configuration item and refuses a value its reader cannot use', async () => {
    await page.goto(`${baseUrl}/platform/config`);
    const row = page.locator('tr', { hasText: 'sys_log_retention_days' });
    await row.waitFor();
    await screenshot(page, 'config-page');
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Edit setting').waitFor();
    expect(await dialog.getByLabel('Code').isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Value' }).fill('0');
    const refused = answered(page, '/api/sysConfig/update');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(400);
    await page
      .getByText('The setting sys_log_retention_days takes a whole number from 1 to 3650.')
      .first()
      .waitFor();
    await dialog.getByRole('textbox', { name: 'Value' }).fill('200');
    const saved = answered(page, '/api/sysConfig/update');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).ok()).toBe(true);
    await row.getByText('200', { exact: true }).waitFor();
    // A system item offers no delete.
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it('lists the languages and stars a page as a favourite on the dashboard', async () => {
    await page.goto(`${baseUrl}/platform/lang`);
    await page.locator('tr', { hasText: 'zh-CN' }).getByText('简体中文').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'lang-page');

    await page.goto(`${baseUrl}/dashboard/home`);
    const card = page.getByTestId('shortcuts');
    await card.getByRole('tab', { name: 'All apps' }).click();
    const starred = answered(page, '/api/sysUserMenu/add');
    await card.getByRole('button', { name: 'Add Dictionaries to favourites' }).click();
    expect((await starred).ok()).toBe(true);
    await card.getByRole('tab', { name: 'Favourites' }).click();
    await card.getByRole('button', { name: 'Remove Dictionaries from favourites' }).first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'dashboard-favourites');
  });
});
