import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { startWechatOAuthServer, type WechatOAuthServer } from '../../../test/wechat-oauth-server.js';

/**
 * WeChat sign-in (issue 14) against a local server that speaks WeChat's web sign-in: the website QR
 * login and the Official Account authorisation, binding by unionid (else openid), errcode refusals.
 */
let t: TestApp;
let wx: WechatOAuthServer;
let admin: string;
let staff: string;
let member: string;
let qrId: string;
const en = { 'accept-language': 'en' };
const api = (action: string) => `/api/sysOAuth/${action}`;

const wechatProvider = (overrides: Record<string, unknown> = {}) => ({
  code: 'weixin',
  name: '微信',
  icon: 'WechatOutlined',
  protocol: 'wechat_open',
  authorizeUrl: `${wx.origin}/connect/qrconnect`,
  tokenUrl: `${wx.origin}/sns/oauth2/access_token`,
  userinfoUrl: `${wx.origin}/sns/userinfo`,
  clientId: wx.appId,
  clientSecret: wx.appSecret,
  ...overrides,
});

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith('lintel_oauth='))!
    .split(';')[0]!;

/** The browser at WeChat: the scan (or consent) sends it back to our callback; returns the callback path. */
async function atWechat(authorize: string): Promise<string> {
  const res = await fetch(authorize, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe('/api/sysOAuth/callback');
  return `${back.pathname}${back.search}`;
}

async function callback(path: string, cookie?: string): Promise<string> {
  const res = await t.call('GET', path, undefined, undefined, cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(302);
  return res.headers.location as string;
}

/** A sign-in on the login page's link, as `person` at WeChat; returns where the browser lands. */
async function signIn(person: Parameters<WechatOAuthServer['signInAs']>[0], code = 'weixin') {
  const started = await t.call('GET', api(`signIn/${code}`));
  expect(started.statusCode, started.body).toBe(302);
  wx.signInAs(person);
  return callback(await atWechat(started.headers.location as string), cookieOf(started));
}

/** The personal centre's "link", as `person` at WeChat; returns where the browser lands. */
async function link(token: string, person: Parameters<WechatOAuthServer['signInAs']>[0], code = 'weixin') {
  const res = await t.call('POST', api('link'), token, { provider: code });
  expect(res.statusCode, res.body).toBe(200);
  wx.signInAs(person);
  return callback(await atWechat(res.json().result.url), cookieOf(res));
}

const bindingsOf = (userId: string) =>
  t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
    trx
      .selectFrom('sysOauthBinding')
      .select(['subject', 'externalName', 'avatar'])
      .where('userId', '=', userId)
      .execute(),
  );

const ADMIN = {
  openid: 'oQR_admin_openid_000000000001',
  unionid: 'oUnion_admin_0000000000000001',
  nickname: '管理员',
  headimgurl: 'https://thirdwx.qlogo.cn/mmopen/vi_32/admin/132',
};

beforeAll(async () => {
  wx = await startWechatOAuthServer();
  // The WeChat server listens on loopback, which only an operator's allow list opens.
  t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  admin = (await t.login('admin')).accessToken;
  staff = (await t.login('staff')).accessToken;
  member = (await t.login('member')).accessToken;
  const res = await t.call('POST', api('add'), admin, wechatProvider());
  expect(res.statusCode, res.body).toBe(200);
  qrId = res.json().result;
});
afterAll(async () => {
  await t?.close();
  await wx?.close();
});

describe('WeChat provider settings', () => {
  it('fixes the identity to unionid and the scope to snsapi_login; WeChat’s own addresses by default', async () => {
    const row = (await t.call('POST', api('page'), admin, {})).json().result.items[0];
    expect(row).toMatchObject({ protocol: 'wechat_open', scope: 'snsapi_login', subjectClaim: 'unionid' });

    const added = await t.call('POST', api('add'), admin, {
      code: 'wxmp',
      name: 'WeChat Official Account',
      protocol: 'wechat_mp',
      clientId: 'wx0000000000000001',
      clientSecret: 'secret',
    });
    expect(added.statusCode, added.body).toBe(200);
    const mp = (await t.call('POST', api('page'), admin, { name: 'wxmp' })).json().result.items[0];
    expect(mp).toMatchObject({
      authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
      tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
      userinfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
      scope: 'snsapi_userinfo',
    });
    expect((await t.call('POST', api('delete'), admin, { id: added.json().result })).statusCode).toBe(200);
  });

  it('refuses a WeChat provider without its AppSecret or with a scope WeChat does not grant it', async () => {
    const noSecret = await t.call(
      'POST',
      api('add'),
      admin,
      wechatProvider({ code: 'wx2', clientSecret: '' }),
      en,
    );
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().message).toBe('A WeChat sign-in needs its AppSecret.');
    const scope = await t.call(
      'POST',
      api('add'),
      admin,
      wechatProvider({ code: 'wx2', scope: 'openid' }),
      en,
    );
    expect(scope.statusCode).toBe(400);
    expect(scope.json().message).toBe('This WeChat sign-in can only ask for the scope snsapi_login.');
    // An OAuth 2.0 provider still names every address.
    const { authorizeUrl: _a, ...rest } = wechatProvider({ code: 'wx2', protocol: 'oauth2' });
    const oauth = await t.call('POST', api('add'), admin, rest, en);
    expect(oauth.statusCode).toBe(400);
    expect(oauth.json().message).toContain('authorizeUrl');
  });
});

