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
