import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { delegate } from '../../../test/attack/kit.js';
import { computeSign, stringToSign } from '../../platform/auth/signature.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

let nonces = 0;
/** The headers of a signed request, as a client computes them (overrides make it wrong on purpose). */
function signed(
  key: { accessKey: string; accessSecret: string },
  method: string,
  path: string,
  over: Partial<Record<'timestamp' | 'nonce' | 'sign', string>> = {},
) {
  const timestamp = over.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = over.nonce ?? `n${Date.now()}_${++nonces}`;
  const sign =
    over.sign ?? computeSign(key.accessSecret, stringToSign(method, path, key.accessKey, timestamp, nonce));
  return { accessKey: key.accessKey, timestamp, nonce, sign };
}

async function addKey(token: string, bindUserId: string) {
  const res = await t.call('POST', '/api/sysOpenAccess/add', token, { bindUserId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; accessKey: string; accessSecret: string };
}

describe('open API access keys', () => {
  it('answers the secret once, lists keys without it, and a signed request acts as the bound account', async () => {
    const key = await addKey(admin, SEED_IDS.admin);
    expect(key.accessKey.startsWith(`${SEED_IDS.tenant}_`)).toBe(true);
    expect(Buffer.from(key.accessSecret, 'base64url')).toHaveLength(32);

    const info = await t.call(
      'GET',
      '/api/sysAuth/userInfo',
      undefined,
      undefined,
      signed(key, 'GET', '/api/sysAuth/userInfo'),
    );
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().result.account).toBe('admin');

    // A query string is not signed: the path alone is.
    const path = '/api/sysOpenAccess/page';
    const page = await t.call('POST', `${path}?x=1`, undefined, { page: 1 }, signed(key, 'POST', path));
    expect(page.statusCode, page.body).toBe(200);
    const row = page.json().result.items.find((r: { id: string }) => r.id === key.id);
    expect(row).toMatchObject({ accessKey: key.accessKey, hasSecret: true, bindUserId: SEED_IDS.admin });
    expect(row.lastUsedTime).toBeTruthy();
    expect(JSON.stringify(page.json().result)).not.toContain(key.accessSecret);
  });

  it('acts with the bound account’s own permissions, not the key creator’s', async () => {
    const key = await addKey(admin, SEED_IDS.member);
    const info = await t.call(
      'GET',
      '/api/sysAuth/userInfo',
      undefined,
      undefined,
      signed(key, 'GET', '/api/sysAuth/userInfo'),
    );
    expect(info.json().result.account).toBe('member');
    const path = '/api/sysOpenAccess/page';
    const refused = await t.call('POST', path, undefined, { page: 1 }, signed(key, 'POST', path));
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a bad sign, a stale timestamp, a replayed nonce, a token beside a signature and a disabled key with 401', async () => {
    const key = await addKey(admin, SEED_IDS.admin);
    const path = '/api/sysAuth/userInfo';
    const call = (headers: Record<string, string>, token?: string) =>
      t.call('GET', path, token, undefined, headers);

    const bad = await call(signed(key, 'GET', path, { sign: computeSign('wrong', 'text') }));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toMatch(/signature|签名/i);
    const stale = String(Math.floor(Date.now() / 1000) - 6 * 60);
    expect((await call(signed(key, 'GET', path, { timestamp: stale }))).statusCode).toBe(401);
    // Signed for another method: the signature covers it.
    expect((await call(signed(key, 'POST', path))).statusCode).toBe(401);
    expect((await call({ accessKey: key.accessKey })).statusCode).toBe(401);

    const once = signed(key, 'GET', path);
    expect((await call(once)).statusCode).toBe(200);
    const replay = await call(once);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/nonce/i);

    // One identity per request: a token beside a signature is refused, whichever is valid.
    expect((await call(signed(key, 'GET', path), admin)).statusCode).toBe(401);

    const update = await t.call('POST', '/api/sysOpenAccess/update', admin, {
      id: key.id,
      bindUserId: SEED_IDS.admin,
      status: 2,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await call(signed(key, 'GET', path))).statusCode).toBe(401);

    const unknown = {
      accessKey: `${SEED_IDS.tenant}_ffffffffffffffffffffffff`,
      accessSecret: key.accessSecret,
    };
    expect((await call(signed(unknown, 'GET', path))).statusCode).toBe(401);
  });

  it('rotates the secret: the new one signs, the old one stops; deleting the key ends it', async () => {
    const key = await addKey(admin, SEED_IDS.admin);
    const rotated = await t.call('POST', '/api/sysOpenAccess/secret', admin, { id: key.id });
    const fresh = rotated.json().result as typeof key;
    expect(fresh.accessSecret).not.toBe(key.accessSecret);
    const path = '/api/sysAuth/userInfo';
    expect((await t.call('GET', path, undefined, undefined, signed(key, 'GET', path))).statusCode).toBe(401);
    expect((await t.call('GET', path, undefined, undefined, signed(fresh, 'GET', path))).statusCode).toBe(
      200,
    );

    const helper = await t.call('POST', '/api/sysOpenAccess/generateSignature', admin, {
      accessKey: key.accessKey,
      method: 'get',
      url: 'http://example.com/api/sysAuth/userInfo?a=1',
      timestamp: 1700000000,
      nonce: 'abc',
    });
    const expected = `GET&/api/sysAuth/userInfo&${key.accessKey}&1700000000&abc`;
    expect(helper.json().result).toEqual({
      stringToSign: expected,
      sign: computeSign(fresh.accessSecret, expected),
    });

    expect((await t.call('POST', '/api/sysOpenAccess/delete', admin, { id: key.id })).statusCode).toBe(200);
    expect((await t.call('GET', path, undefined, undefined, signed(fresh, 'GET', path))).statusCode).toBe(
      401,
    );
  });

  it('a disabled or locked account’s key is refused', async () => {
    const key = await addKey(admin, SEED_IDS.staff);
    const path = '/api/sysAuth/userInfo';
    const call = () => t.call('GET', path, undefined, undefined, signed(key, 'GET', path));
    const setStatus = async (status: number) => {
      await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
        trx.updateTable('sysUser').set({ status }).where('id', '=', SEED_IDS.staff).execute(),
      );
      await t.ctx.sessions.touchUser(SEED_IDS.staff);
    };
    await setStatus(2);
    expect((await call()).statusCode).toBe(401);
    await setStatus(1);
    expect((await call()).statusCode).toBe(200);

    const lock = { tenantId: SEED_IDS.tenant, subject: `u:${SEED_IDS.staff}` };
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysLoginFailure')
        .values({ ...lock, failCount: 5, lockedUntil: new Date(Date.now() + 60_000) })
        .execute(),
    );
    expect((await call()).statusCode).toBe(401);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.deleteFrom('sysLoginFailure').where('subject', '=', lock.subject).execute(),
    );
    expect((await call()).statusCode).toBe(200);
  });
});

