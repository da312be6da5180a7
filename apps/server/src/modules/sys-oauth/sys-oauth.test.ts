import { ACCESS_TOKEN_HEADER, REFRESH_TOKEN_HEADER } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { newId } from '../../platform/db/ids.js';
import { startFakeProvider, type FakeProvider } from './fake-provider.js';

let t: TestApp;
let fake: FakeProvider;
let admin: string;
let staff: string;
let member: string;
let providerId: string;
const en = { 'accept-language': 'en' };
const api = (action: string) => `/api/sysOAuth/${action}`;

const providerBody = (overrides: Record<string, unknown> = {}) => ({
  code: 'fake',
  name: 'Fake ID',
  icon: 'GithubOutlined',
  authorizeUrl: `${fake.origin}/authorize`,
  tokenUrl: `${fake.origin}/token`,
  userinfoUrl: `${fake.origin}/userinfo`,
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  scope: 'openid profile',
  subjectClaim: 'sub',
  ...overrides,
});

/** Where a same-site redirect sends the browser: path and query only. */
const pathOf = (location: string) => {
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
};

/** The browser's cookie that binds a round trip to it (set when one starts, sent to the callback). */
let browserCookie: string | undefined;
const keepBrowserCookie = (res: { headers: Record<string, unknown> }) => {
  const set = [res.headers['set-cookie'] ?? []].flat().map(String);
  const cookie = set.find((c) => c.startsWith('lintel_oauth='));
  if (cookie) browserCookie = cookie.split(';')[0];
};

/** Follows the provider's authorize redirect back to our callback; returns where the callback sends the browser. */
async function viaProvider(authorizeUrl: string, cookie = browserCookie): Promise<string> {
  expect(authorizeUrl.startsWith(fake.origin)).toBe(true);
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = atProvider.headers.get('location')!;
  expect(callback).toMatch(/^http:\/\/localhost(:80)?\/api\/sysOAuth\/callback\?/);
  const res = await t.call('GET', pathOf(callback), undefined, undefined, cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(302);
  return res.headers.location as string;
}

/** Starts a sign-in on the login page's link; returns the provider authorize URL (or an error redirect). */
async function startSignIn(code = 'fake', tenantId?: string): Promise<string> {
  const res = await t.call('GET', `${api(`signIn/${code}`)}${tenantId ? `?tenantId=${tenantId}` : ''}`);
  expect(res.statusCode, res.body).toBe(302);
  keepBrowserCookie(res);
  return res.headers.location as string;
}

async function signInAs(sub: string): Promise<string> {
  fake.signInAs({ sub, name: `User ${sub}` });
  return viaProvider(await startSignIn());
}

async function link(token: string, sub: string, provider = 'fake'): Promise<string> {
  const res = await t.call('POST', api('link'), token, { provider });
  expect(res.statusCode, res.body).toBe(200);
  keepBrowserCookie(res);
  fake.signInAs({ sub });
  return viaProvider(res.json().result.url);
}

const bindings = async (token: string) =>
  (await t.call('GET', api('myBindings'), token)).json().result as { code: string; bound: boolean }[];

beforeAll(async () => {
  fake = await startFakeProvider();
  // The fake provider listens on loopback, which only an operator's allow list opens.
  t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  admin = (await t.login('admin')).accessToken;
  staff = (await t.login('staff')).accessToken;
  member = (await t.login('member')).accessToken;
  const res = await t.call('POST', api('add'), admin, providerBody());
  expect(res.statusCode, res.body).toBe(200);
  providerId = res.json().result;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('provider administration', () => {
  it('never returns the client secret, only whether one is set', async () => {
    const res = await t.call('POST', api('page'), admin, {});
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(fake.clientSecret);
    const row = res.json().result.items.find((p: { id: string }) => p.id === providerId);
    expect(row).toMatchObject({ code: 'fake', clientSecretSet: true, subjectClaim: 'sub', status: 1 });
    expect(row).not.toHaveProperty('clientSecret');
  });

  it('refuses endpoint URLs that are not http or https, naming the field', async () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://idp.example/token',
      '/relative/token',
      'http://user:pw@idp/x',
    ]) {
      const res = await t.call('POST', api('add'), admin, providerBody({ code: 'bad', tokenUrl: bad }), en);
      expect([bad, res.statusCode]).toEqual([bad, 400]);
      expect(res.json().message).toContain('tokenUrl');
    }
  });

  it('refuses a duplicate code and a malformed one', async () => {
    expect((await t.call('POST', api('add'), admin, providerBody())).statusCode).toBe(409);
    expect((await t.call('POST', api('add'), admin, providerBody({ code: 'Not A Slug' }))).statusCode).toBe(
      400,
    );
  });

  it('keeps the stored secret when an update leaves it empty', async () => {
    const { clientSecret: _omit, ...rest } = providerBody({ name: 'Fake ID (renamed)' });
    const res = await t.call('POST', api('update'), admin, { id: providerId, ...rest, clientSecret: '' });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await t.call('POST', api('page'), admin, { name: 'renamed' })).json().result;
    expect(page.items).toHaveLength(1);
    expect(page.items[0].clientSecretSet).toBe(true);
    // The secret still authenticates at the provider: a full round trip completes.
    expect(await signInAs('nobody-yet')).toBe('/login?oauthError=notLinked');
  });

  it('refuses the administration routes to accounts without the permission', async () => {
    for (const action of ['page', 'add', 'update', 'delete', 'setStatus']) {
      const res = await t.call('POST', api(action), member, {});
      expect([action, res.statusCode]).toEqual([action, 403]);
    }
  });
});