describe('WeChat website QR sign-in', () => {
  it('sends the browser to qrconnect as WeChat documents it', async () => {
    const res = await t.call('GET', api('signIn/weixin'));
    const url = new URL(res.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${wx.origin}/connect/qrconnect`);
    expect([...url.searchParams.keys()]).toEqual([
      'appid',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ]);
    expect(url.searchParams.get('appid')).toBe(wx.appId);
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/sysOAuth\/callback$/);
    expect(url.searchParams.get('state')).toMatch(/^[a-f0-9]{48}$/);
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('says "not linked" for a WeChat identity bound to no account', async () => {
    expect(await signIn(ADMIN)).toBe('/login?oauthError=notLinked');
  });

  it('links by unionid, then signs the account in with a token pair', async () => {
    expect(await link(admin, ADMIN)).toBe('/system/userCenter?oauthBound=weixin');
    expect(await bindingsOf(SEED_IDS.admin)).toEqual([
      { subject: ADMIN.unionid, externalName: '管理员', avatar: ADMIN.headimgurl },
    ]);
    // What went to WeChat: the code exchange by GET with appid and secret, userinfo with the openid.
    const token = wx.requests.filter((r) => r.path === '/sns/oauth2/access_token').at(-1)!.query;
    expect(token.get('secret')).toBe(wx.appSecret);
    expect(token.get('grant_type')).toBe('authorization_code');
    const info = wx.requests.filter((r) => r.path === '/sns/userinfo').at(-1)!.query;
    expect([info.get('openid'), info.get('lang')]).toEqual([ADMIN.openid, 'zh_CN']);

    const landing = await signIn(ADMIN);
    expect(landing).toMatch(/^\/login\?oauth=[\w-]{20,}$/);
    const res = await t.call('POST', api('exchange'), undefined, {
      code: new URL(landing, 'http://x').searchParams.get('oauth'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.call('GET', '/api/sysAuth/userInfo', res.json().result.accessToken);
    expect(me.json().result.id).toBe(SEED_IDS.admin);
  });

  it('prefers the unionid: another app’s openid of the same person signs in to the same account', async () => {
    const elsewhere = { ...ADMIN, openid: 'oMP_admin_other_app_00000001' };
    expect(await signIn(elsewhere)).toMatch(/^\/login\?oauth=/);
    // Without the unionid the openid is the identity, bound to nobody.
    expect(await signIn({ openid: elsewhere.openid })).toBe('/login?oauthError=notLinked');
  });

  it('binds by openid when WeChat gives no unionid', async () => {
    expect(await link(staff, { openid: 'oQR_staff_openid_00000000001' })).toBe(
      '/system/userCenter?oauthBound=weixin',
    );
    expect((await bindingsOf(SEED_IDS.staff)).map((b) => b.subject)).toEqual([
      'oQR_staff_openid_00000000001',
    ]);
    expect(await signIn({ openid: 'oQR_staff_openid_00000000001' })).toMatch(/^\/login\?oauth=/);
  });
});

describe('WeChat refusals', () => {
  it('turns an errcode into a clear failure, and no sign-in code', async () => {
    wx.failNextToken(40163, 'code been used');
    expect(await signIn(ADMIN)).toBe('/login?oauthError=providerCodeInvalid');
    wx.failNextToken(40029, 'invalid code');
    expect(await link(member, { openid: 'oQR_member_0000000000000001' })).toBe(
      '/system/userCenter?oauthError=providerCodeInvalid',
    );
    expect(await bindingsOf(SEED_IDS.member)).toEqual([]);
    wx.failNextToken(45011, 'api minute-quota reach limit');
    expect(await signIn(ADMIN)).toBe('/login?oauthError=providerError');
  });

  it('reports a wrong AppSecret as this site’s settings refused', async () => {
    const before = wx.refusals.length;
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysOauthProvider').set({ clientSecret: 'wrong' }).where('id', '=', qrId).execute(),
    );
    expect(await signIn(ADMIN)).toBe('/login?oauthError=providerClientRejected');
    expect(wx.refusals.slice(before)).toEqual([40125]);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .updateTable('sysOauthProvider')
        .set({ clientSecret: wx.appSecret })
        .where('id', '=', qrId)
        .execute(),
    );
  });

  it('refuses a forged state, another browser’s round trip and a replay, without calling WeChat', async () => {
    const exchanges = () => wx.requests.filter((r) => r.path === '/sns/oauth2/access_token').length;
    const before = exchanges();
    expect(await callback(`${api('callback')}?code=abc&state=${'0'.repeat(48)}`)).toBe(
      '/login?oauthError=stateInvalid',
    );
    const started = await t.call('GET', api('signIn/weixin'));
    wx.signInAs(ADMIN);
    const back = await atWechat(started.headers.location as string);
    const other = cookieOf(await t.call('GET', api('signIn/weixin')));
    expect(await callback(back, other)).toBe('/login?oauthError=stateInvalid');
    expect(await callback(back, cookieOf(started))).toBe('/login?oauthError=stateInvalid');
    expect(exchanges()).toBe(before);
  });
});

describe('WeChat Official Account authorisation', () => {
  it('authorises with snsapi_userinfo at oauth2/authorize, or snsapi_base without userinfo', async () => {
    const res = await t.call(
      'POST',
      api('add'),
      admin,
      wechatProvider({
        code: 'wxmp',
        protocol: 'wechat_mp',
        authorizeUrl: `${wx.origin}/connect/oauth2/authorize`,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const started = await t.call('GET', api('signIn/wxmp'));
    const url = new URL(started.headers.location as string);
    expect(url.pathname).toBe('/connect/oauth2/authorize');
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    // The same person as the QR login: the unionid is shared across the Open Platform account's apps.
    expect(await signIn({ ...ADMIN, openid: 'oMP_admin_0000000000000000001' }, 'wxmp')).toBe(
      '/login?oauthError=notLinked',
    );
    expect(await link(member, { openid: 'oMP_member_00000000000000001', nickname: '成员' }, 'wxmp')).toBe(
      '/system/userCenter?oauthBound=wxmp',
    );

    const { clientSecret: _s, ...update } = wechatProvider({
      id: res.json().result,
      code: 'wxmp',
      protocol: 'wechat_mp',
      authorizeUrl: `${wx.origin}/connect/oauth2/authorize`,
      scope: 'snsapi_base',
    });
    expect((await t.call('POST', api('update'), admin, update)).statusCode).toBe(200);
    const userinfo = () => wx.requests.filter((r) => r.path === '/sns/userinfo').length;
    const before = userinfo();
    expect(await link(member, { openid: 'oMP_member_00000000000000001' }, 'wxmp')).toBe(
      '/system/userCenter?oauthBound=wxmp',
    );
    expect(userinfo()).toBe(before);
  });
});

describe('third-party users', () => {
  const page = async (body: object) =>
    (await t.call('POST', '/api/sysWechatUser/page', admin, { page: 1, pageSize: 20, ...body })).json()
      .result;

  it('lists WeChat bindings as their own kind, and unbinds them', async () => {
    const wechat = await page({ platformType: 'wechat' });
    expect(wechat.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          account: 'admin',
          platformType: 'wechat',
          platformCode: 'weixin',
          openId: ADMIN.unionid,
          externalName: '管理员',
          avatar: ADMIN.headimgurl,
        }),
        expect.objectContaining({
          account: 'staff',
          platformType: 'wechat',
          openId: 'oQR_staff_openid_00000000001',
        }),
        expect.objectContaining({ account: 'member', platformCode: 'wxmp', platformType: 'wechat' }),
      ]),
    );
    expect(wechat.total).toBe(3);
    expect((await page({ platformType: 'oauth' })).total).toBe(0);
    // The name filter reaches the WeChat nickname too (WeChat says 微信用户 when it gives none).
    expect((await page({ nickName: '微信用户' })).items.map((i: { account: string }) => i.account)).toEqual([
      'staff',
    ]);

    const row = wechat.items.find((i: { account: string }) => i.account === 'admin');
    expect((await t.call('POST', '/api/sysWechatUser/delete', admin, { id: row.id })).json().code).toBe(200);
    expect(await signIn(ADMIN)).toBe('/login?oauthError=notLinked');
    expect((await page({ platformType: 'wechat' })).total).toBe(2);
  });
});
