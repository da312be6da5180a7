import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { api, englishPage, signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');
const CODE = 'weixin-e2e';

/** The server tests' local WeChat web sign-in server (plain node on 127.0.0.1), loaded by path. */
interface WechatOAuthServer {
  origin: string;
  appId: string;
  appSecret: string;
  signInAs(person: { openid: string; unionid?: string; nickname?: string }): void;
  requests: { path: string }[];
  refusals: number[];
  close(): Promise<void>;
}
const FIXTURE = new URL('../../apps/server/test/wechat-oauth-server.ts', import.meta.url).href;
const { startWechatOAuthServer } = (await import(/* @vite-ignore */ FIXTURE)) as {
  startWechatOAuthServer: () => Promise<WechatOAuthServer>;
};

/**
 * WeChat website sign-in (issue 14) in the browser: the administrator adds a WeChat provider pointed
 * at the local server, links the admin account through WeChat's QR-login round trip, and a new
 * visitor then signs in with the login page's WeChat button and lands signed in as that account.
 */
describe('WeChat sign-in', () => {
  let browser: Browser;
  let page: Page;
  let wx: WechatOAuthServer;
  let token: string;
  const ADMIN = { openid: 'oE2E_admin_openid_00000000001', unionid: 'oE2E_admin_union_0000000001' };

  beforeAll(async () => {
    wx = await startWechatOAuthServer();
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin');
    token = await tokenOf(page);
    await api('/api/sysOAuth/add', token, {
      code: CODE,
      name: 'WeChat',
      icon: 'WechatOutlined',
      protocol: 'wechat_open',
      authorizeUrl: `${wx.origin}/connect/qrconnect`,
      tokenUrl: `${wx.origin}/sns/oauth2/access_token`,
      userinfoUrl: `${wx.origin}/sns/userinfo`,
      clientId: wx.appId,
      clientSecret: wx.appSecret,
    });
  });

  afterAll(async () => {
    // Other suites share this server: leave no provider behind.
    const providers = await api<{ items: { id: string; code: string }[] }>('/api/sysOAuth/page', token, {});
    for (const p of providers.items.filter((x) => x.code === CODE))
      await api('/api/sysOAuth/delete', token, { id: p.id });
    await browser?.close();
    await wx?.close();
  });

  it('links the admin account through WeChat’s QR login', async () => {
    wx.signInAs({ ...ADMIN, nickname: '管理员' });
    // What the personal centre's link button does: ask for WeChat's address, then go there.
    const { url } = await page.evaluate(
      async ([bearer, code]) => {
        const res = await fetch('/api/sysOAuth/link', {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ provider: code }),
        });
        return ((await res.json()) as { result: { url: string } }).result;
      },
      [token, CODE],
    );
    expect(url.startsWith(`${wx.origin}/connect/qrconnect?`)).toBe(true);
    await page.goto(url);
    // Back in the personal centre (the page drops its ?oauthBound= notice from the address at once).
    await page.waitForURL(/\/system\/userCenter(\?oauthBound=[\w-]+)?$/);
    const bindings = await api<{ code: string; bound: boolean }[]>('/api/sysOAuth/myBindings', token);
    expect(bindings).toContainEqual(expect.objectContaining({ code: CODE, bound: true }));
  });

  it('a new visitor signs in with the WeChat button on the login page', async () => {
    wx.signInAs(ADMIN);
    const visitor = await englishPage(browser);
    await visitor.goto(`${baseUrl}/login`);
    const button = visitor.locator(`a[data-provider="${CODE}"]`);
    await button.locator('svg').waitFor(); // the brand icon arrives in a chunk of its own
    const before = wx.requests.length;
    await button.click();
    await visitor.waitForURL(/\/dashboard\/home$/);
    const info = await api<{ account: string }>('/api/sysAuth/userInfo', await tokenOf(visitor));
    expect(info.account).toBe('admin');
    // The round trip went through WeChat's QR login, its code exchange and its profile.
    expect(wx.requests.slice(before).map((r) => r.path)).toEqual([
      '/connect/qrconnect',
      '/sns/oauth2/access_token',
      '/sns/userinfo',
    ]);
    expect(wx.refusals).toEqual([]);
    await visitor.close();
  });
});
