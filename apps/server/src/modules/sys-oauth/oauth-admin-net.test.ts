import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { startWechatOAuthServer, type WechatOAuthServer } from '../../../test/wechat-oauth-server.js';
import { startFakeProvider, type FakeProvider } from './fake-provider.js';

/**
 * Admin.NET's names for third-party sign-in (issue 9): `signIn?provider=Gitee` starts the round trip
 * and the provider sends the browser back to `signInCallback`, the address an Admin.NET deployment
 * registered with its providers; the round trip ends as ours does (a one-time code for /login).
 */
let t: TestApp;
let fake: FakeProvider;
let wx: WechatOAuthServer;
const api = (action: string) => `/api/sysOAuth/${action}`;

/** The cookie binding a round trip to the browser: its value and the path it is sent to. */
const browserCookie = (res: { headers: Record<string, unknown> }) => {
  const set = [res.headers['set-cookie'] ?? []].flat().map(String);
  const cookie = set.find((c) => c.startsWith('lintel_oauth='))!;
  return { pair: cookie.split(';')[0]!, path: /Path=([^;]+)/i.exec(cookie)?.[1] };
};

async function roundTrip(start: string, cookiePath: string, callbackPath: string): Promise<string> {
  const started = await t.call('GET', start);
  expect(started.statusCode, started.body).toBe(302);
  const cookie = browserCookie(started);
  expect(cookie.path).toBe(cookiePath);
  const authorize = new URL(started.headers.location as string);
  expect(authorize.searchParams.get('redirect_uri')).toMatch(
    new RegExp(`^http://localhost(:80)?${callbackPath}$`),
  );
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.pathname).toBe(callbackPath);
  const landed = await t.call('GET', `${back.pathname}${back.search}`, undefined, undefined, {
    cookie: cookie.pair,
  });
  expect(landed.statusCode, landed.body).toBe(302);
  return landed.headers.location as string;
}

beforeAll(async () => {
  fake = await startFakeProvider();
  wx = await startWechatOAuthServer();
  t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  const admin = (await t.login('admin')).accessToken;
  const added = await t.call('POST', api('add'), admin, {
    code: 'gitee',
    name: 'Gitee',
    authorizeUrl: `${fake.origin}/authorize`,
    tokenUrl: `${fake.origin}/token`,
    userinfoUrl: `${fake.origin}/userinfo`,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    scope: 'openid',
    subjectClaim: 'sub',
  });
  expect(added.statusCode, added.body).toBe(200);
  // The staff account links an identity through our own names first.
  const staff = (await t.login('staff')).accessToken;
  const link = await t.call('POST', api('link'), staff, { provider: 'gitee' });
  fake.signInAs({ sub: 'gitee-staff' });
  const url = new URL(link.json().result.url);
  const atProvider = await fetch(url, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  const linked = await t.call('GET', `${back.pathname}${back.search}`, undefined, undefined, {
    cookie: browserCookie(link).pair,
  });
  expect(linked.headers.location).toBe('/system/userCenter?oauthBound=gitee');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await wx?.close();
});

describe('sysOAuth under Admin.NET’s names', () => {
  it('signs in through signIn?provider= and signInCallback', async () => {
    fake.signInAs({ sub: 'gitee-staff' });
    const landing = await roundTrip(
      `${api('signIn')}?Provider=Gitee&redirectUrl=https://evil.example/&tenantId=${SEED_IDS.tenant}`,
      '/api/sysOAuth/signInCallback',
      '/api/sysOAuth/signInCallback',
    );
    // Never the redirectUrl, never a token in the address: our one-time code on our sign-in page.
    expect(landing).toMatch(/^\/login\?oauth=[\w-]{20,}$/);
    const code = new URLSearchParams(landing.split('?')[1]).get('oauth')!;
    const res = await t.call('POST', api('exchange'), undefined, { code });
    expect(res.statusCode, res.body).toBe(200);
    const info = (await t.call('GET', '/api/sysAuth/userInfo', res.json().result.accessToken)).json().result;
    expect(info.id).toBe(SEED_IDS.staff);
  });

  it('keeps our own names working, each round trip returning where it started', async () => {
    fake.signInAs({ sub: 'gitee-staff' });
    const landing = await roundTrip(api('signIn/gitee'), '/api/sysOAuth/callback', '/api/sysOAuth/callback');
    expect(landing).toMatch(/^\/login\?oauth=/);
  });

  it('signs in through signIn?provider=Weixin with a WeChat provider of code weixin', async () => {
    const admin = (await t.login('admin')).accessToken;
    const added = await t.call('POST', api('add'), admin, {
      code: 'weixin',
      name: '微信',
      protocol: 'wechat_open',
      authorizeUrl: `${wx.origin}/connect/qrconnect`,
      tokenUrl: `${wx.origin}/sns/oauth2/access_token`,
      userinfoUrl: `${wx.origin}/sns/userinfo`,
      clientId: wx.appId,
      clientSecret: wx.appSecret,
    });
    expect(added.statusCode, added.body).toBe(200);
    const staff = (await t.login('staff')).accessToken;
    const link = await t.call('POST', api('link'), staff, { provider: 'weixin' });
    wx.signInAs({ openid: 'oQR_staff_0000000000000000001', unionid: 'oUnion_staff_00000000000001' });
    const back = new URL(
      (await fetch(link.json().result.url, { redirect: 'manual' })).headers.get('location')!,
    );
    const linked = await t.call('GET', `${back.pathname}${back.search}`, undefined, undefined, {
      cookie: browserCookie(link).pair,
    });
    expect(linked.headers.location).toBe('/system/userCenter?oauthBound=weixin');

    const landing = await roundTrip(
      `${api('signIn')}?provider=Weixin&tenantId=${SEED_IDS.tenant}`,
      '/api/sysOAuth/signInCallback',
      '/api/sysOAuth/signInCallback',
    );
    expect(landing).toMatch(/^\/login\?oauth=[\w-]{20,}$/);
  });

  it('sends an unknown provider to the sign-in page with the error', async () => {
    const res = await t.call('GET', `${api('signIn')}?provider=Dingtalk`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?oauthError=providerDisabled');
  });
});
