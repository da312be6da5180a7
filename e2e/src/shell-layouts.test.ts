import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';

const baseUrl = inject('baseUrl');
const LAYOUTS = ['defaults', 'classic', 'transverse', 'columns'] as const;
// Evaluated as text: this project's types are Node's, without the browser's document.
/** Waits for the theme (a function predicate: the product's CSP forbids evaluating strings). */
const themeIs = (page: Page, theme: string) =>
  page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme);

/**
 * The shell's frame against the real product: the layout drawer switches between the four layouts
 * (each screenshotted), the choice survives a reload, dark mode repaints the frame, reset restores.
 */
describe('shell layouts and theme', () => {
  let browser: Browser;
  let page: Page;

  const frame = () => page.locator('[data-layout]').first();
  const openDrawer = async () => {
    await page.getByTestId('open-settings').click();
    await page.getByTestId('layout-defaults').waitFor({ state: 'visible' });
    await page.waitForTimeout(300); // the drawer's entrance animation
  };
  const closeDrawer = async () => {
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('layout-defaults').waitFor({ state: 'hidden' });
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
    await page.goto(`${baseUrl}/login`);
    await page.getByPlaceholder('用户名或邮箱').fill('admin');
    await page.getByPlaceholder('密码').fill('Lintel@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/dashboard\/home$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('starts in the tenant default layout (columns) with the tenant title', async () => {
    await frame().waitFor();
    expect(await frame().getAttribute('data-layout')).toBe('columns');
    // The title follows once the route's translated name is loaded.
    await page.waitForFunction(() => document.title === '工作台 - Lintel', undefined, { timeout: 5000 });
    expect(await page.title()).toBe('工作台 - Lintel');
  });

  it('opens the drawer from the gear', async () => {
    await openDrawer();
    await screenshot(page, 'shell-settings-drawer');
    await closeDrawer();
  });

  for (const layout of LAYOUTS) {
    it(`switches to the ${layout} layout through the drawer`, async () => {
      await openDrawer();
      await page.getByTestId(`layout-${layout}`).click();
      await closeDrawer();
      await page.locator(`[data-layout="${layout}"]`).waitFor();
      const menu = page.getByRole('navigation', { name: 'menu' });
      await menu.getByText('系统管理').first().waitFor();
      // The transverse top bar holds the menu itself, so it shows no breadcrumb.
      if (layout !== 'transverse') await page.getByTestId('shell-breadcrumb').waitFor();
      await page.waitForTimeout(500); // the page animation
      await screenshot(page, `shell-layout-${layout}`);
    });
  }

  it('keeps the chosen layout after a reload', async () => {
    await openDrawer();
    await page.getByTestId('layout-classic').click();
    await closeDrawer();
    await page.reload();
    await page.locator('[data-layout="classic"]').waitFor();
  });

  it('switches to dark mode and back to the defaults with reset', async () => {
    await openDrawer();
    await page.getByTestId('setting-isDark').getByRole('switch').click();
    await themeIs(page, 'dark');
    await closeDrawer();
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-dark');

    await openDrawer();
    await page.getByTestId('settings-reset').click();
    await themeIs(page, 'light');
    await page.locator('[data-layout="columns"]').waitFor();
    await closeDrawer();
    await page.reload();
    await page.locator('[data-layout="columns"]').waitFor();
    expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('light');
  });
});
