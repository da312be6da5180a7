import smCrypto from 'sm-crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { api, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');
const TENANT_ID = '1300000000001';
const PASSWORD = 'Lintel@2026';
const GREETING = /(凌晨好|早上好|上午好|中午好|下午好|傍晚好|晚上好|夜深了)，系统管理员！/;

/** The fake provider the server tests use (a real OAuth 2.0 server on 127.0.0.1), loaded by path. */
interface FakeProvider {
  origin: string;
  clientId: string;
  clientSecret: string;
  signInAs(claims: Record<string, unknown>): void;
  refusals: string[];
  close(): Promise<void>;
}
const FAKE_PROVIDER = new URL('../../apps/server/src/modules/sys-oauth/fake-provider.ts', import.meta.url)
  .href;

async function adminToken(): Promise<string> {
  const { publicKey } = await api<{ publicKey: string }>(`/api/sysTenant/sysInfo/${TENANT_ID}`);
  const password = smCrypto.sm2.doEncrypt(PASSWORD, publicKey, 1);
  const pair = await api<{ accessToken: string }>('/api/sysAuth/login', undefined, {
    account: 'admin',
    password,
    tenantId: TENANT_ID,
  });
  return pair.accessToken;
}

/** Signs out through the user menu, from whichever page of the shell is open. */
async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  const item = page.getByRole('menuitem', { name: '退出登录' });
  await item.waitFor({ state: 'visible' });
  await page.waitForTimeout(200); // a click during the dropdown's opening animation is lost
  await item.click();
  const confirm = page.getByRole('button', { name: /确\s*定/ });
  await confirm.waitFor({ state: 'visible' });
  await page.waitForTimeout(200); // likewise the confirmation's opening animation, on a loaded machine
  await confirm.click();
  await page.waitForURL(/\/login$/);
}

/**
 * Third-party sign-in end to end: an administrator configures a provider (a real OAuth 2.0 server in
 * this process), links the admin account through the browser round trip, signs out, and signs in
 * again with the provider's link on the login page.
 */
describe('third-party sign-in', () => {
  let browser: Browser;
  let page: Page;
  let fake: FakeProvider;
  let token: string;

  beforeAll(async () => {
    const { startFakeProvider } = (await import(FAKE_PROVIDER)) as {
      startFakeProvider: () => Promise<FakeProvider>;
    };
    fake = await startFakeProvider();
    token = await adminToken();
    await api('/api/sysOAuth/add', token, {
      code: 'fake-e2e',
      name: 'Fake ID',
      icon: 'GithubOutlined',
      authorizeUrl: `${fake.origin}/authorize`,
      tokenUrl: `${fake.origin}/token`,
      userinfoUrl: `${fake.origin}/userinfo`,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      scope: 'openid profile',
      subjectClaim: 'sub',
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  });

  afterAll(async () => {
    // Other suites share this server: leave no provider behind.
    const page1 = await api<{ items: { id: string; code: string }[] }>('/api/sysOAuth/page', token, {});
    for (const p of page1.items.filter((x) => x.code === 'fake-e2e'))
      await api('/api/sysOAuth/delete', token, { id: p.id });
    await browser?.close();
    await fake?.close();
  });

  it('signs in with the password and shows the provider administration page', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByPlaceholder('用户名或邮箱').fill('admin');
    await page.getByPlaceholder('密码').fill(PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/dashboard\/home$/);
    await page.goto(`${baseUrl}/system/oauth`);
    await page.getByText('Fake ID').waitFor();
    await page.getByText('已设置').waitFor();
    expect(await page.content()).not.toContain(fake.clientSecret);
    await page.waitForTimeout(300);
    await screenshot(page, 'oauth-admin');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.getByRole('dialog').getByText('回调地址（在第三方平台登记）').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'oauth-admin-form');
    await page.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('links the admin account through the provider round trip', async () => {
    const access = await tokenOf(page);
    fake.signInAs({ sub: 'e2e-admin', name: 'Admin at Fake ID' });
    // What the personal centre's link button does: ask for the provider address, then go there.
    const { url } = await page.evaluate(
      async ([bearer]) => {
        const res = await fetch('/api/sysOAuth/link', {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ provider: 'fake-e2e' }),
        });
        return ((await res.json()) as { result: { url: string } }).result;
      },
      [access],
    );
    expect(url.startsWith(`${fake.origin}/authorize?`)).toBe(true);
    await page.goto(url);
    await page.waitForURL(/\/system\/userCenter\?oauthBound=fake-e2e$/);
    const bindings = await api<{ code: string; bound: boolean }[]>('/api/sysOAuth/myBindings', access);
    expect(bindings).toEqual([expect.objectContaining({ code: 'fake-e2e', bound: true })]);
  });

  it('signs out, then signs in with the provider link and lands on the home dashboard', async () => {
    await signOut(page);

    const link = page.locator('a[data-provider="fake-e2e"]');
    await link.locator('svg').waitFor(); // the brand icon arrives in a chunk of its own
    await page.getByText('其他登录方式').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'oauth-login');
    await link.click();
    await page.waitForURL(/\/dashboard\/home$/);
    await page.getByText(GREETING).waitFor();
    expect(fake.refusals).toEqual([]);
  });

  it('explains an identity that is not linked', async () => {
    await signOut(page);
    fake.signInAs({ sub: 'someone-else' });
    await page.locator('a[data-provider="fake-e2e"]').click();
    await page.waitForURL(/\/login\?oauthError=notLinked$/);
    await page.getByText(/该第三方账号尚未绑定任何账号/).waitFor();
    await page.locator('a[data-provider="fake-e2e"] svg').waitFor();
    await screenshot(page, 'oauth-login-not-linked');
  });
});
