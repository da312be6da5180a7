import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { api, englishPage, signedInPage, signIn, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');

interface LdapFixture {
  BASE_DN: string;
  ROOT_DN: string;
  ROOT_PASSWORD: string;
  slapdAvailable(): boolean;
  startLdapServer(
    entries: [string, Record<string, string | string[]>][],
  ): Promise<{ host: string; port: number; close(): Promise<void> }>;
}
// The server tests' OpenLDAP fixture (Debian's slapd on a free port), shared rather than repeated.
const FIXTURE = new URL('../../apps/server/test/ldap-server.ts', import.meta.url).href;
const { BASE_DN, ROOT_DN, ROOT_PASSWORD, slapdAvailable, startLdapServer } = (await import(
  /* @vite-ignore */ FIXTURE
)) as LdapFixture;

/**
 * Issue 14, the directory as a tenant administrator sets it up: the setting is added, tested, the
 * units and then the people synchronised (each previewed, then applied), and a person of the
 * directory signs in with the directory's password. The setting is removed afterwards, so later
 * files sign in as before.
 */
describe.skipIf(!slapdAvailable())('LDAP directory', () => {
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<LdapFixture['startLdapServer']>>;

  beforeAll(async () => {
    server = await startLdapServer([
      [`ou=Teachers,${BASE_DN}`, { objectClass: ['organizationalUnit'], ou: 'Teachers' }],
      [
        `uid=e2e.teacher,ou=Teachers,${BASE_DN}`,
        {
          objectClass: ['inetOrgPerson'],
          uid: 'e2e.teacher',
          cn: 'Directory Teacher',
          sn: 'Teacher',
          userPassword: 'Directory-Secret-1',
        },
      ],
    ]);
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin');
  });
  afterAll(async () => {
    if (page) {
      const token = await tokenOf(page).catch(() => '');
      const rows = token ? await api<{ id: string }[]>('/api/sysLdap/list', token).catch(() => []) : [];
      for (const row of rows) await api('/api/sysLdap/delete', token, { id: row.id });
    }
    await browser?.close();
    await server?.close();
  });

  it('is set up, tested and synchronised with a preview first', async () => {
    await page.goto(`${baseUrl}/system/ldap`);
    await page.getByRole('button', { name: /Add$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Host').fill(server.host);
    await dialog.getByLabel('Port').fill(String(server.port));
    await dialog.getByLabel('Base DN').fill(BASE_DN);
    await dialog.getByLabel('Bind DN').fill(ROOT_DN);
    await dialog.getByLabel('Bind password').fill(ROOT_PASSWORD);
    await dialog.getByLabel('Sign-in filter').fill('(uid=%s)');
    await dialog.getByLabel('Account attribute').fill('uid');
    await dialog.getByLabel('Employee ID attribute').fill('employeeNumber');
    await dialog.getByLabel('Unit ID attribute').fill('entryUUID');
    await screenshot(page, 'ldap-form');
    await expectAccessible(page, 'ldap form', '.ant-modal-wrap');
    await dialog.getByRole('button', { name: /OK|Save/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Connected. People found: 1; units found: 1.').waitFor();

    for (const [button, added] of [
      ['Synchronise units', 'Teachers'],
      ['Synchronise people', 'e2e.teacher'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const sync = page.getByRole('dialog');
      await sync.getByText(/Preview: nothing has changed yet/).waitFor();
      await expect.poll(() => sync.getByTestId('ldap-count-added').textContent()).toBe('1');
      await sync.getByText(added, { exact: true }).waitFor();
      if (button === 'Synchronise people') {
        await page.waitForTimeout(500); // the dialog's opening animation
        await screenshot(page, 'ldap-sync-preview');
        await expectAccessible(page, 'ldap sync preview', '.ant-modal-wrap');
      }
      await sync.getByRole('button', { name: 'Apply' }).click();
      await sync.getByText('Done: these changes were made.').waitFor();
      await sync.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await sync.waitFor({ state: 'hidden' });
    }
    await screenshot(page, 'ldap-page');
    await expectAccessible(page, 'ldap page');
  });

  it('lets the synchronised person sign in with the directory password', async () => {
    const teacher = await englishPage(browser);
    try {
      // A synchronised account holds no role yet: it lands on a page every account reaches.
      await signIn(teacher, 'e2e.teacher', 'Directory-Secret-1', /\/(about|doc|system\/(userCenter|inbox))/);
      await teacher.getByText('Directory Teacher').first().waitFor();
      await screenshot(teacher, 'ldap-signed-in');
    } finally {
      await teacher.close();
    }
  });

  it('lists the directory link under third-party users, and unbinding it ends the directory sign-in', async () => {
    await page.goto(`${baseUrl}/system/weChatUser`);
    const row = page.locator('.ant-table-row', { hasText: 'e2e.teacher' });
    await row.getByText('LDAP').waitFor();
    await row.getByText(`uid=e2e.teacher,ou=Teachers,${BASE_DN}`).waitFor();
    await screenshot(page, 'third-party-users');
    await expectAccessible(page, 'third-party users');
    await row.getByRole('button', { name: 'Unbind' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Unbind' }).click();
    await row.waitFor({ state: 'detached' });

    // Unlinked, the account's own (random, never told) password decides: the directory's no longer works.
    const teacher = await englishPage(browser);
    try {
      await teacher.goto(`${baseUrl}/login`);
      await teacher.getByPlaceholder(/user name|e-mail/i).fill('e2e.teacher');
      await teacher.getByPlaceholder(/password/i).fill('Directory-Secret-1');
      await teacher.keyboard.press('Enter');
      await teacher.getByText('Please check your user name/e-mail or password.').first().waitFor();
    } finally {
      await teacher.close();
    }
  });
});
