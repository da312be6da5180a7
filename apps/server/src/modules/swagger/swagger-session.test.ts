import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith('lintel_swagger='))
    ?.split(';')[0];

describe('swagger session', () => {
  it('gives a signed-in holder of sysApi:docs the documentation cookie, and sign-out takes it away', async () => {
    const { accessToken } = await t.login('superAdmin');
    expect((await t.app.inject({ method: 'GET', url: '/swagger/json' })).statusCode).toBe(302);
    const exchange = await t.call('POST', '/api/swagger/session', accessToken);
    expect(exchange.statusCode).toBe(200);
    const cookie = cookieOf(exchange.headers['set-cookie']);
    expect(cookie).toBeDefined();
    const docs = await t.app.inject({ method: 'GET', url: '/swagger/json', headers: { cookie: cookie! } });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().paths['/api/swagger/session']).toBeDefined();

    const out = await t.call('POST', '/api/sysAuth/logout', accessToken);
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out.headers['set-cookie'])).toBe('lintel_swagger=');
  });

  it('refuses an account without sysApi:docs and an anonymous caller', async () => {
    const { accessToken } = await t.login('admin');
    const refused = await t.call('POST', '/api/swagger/session', accessToken);
    expect(refused.statusCode).toBe(403);
    expect(cookieOf(refused.headers['set-cookie'])).toBeUndefined();
    expect((await t.call('POST', '/api/swagger/session')).statusCode).toBe(401);
  });
});
