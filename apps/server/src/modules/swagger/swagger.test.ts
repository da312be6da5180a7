import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const form = (UserName: string, Password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/swagger/submitUrl',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    payload: new URLSearchParams({ UserName, Password }).toString(),
  });

describe('swagger login', () => {
  it('redirects the documentation to the login page without the cookie', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/swagger/json' });
    expect(ui.statusCode).toBe(302);
    expect(ui.headers.location).toMatch(/^\/swagger-login\?redirect=/);
    const page = await t.app.inject({ method: 'GET', url: '/swagger-login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/swagger/submitUrl');
    expect((await t.call('POST', '/api/swagger/checkUrl')).json().result).toBe(401);
  });

  it('signs an administrator in and serves the OpenAPI document', async () => {
    const res = await form('superAdmin', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'lintel_swagger')!;
    expect(cookie.httpOnly).toBe(true);
    const headers = { cookie: `lintel_swagger=${cookie.value}` };
    expect((await t.call('POST', '/api/swagger/checkUrl', undefined, undefined, headers)).json().result).toBe(
      200,
    );
    const doc = await t.app.inject({ method: 'GET', url: '/swagger/json', headers });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(JSON.parse(doc.body).paths);
    expect(paths).toContain('/api/sysAuth/login');
    expect(paths).toContain('/api/sysTenant/sysInfo/{tenantId}');
  });

  it('refuses wrong passwords and accounts that are not administrators', async () => {
    const wrong = await form('admin', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(JSON.parse(wrong.body).message).toBe('Wrong user name or password.');
    expect((await form('staff', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await form('', '')).statusCode).toBe(400);
  });

  it('does not accept a forged cookie', async () => {
    const res = await t.call('POST', '/api/swagger/checkUrl', undefined, undefined, {
      cookie: 'lintel_swagger=abc.def.ghi',
    });
    expect(res.json().result).toBe(401);
  });
});

describe('product logo', () => {
  it('serves the default logo without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/upload/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});
