import { webcrypto } from 'node:crypto';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { SWAGGER_LOGIN_SCRIPT, SWAGGER_LOGIN_SM2 } from './swagger-login-page.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('documentation sign-in page (issue 8, finding 5b)', () => {
  it('runs no inline script: its scripts are files of the server', async () => {
    const page = await get('/swagger-login', { 'accept-language': 'en' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => /\bsrc="([^"]+)"/.exec(m[1]!)?.[1])).toEqual([
      SWAGGER_LOGIN_SM2,
      SWAGGER_LOGIN_SCRIPT,
    ]);
    expect(scripts.every((m) => m[2]!.trim() === '')).toBe(true);
    expect(page.body).not.toMatch(/\son[a-z]+\s*=/i); // no event-handler attributes
    expect(page.body).not.toContain('javascript:');

    for (const url of [SWAGGER_LOGIN_SCRIPT, SWAGGER_LOGIN_SM2]) {
      const script = await get(url);
      expect(script.statusCode, url).toBe(200);
      expect(script.headers['content-type'], url).toMatch(/^text\/javascript/);
    }
    const script = (await get(SWAGGER_LOGIN_SCRIPT)).body;
    for (const call of [
      '/api/swagger/submitUrl',
      '/api/sysAuth/captcha',
      '/api/sysTenant/sysInfo/',
      'doEncrypt',
    ])
      expect(script).toContain(call);
  });

  it('ties every label to its field and announces errors', async () => {
    const { body } = await get('/swagger-login', { 'accept-language': 'en' });
    const labelled = [...body.matchAll(/<label for="([^"]+)">/g)].map((m) => m[1]);
    expect(labelled).toEqual(['u', 'p', 'c']);
    for (const id of labelled) expect(body).toMatch(new RegExp(`<input id="${id}"`));
    expect(body).toContain('<div id="error" role="alert"></div>');
    expect(body).toMatch(/<button type="button" id="captcha-refresh"[^>]* aria-label="Get a new code">/);
    expect(body).toMatch(/<img id="captcha-img" alt="Picture of the verification code"/);
    // The password field has no name: a form sent without the script never carries it in clear.
    expect(body).toMatch(/<input id="p" type="password"(?![^>]*\bname=)[^>]*>/);
  });

  it("speaks the visitor's language", async () => {
    const de = await get('/swagger-login', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('<label for="u">Benutzername</label>');
    expect(de.headers.vary).toMatch(/accept-language/i);
    const zh = await get('/swagger-login', { 'accept-language': 'zh-CN' });
    expect(zh.body).toContain('<label for="c">验证码</label>');
  });

  it('serves a browser build of SM2 whose ciphertext the server decrypts', async () => {
    const { body } = await get(SWAGGER_LOGIN_SM2);
    // Run the file as a browser would: a global object with Web Crypto, no module system.
    const window: Record<string, unknown> = { crypto: webcrypto, navigator: { appName: 'Netscape' } };
    Object.assign(window, { self: window, window });
    vm.runInNewContext(body, window);
    const sm2 = window.sm2 as { doEncrypt(text: string, publicKey: string, mode: number): string };
    const { publicKey } = (await t.call('GET', '/api/sysTenant/sysInfo/1300000000001')).json().result;
    const Password = sm2.doEncrypt(DEMO_PASSWORD, publicKey, 1);
    expect(Password).not.toContain(DEMO_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/swagger/submitUrl',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ UserName: 'superAdmin', Password }).toString(),
    });
    expect(res.statusCode).toBe(200);
  });
});