describe('sign-in', () => {
  it('lists the enabled providers of the tenant for the login page, without secrets or endpoints', async () => {
    const res = await t.call('GET', api('loginProviders'));
    expect(res.json().result).toEqual([{ code: 'fake', name: 'Fake ID (renamed)', icon: 'GithubOutlined' }]);
  });

  it('starts at the provider with state and an S256 PKCE challenge', async () => {
    const url = new URL(await startSignIn());
    expect(url.origin + url.pathname).toBe(`${fake.origin}/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(fake.clientId);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(q.get('scope')).toBe('openid profile');
    expect(q.get('redirect_uri')).toMatch(/\/api\/sysOAuth\/callback$/);
  });

  it('says "not linked" for an identity bound to no account', async () => {
    expect(await signInAs('stranger')).toBe('/login?oauthError=notLinked');
  });

  it('links the signed-in account, then signs it in with a token pair as /login returns', async () => {
    expect(await link(admin, 'admin-at-fake')).toBe('/system/userCenter?oauthBound=fake');
    expect(await bindings(admin)).toEqual([expect.objectContaining({ code: 'fake', bound: true })]);

    const landing = await signInAs('admin-at-fake');
    expect(landing).toMatch(/^\/login\?oauth=[\w-]{20,}$/);
    const code = new URL(landing, 'http://x').searchParams.get('oauth')!;
    const res = await t.call('POST', api('exchange'), undefined, { code });
    expect(res.statusCode, res.body).toBe(200);
    const { accessToken, refreshToken, homepage } = res.json().result;
    expect(homepage).toBeNull();
    expect(res.headers[ACCESS_TOKEN_HEADER]).toBe(accessToken);
    expect(res.headers[REFRESH_TOKEN_HEADER]).toBe(refreshToken);
    const info = await t.call('GET', '/api/sysAuth/userInfo', accessToken);
    expect(info.json().result.account).toBe('admin');

    // The one-time code works once.
    const again = await t.call('POST', api('exchange'), undefined, { code }, en);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('refuses a wrong, missing or replayed state', async () => {
    expect(
      pathOf((await t.call('GET', `${api('callback')}?code=x&state=forged`)).headers.location as string),
    ).toBe('/login?oauthError=stateInvalid');
    expect((await t.call('GET', `${api('callback')}?code=x`)).headers.location).toBe(
      '/login?oauthError=stateInvalid',
    );

    fake.signInAs({ sub: 'admin-at-fake' });
    const atProvider = await fetch(await startSignIn(), { redirect: 'manual' });
    const callback = pathOf(atProvider.headers.get('location')!);
    const browser = { cookie: browserCookie! };
    expect((await t.call('GET', callback, undefined, undefined, browser)).headers.location).toMatch(
      /^\/login\?oauth=/,
    );
    // The same state (and code) a second time: the state was used up.
    expect((await t.call('GET', callback, undefined, undefined, browser)).headers.location).toBe(
      '/login?oauthError=stateInvalid',
    );
  });

  it('refuses a callback in a browser that did not start the round trip (login CSRF)', async () => {
    // An attacker starts a sign-in with their own identity and sends the callback link to a victim.
    fake.signInAs({ sub: 'admin-at-fake' });
    const authorize = await startSignIn();
    const attackerCookie = browserCookie!;
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    const callback = pathOf(atProvider.headers.get('location')!);
    // The victim's browser has no cookie, or the cookie of a round trip of its own.
    await startSignIn();
    const victim = browserCookie!;
    expect(victim).not.toBe(attackerCookie);
    expect((await t.call('GET', callback, undefined, undefined, { cookie: victim })).headers.location).toBe(
      '/login?oauthError=stateInvalid',
    );
    const started = await startSignIn();
    const again = await fetch(started, { redirect: 'manual' });
    expect((await t.call('GET', pathOf(again.headers.get('location')!))).headers.location).toBe(
      '/login?oauthError=stateInvalid',
    );
  });

  it('reports a provider refusal and a failed code exchange as provider errors', async () => {
    const url = new URL(await startSignIn());
    const state = url.searchParams.get('state')!;
    const denied = await t.call(
      'GET',
      `${api('callback')}?error=access_denied&state=${state}`,
      undefined,
      undefined,
      {
        cookie: browserCookie!,
      },
    );
    expect(denied.headers.location).toBe('/login?oauthError=providerError');

    const url2 = new URL(await startSignIn());
    const forged = await t.call(
      'GET',
      `${api('callback')}?code=not-issued&state=${url2.searchParams.get('state')}`,
      undefined,
      undefined,
      { cookie: browserCookie! },
    );
    expect(forged.headers.location).toBe('/login?oauthError=providerError');
    expect(fake.refusals.at(-1)).toBe('unknown code');
  });

  it('sends the PKCE verifier the provider checks (a wrong client secret fails at the token endpoint)', async () => {
    const before = fake.refusals.length;
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .updateTable('sysOauthProvider')
        .set({ clientSecret: 'wrong' })
        .where('id', '=', providerId)
        .execute(),
    );
    expect(await signInAs('admin-at-fake')).toBe('/login?oauthError=providerError');
    expect(fake.refusals.slice(before)).toEqual(['client authentication failed']);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .updateTable('sysOauthProvider')
        .set({ clientSecret: fake.clientSecret, clientAuthMethod: 'client_secret_basic' })
        .where('id', '=', providerId)
        .execute(),
    );
    // HTTP Basic client authentication works too, and PKCE passed (no refusal recorded).
    expect(await signInAs('admin-at-fake')).toMatch(/^\/login\?oauth=/);
    expect(fake.refusals.slice(before)).toEqual(['client authentication failed']);
  });

  it('refuses accounts that may not sign in, as /login does', async () => {
    // `contact` is of type Other: bound directly, since it cannot sign in to link.
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysOauthBinding')
        .values({
          id: newId(),
          tenantId: SEED_IDS.tenant,
          providerId,
          subject: 'contact-sub',
          userId: SEED_IDS.other,
        })
        .execute(),
    );
    expect(await signInAs('contact-sub')).toBe('/login?oauthError=noLoginPermission');

    expect(await link(member, 'member-sub')).toBe('/system/userCenter?oauthBound=fake');
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysUser').set({ status: 2 }).where('id', '=', SEED_IDS.member).execute(),
    );
    expect(await signInAs('member-sub')).toBe('/login?oauthError=accountDisabled');
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysUser').set({ status: 1 }).where('id', '=', SEED_IDS.member).execute(),
    );
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysLoginFailure')
        .values({
          tenantId: SEED_IDS.tenant,
          subject: `u:${SEED_IDS.member}`,
          failCount: 5,
          lockedUntil: new Date(Date.now() + 600_000),
        })
        .execute(),
    );
    expect(await signInAs('member-sub')).toBe('/login?oauthError=accountLocked');
  });
});

describe('linking', () => {
  it('refuses an identity already bound to another account', async () => {
    expect(await link(staff, 'admin-at-fake')).toBe('/system/userCenter?oauthError=alreadyBound');
    expect(await bindings(staff)).toEqual([expect.objectContaining({ code: 'fake', bound: false })]);
  });

  it('unlinks: the identity no longer signs in, and unlinking twice is a 404', async () => {
    expect((await t.call('POST', api('unlink'), admin, { provider: 'fake' })).statusCode).toBe(200);
    expect(await bindings(admin)).toEqual([expect.objectContaining({ code: 'fake', bound: false })]);
    expect(await signInAs('admin-at-fake')).toBe('/login?oauthError=notLinked');
    expect((await t.call('POST', api('unlink'), admin, { provider: 'fake' })).statusCode).toBe(404);
    // Now free, the identity can be linked by another account.
    expect(await link(staff, 'admin-at-fake')).toBe('/system/userCenter?oauthBound=fake');
  });
});

describe('provider status and tenants', () => {
  it('does not start, finish or list a disabled provider', async () => {
    const pending = await startSignIn();
    expect((await t.call('POST', api('setStatus'), admin, { id: providerId, status: 2 })).statusCode).toBe(
      200,
    );
    // Disabled between the start and the callback.
    fake.signInAs({ sub: 'admin-at-fake' });
    expect(await viaProvider(pending)).toBe('/login?oauthError=providerDisabled');
    expect(await startSignIn()).toBe('/login?oauthError=providerDisabled');
    expect((await t.call('GET', api('loginProviders'))).json().result).toEqual([]);
    expect((await t.call('POST', api('link'), admin, { provider: 'fake' })).statusCode).toBe(404);
    expect((await t.call('POST', api('setStatus'), admin, { id: providerId, status: 1 })).statusCode).toBe(
      200,
    );
  });

  it("never uses another tenant's provider", async () => {
    const other = await createOtherTenant(t);
    await t.ctx.db.tenant(other.tenantId, (trx) =>
      trx
        .insertInto('sysOauthProvider')
        .values({ id: newId(), tenantId: other.tenantId, ...providerBody({ code: 'elsewhere' }) })
        .execute(),
    );
    expect(await startSignIn('elsewhere')).toBe('/login?oauthError=providerDisabled');
    expect(await startSignIn('elsewhere', other.tenantId)).toMatch(new RegExp(`^${fake.origin}/authorize`));
    const listed = (await t.call('GET', `${api('loginProviders')}?tenantId=${other.tenantId}`)).json().result;
    expect(listed.map((p: { code: string }) => p.code)).toEqual(['elsewhere']);
    const own = (await t.call('POST', api('page'), admin, {})).json().result.items;
    expect(own.map((p: { code: string }) => p.code)).toEqual(['fake']);
    // A super admin working in another tenant has no account there to link.
    const visiting = (await t.login('superAdmin', undefined, other.tenantId)).accessToken;
    const refused = await t.call('POST', api('link'), visiting, { provider: 'elsewhere' }, en);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Link identities while working in your own tenant.');
    // Row-level security: a query that forgets the tenant filter still sees only its tenant.
    const seen = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysOauthProvider').select('code').execute(),
    );
    expect(seen.map((r) => r.code)).toEqual(['fake']);
  });

  it('deletes a provider with its bindings', async () => {
    expect((await t.call('POST', api('delete'), admin, { id: providerId })).statusCode).toBe(200);
    const left = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysOauthBinding').select('id').execute(),
    );
    expect(left).toEqual([]);
    expect((await t.call('POST', api('delete'), admin, { id: providerId })).statusCode).toBe(404);
  });
});