describe('who may bind an account', () => {
  it('a delegate cannot mint, rotate or sign with a key for the tenant admin', async () => {
    const d = await delegate(t);
    const refused = await t.call('POST', '/api/sysOpenAccess/add', d.token, { bindUserId: SEED_IDS.admin });
    expect(refused.statusCode).toBe(403);
    const adminKey = await addKey(admin, SEED_IDS.admin);
    expect((await t.call('POST', '/api/sysOpenAccess/secret', d.token, { id: adminKey.id })).statusCode).toBe(
      403,
    );
    const helper = await t.call('POST', '/api/sysOpenAccess/generateSignature', d.token, {
      accessKey: adminKey.accessKey,
      method: 'GET',
      url: '/api/sysAuth/userInfo',
      timestamp: 1700000000,
      nonce: 'x',
    });
    expect(helper.statusCode).toBe(403);
    // Nor move an own key onto the admin.
    const own = await addKey(d.token, d.userId);
    const moved = await t.call('POST', '/api/sysOpenAccess/update', d.token, {
      id: own.id,
      bindUserId: SEED_IDS.admin,
    });
    expect(moved.statusCode).toBe(403);
  });

  it('nobody binds an account that reaches further than themselves', async () => {
    const narrow = await delegate(t, { permissions: (code) => code.startsWith('sysOpenAccess:') });
    const wide = await delegate(t);
    const refused = await t.call(
      'POST',
      '/api/sysOpenAccess/add',
      narrow.token,
      { bindUserId: wide.userId },
      { 'accept-language': 'en' },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/key that acts as it/);
    await addKey(wide.token, narrow.userId);
  });
});

describe('docs/open-api.md', () => {
  it('the TypeScript example signs requests the server accepts', async () => {
    const doc = readFileSync(new URL('../../../../../docs/open-api.md', import.meta.url), 'utf8');
    const source = /```ts\n([\s\S]*?)```/.exec(doc)![1]!;
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
    const exports: {
      signatureHeaders?: (k: string, s: string, m: string, u: string) => Record<string, string>;
    } = {};
    new Function('require', 'exports', js)(createRequire(import.meta.url), exports);
    const key = await addKey(admin, SEED_IDS.admin);
    const headers = exports.signatureHeaders!(
      key.accessKey,
      key.accessSecret,
      'GET',
      '/api/sysAuth/userInfo?x=1',
    );
    const res = await t.call('GET', '/api/sysAuth/userInfo?x=1', undefined, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.account).toBe('admin');
  });
});
