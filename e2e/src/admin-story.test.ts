import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { signIn } from './session.js';

const baseUrl = inject('baseUrl');

async function openContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
  return { context, page: await context.newPage() };
}

/** Picks an option of an antd Select / TreeSelect of the open form dialog, by field name. */
async function choose(page: Page, field: string, option: string) {
  await page.locator(`#dialog_${field}`).click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.getByText(option, { exact: true }).first().click();
}

/**
 * The administrator's story of issue 4, in two browsers: build an organisation, a position, a role
 * granted one page with its buttons, and an account holding them; that account signs in and sees
 * exactly that page; the administrator forces it offline and its browser leaves.
 */
describe('an administrator sets up a new person', () => {
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof openContext>>;
  let person: Awaited<ReturnType<typeof openContext>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await openContext(browser);
    person = await openContext(browser);
    await signIn(admin.page, 'admin', 'Lintel@2026');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates the organisation, the position and the role with one page', async () => {
    const page = admin.page;
    await page.goto(`${baseUrl}/system/org`);
    const orgRow = page.locator('tr', { hasText: '系统默认' }).first();
    await orgRow.getByRole('button', { name: 'Add sub-organisation' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Organisation name').fill('Site office');
    await dialog.getByLabel('Organisation code').fill('site-office');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-table').getByText('Site office').waitFor();

    await page.goto(`${baseUrl}/system/pos`);
    await page.getByRole('button', { name: /^(plus )?Add$/ }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Position name').fill('Site engineer');
    await dialog.getByLabel('Position code').fill('site_engineer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-table').getByText('Site engineer').waitFor();

    await page.goto(`${baseUrl}/system/role`);
    await page.getByRole('button', { name: /^(plus )?Add$/ }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Role name').fill('Site viewer');
    await dialog.getByLabel('Role code').fill('site_viewer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const roleRow = page.locator('tr', { hasText: 'site_viewer' });
    await roleRow.waitFor();
    await roleRow.getByRole('button', { name: 'Authorise' }).click();
    await page.getByRole('menuitem', { name: 'Authorise menus' }).click();
    const drawer = page.getByRole('dialog');
    const tree = drawer.locator('.ant-tree');
    const positions = tree.locator('.ant-tree-treenode', { hasText: /^Positions$/ }).first();
    await positions.waitFor();
    await positions.locator('.ant-tree-checkbox').click();
    await screenshot(page, 'story-role-menus');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('adds the account holding them, with a password of the administrator’s choice', async () => {
    const page = admin.page;
    await page.goto(`${baseUrl}/system/user`);
    await page.locator('.ant-table').getByText('staff', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^(plus )?Add$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#dialog_account').fill('siteeng1');
    await dialog.locator('#dialog_realName').fill('Site Engineer One');
    await choose(page, 'orgId', 'Site office');
    await choose(page, 'posId', 'Site engineer');
    await choose(page, 'roleIdList', 'Site viewer');
    await page.keyboard.press('Escape');
    await dialog.locator('#dialog_password').fill('Site#Pass1');
    await screenshot(page, 'story-account-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('tr', { hasText: 'siteeng1' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Site office');
    await screenshot(page, 'story-accounts');
  });

  it('the new account sees exactly the granted page and buttons', async () => {
    const page = person.page;
    // Its role was granted the positions page alone (the menu grant replaced the starter
    // dashboard): that page is its home, where it lands.
    await signIn(page, 'siteeng1', 'Site#Pass1', /\/system\/pos$/);
    await page.getByText('Site Engineer One').first().waitFor();
    await screenshot(page, 'story-new-account-home');
    const menu = page.getByRole('navigation', { name: 'menu' });
    await menu.getByText('Positions', { exact: true }).waitFor();
    for (const hidden of ['Accounts', 'Roles', 'Organisations', 'Online users'])
      expect(await menu.getByText(hidden, { exact: true }).count()).toBe(0);
    await page.locator('.ant-table').getByText('Site engineer').waitFor();
    await page.getByRole('button', { name: /^(plus )?Add$/ }).waitFor();
    await screenshot(page, 'story-new-account');
    // A page that was not granted is one this account may not open: the no-permission page.
    await page.goto(`${baseUrl}/system/user`);
    await page.waitForURL(/\/401$/);
    await page.getByText('You are not authorised to perform this operation.').waitFor();
    // Back in the shell (its realtime connection is what the next step ends).
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.getByText('Site Engineer One').first().waitFor();
  });

  it('the administrator forces the account offline and its browser leaves', async () => {
    const page = admin.page;
    await page.goto(`${baseUrl}/system/onlineUser`);
    const row = page.locator('.ant-table tr', { hasText: 'siteeng1' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Force offline' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Force offline' }).click();
    await person.page.waitForURL(/\/login/);
    await person.page
      .getByText('An administrator forced this session offline. Please sign in again.')
      .waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
