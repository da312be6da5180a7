import fs from 'node:fs/promises';
import path from 'node:path';
import smCrypto from 'sm-crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.js';
import { describeFindings, failing, runAxe, type AxeException, type AxeFinding } from './axe.js';

const baseUrl = inject('baseUrl');
const PASSWORD = 'Lintel@2026';
const TENANT_ID = '1300000000001';

interface MenuNode {
  path: string | null;
  component: string | null;
  meta: { title: string; isIframe: boolean; isLink: string | null; isHide: boolean };
  children: MenuNode[] | null;
}

/**
 * Markup of antd that cannot be changed from our side, excused for exactly that rule and element.
 * Each entry says why; everything else on every page must pass.
 */
const EXCEPTIONS: AxeException[] = [];

/** What axe found, per page, written to e2e/artifacts/a11y-report.json at the end. */
const report: Record<string, AxeFinding[]> = {};

/** Runs axe, prints the summary, records it and returns the findings that fail. */
async function audit(page: Page, where: string, include?: string): Promise<AxeFinding[]> {
  const findings = await runAxe(page, { include, exceptions: EXCEPTIONS });
  report[where] = findings;
  console.log(describeFindings(where, findings));
  return failing(findings);
}

/** Lets entrance animations and fades finish, so colours are measured at rest. */
const settle = (page: Page, ms = 600) => page.waitForTimeout(ms);

const slug = (s: string) =>
  s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** The pages of the menu tree a browser can open in the shell: no external links, no frames. */
function pagesOf(nodes: MenuNode[] | null, out: MenuNode[] = []): MenuNode[] {
  for (const n of nodes ?? []) {
    if (n.children?.length) pagesOf(n.children, out);
    else if (n.path && n.component && !n.meta.isLink && !n.meta.isIframe) out.push(n);
  }
  return out;
}

/**
 * The super admin's menu tree, read before the tests are collected (one test per page, so that a
 * page added to the menus is audited without touching this file). Signs in through the API.
 */
async function superAdminPages(): Promise<MenuNode[]> {
  const json = async <T>(res: Response) => ((await res.json()) as { result: T }).result;
  const info = await json<{ publicKey: string }>(
    await fetch(`${baseUrl}/api/sysTenant/sysInfo/${TENANT_ID}`),
  );
  const tokens = await json<{ accessToken: string }>(
    await fetch(`${baseUrl}/api/sysAuth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account: 'superAdmin',
        password: smCrypto.sm2.doEncrypt(PASSWORD, info.publicKey, 1),
        tenantId: TENANT_ID,
      }),
    }),
  );
  const tree = await json<MenuNode[]>(
    await fetch(`${baseUrl}/api/sysMenu/loginMenuTree`, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'accept-language': 'en' },
    }),
  );
  const pages = pagesOf(tree);
  // The personal centre is a hidden menu for most; open it in any case.
  if (!pages.some((p) => p.component === PERSONAL_CENTRE.component)) pages.push(PERSONAL_CENTRE);
  return pages;
}

const PERSONAL_CENTRE: MenuNode = {
  path: '/system/userCenter',
  component: '/system/user/component/userCenter',
  meta: { title: 'Personal centre', isIframe: false, isLink: null, isHide: true },
  children: null,
};

const PAGES = await superAdminPages();

/**
 * Issue 9: axe-core (WCAG 2.1 A and AA) on the sign-in page and its three tabs, the shell with the
 * dashboard, the personal centre and every page of the super admin's menu tree with its add and
 * edit dialogs. A serious or critical violation fails; moderate and minor ones are reported.
 */
describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await context.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
    page = await context.newPage();
  });

  afterAll(async () => {
    await fs.mkdir(ARTIFACTS_DIR, { recursive: true });
    await fs.writeFile(path.join(ARTIFACTS_DIR, 'a11y-report.json'), JSON.stringify(report, null, 2));
    await browser?.close();
  });

  it('the sign-in page: account, mobile and scan tabs', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByText('Welcome back').waitFor();
    await settle(page);
    const bad = await audit(page, 'sign-in (account)');
    await page.getByText('Mobile sign-in').click();
    await page
      .getByPlaceholder(/mobile|phone/i)
      .first()
      .waitFor();
    await settle(page);
    bad.push(...(await audit(page, 'sign-in (mobile)')));
    await page.getByText('Scan code').click();
    await page.getByAltText('Sign-in QR code').waitFor();
    await settle(page);
    bad.push(...(await audit(page, 'sign-in (scan)')));
    expect(bad).toEqual([]);
  });

  it('the shell with the dashboard', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByPlaceholder(/user name|e-mail/i).fill('superAdmin');
    await page.getByPlaceholder(/password/i).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/home$/);
    await page.getByTestId('clock').waitFor();
    await settle(page, 1000);
    expect(await audit(page, 'shell + dashboard')).toEqual([]);
  });

  for (const menu of PAGES) {
    const name = `${menu.meta.title} (${menu.path})`;
    it(`${name} and its add and edit dialogs`, async () => {
      const bad: string[] = [];
      await page.goto(`${baseUrl}${menu.path}`);
      await page.getByTestId('shell-page').waitFor();
      await page.waitForLoadState('networkidle');
      await settle(page, 800);
      for (const f of await audit(page, name)) bad.push(`${name}: ${f.impact} ${f.rule}`);
      await screenshot(page, `a11y-${slug(menu.path!)}`);

      const content = page.getByTestId('shell-page');
      const openers = [
        ['add', content.getByRole('button', { name: /^(plus )?Add$/ })],
        [
          'edit',
          content
            .locator('.ant-table-row')
            .first()
            .getByRole('button', { name: /^Edit$/ }),
        ],
      ] as const;
      for (const [kind, button] of openers) {
        if ((await button.count()) === 0) continue;
        await button.first().click();
        const dialog = page.getByRole('dialog').last();
        const opened = await dialog.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        if (!opened) {
          // The action opens a view of its own (a designer), not a dialog: checked as a page.
          await page.waitForLoadState('networkidle');
          await settle(page, 800);
          for (const f of await audit(page, `${name} – ${kind} view`))
            bad.push(`${name} – ${kind}: ${f.impact} ${f.rule}`);
          await page.goto(`${baseUrl}${menu.path}`);
          await page.getByTestId('shell-page').waitFor();
          continue;
        }
        await page.waitForLoadState('networkidle');
        await settle(page, 800);
        const where = `${name} – ${kind} dialog`;
        // A modal or a drawer, whichever the page opens.
        for (const f of await audit(
          page,
          where,
          '.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open',
        ))
          bad.push(`${where}: ${f.impact} ${f.rule}`);
        await screenshot(page, `a11y-${slug(menu.path!)}-${kind}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
      expect(bad).toEqual([]);
    });
  }
});
