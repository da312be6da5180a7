import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('sysAuth/login', () => {
  it('signs in with an SM2-encrypted password and returns the token pair in body and headers', async () => {
    const res = await t.call('POST', '/api/sysAuth/login', undefined, {
      account: 'admin',
      password: t.encrypt(DEMO_PASSWORD),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, type: 'success' });
    expect(body.result.accessToken).toBeTypeOf('string');
    expect(res.headers['access-token']).toBe(body.result.accessToken);
    expect(res.headers['x-access-token']).toBe(body.result.refreshToken);
  });

  it('accepts the ciphertext with the leading 04 of the C1 point', async () => {
    const res = await t.call('POST', '/api/sysAuth/login', undefined, {
      account: 'admin',
      password: `04${t.encrypt(DEMO_PASSWORD)}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password with a localized message', async () => {
    const res = await t.call(
      'POST',
      '/api/sysAuth/login',
      undefined,
      { account: 'staff', password: t.encrypt('nope-Nope1!') },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please check your user name/e-mail or password.');
  });

  it('names the missing field in a 400', async () => {
    const res = await t.call(
      'POST',
      '/api/sysAuth/login',
      undefined,
      { account: 'admin' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('password');
  });

  it('userInfo carries the account, permissions and watermark', async () => {
    const { accessToken } = await t.login('admin');
    const res = await t.call('GET', '/api/sysAuth/userInfo', accessToken);
    expect(res.statusCode).toBe(200);
    const info = res.json().result;
    expect(info).toMatchObject({
      id: SEED_IDS.admin,
      account: 'admin',
      tenantId: SEED_IDS.tenant,
      accountType: 888,
    });
    expect(info.watermarkText).toBe('Lintel-系统管理员');
    expect(Array.isArray(info.apis)).toBe(true);
  });
});

describe('sysAuth/unLockScreen', () => {
  it('unlocks with the right password and refuses a wrong one', async () => {
    const { accessToken } = await t.login('staff');
    const good = await t.call(
      'POST',
      `/api/sysAuth/unLockScreen?password=${t.encrypt(DEMO_PASSWORD)}`,
      accessToken,
    );
    expect(good.statusCode).toBe(200);
    expect(good.json().result).toBe(true);
    const bad = await t.call(
      'POST',
      `/api/sysAuth/unLockScreen?password=${t.encrypt('Wrong@2026')}`,
      accessToken,
      undefined,
      {
        'accept-language': 'en',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The password is wrong.');
    expect((await t.call('POST', `/api/sysAuth/unLockScreen?password=x`)).statusCode).toBe(401);
  });
});

describe('sysTenant/sysInfo and tenantIdByHostname', () => {
  it('serves branding and the SM2 public key without sign-in', async () => {
    const res = await t.call('GET', `/api/sysTenant/sysInfo/${SEED_IDS.tenant}`);
    expect(res.statusCode).toBe(200);
    const info = res.json().result;
    expect(info.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(info).toMatchObject({ title: 'Lintel', themeColor: '#0f59a4', idleTimeout: 1800, captcha: false });
    expect(info.demo).toEqual({ account: 'admin', password: DEMO_PASSWORD });
  });

  it('answers 404 for an unknown tenant and 400 for a malformed id', async () => {
    expect((await t.call('GET', '/api/sysTenant/sysInfo/999')).statusCode).toBe(404);
    const bad = await t.call('GET', '/api/sysTenant/sysInfo/abc', undefined, undefined, {
      'accept-language': 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('tenantId');
  });

  it('maps a host name to its tenant, ignoring case and port', async () => {
    expect((await t.call('GET', '/api/sysAuth/tenantIdByHostname/LOCALHOST:5005')).json().result).toBe(
      SEED_IDS.tenant,
    );
    expect((await t.call('GET', '/api/sysAuth/tenantIdByHostname/unknown.example')).json().result).toBe(
      SEED_IDS.tenant,
    );
  });
});
