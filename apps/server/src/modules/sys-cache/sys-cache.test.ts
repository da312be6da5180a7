import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';

/** Runs on the in-memory cache (server:pglite) and on Redis (server:postgres, LINTEL_TEST_REDIS). */
let t: TestApp;
let superAdmin: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const get = async (path: string) => (await t.call('GET', `/api/sysCache/${path}`, superAdmin)).json().result;
const post = async (path: string) =>
  (await t.call('POST', `/api/sysCache/${path}`, superAdmin)).json().result;
const keyList = async (prefix?: string) =>
  (prefix ? await get(`keysByPrefixKey/${encodeURIComponent(prefix)}`) : await get('keyList')) as {
    kind: string;
    keys: string[];
    truncated: boolean;
    protectedPrefixes: string[];
  };

describe('sysCache', () => {
  it('lists keys by prefix, shows a value with its time to live and deletes one', async () => {
    await t.ctx.cache.set('test:a:1', { name: '甲', n: 1 }, 300);
    await t.ctx.cache.set('test:a:2', 'two', 300);
    await t.ctx.cache.set('test:b:1', 3, 300);
    // Glob characters in a prefix are matched as themselves (Redis SCAN patterns).
    await t.ctx.cache.set('test:*[x]', true, 300);

    const all = await keyList();
    expect(all.kind).toBe(process.env.LINTEL_TEST_REDIS ? 'redis' : 'memory');
    expect(all.keys).toEqual(expect.arrayContaining(['test:a:1', 'test:a:2', 'test:b:1', 'test:*[x]']));
    // Signing in wrote the principal cache: keys as the app writes them, without a Redis prefix.
    expect(all.keys.some((k) => k.startsWith('principal:'))).toBe(true);
    expect(all.keys.some((k) => k.includes('lintel-test'))).toBe(false);
    expect((await keyList('test:a:')).keys.sort()).toEqual(['test:a:1', 'test:a:2']);
    expect((await keyList('test:*')).keys).toEqual(['test:*[x]']);

    const value = await get(`value/${encodeURIComponent('test:a:1')}`);
    expect(value).toMatchObject({
      key: 'test:a:1',
      exists: true,
      format: 'json',
      value: { name: '甲', n: 1 },
    });
    expect(value.ttl).toBeGreaterThan(250);
    expect(value.ttl).toBeLessThanOrEqual(300);
    expect(await get('value/test%3Anone')).toMatchObject({ exists: false, ttl: null });

    expect(await post(`delete/${encodeURIComponent('test:a:1')}`)).toEqual({ deleted: 1, kept: 0 });
    expect(await t.ctx.cache.get('test:a:1')).toBeUndefined();
    expect(await post(`delete/${encodeURIComponent('test:a:1')}`)).toEqual({ deleted: 0, kept: 0 });
  });

  it('deletes by prefix', async () => {
    await t.ctx.cache.set('bulk:1', 1, 300);
    await t.ctx.cache.set('bulk:2', 2, 300);
    await t.ctx.cache.set('bulkier', 3, 300);
    expect(await post('deleteByPreKey/bulk%3A')).toEqual({ deleted: 2, kept: 0 });
    expect(await t.ctx.cache.get('bulk:1')).toBeUndefined();
    expect(await t.ctx.cache.get('bulkier')).toBe(3);
  });

  it('clears cached data but keeps sign-ins in progress, and signs nobody out', async () => {
    // The admin's principal is cached by its first request.
    const adminPrincipal = `principal:${SEED_IDS.tenant}:${SEED_IDS.admin}`;
    expect((await t.call('GET', '/api/sysAuth/userInfo', admin)).statusCode).toBe(200);
    expect(await t.ctx.cache.get(adminPrincipal)).toBeDefined();
    await t.ctx.cache.set('dict:all:1', [{ code: 'x' }], 300);
    await t.ctx.cache.set('captcha:pending', 'abcd', 60);
    await t.ctx.cache.set('sms:day:1:13800000000', 3, 300);

    const result = (await post('clear')) as { deleted: number; kept: number };
    expect(result.deleted).toBeGreaterThan(0);
    expect(result.kept).toBeGreaterThanOrEqual(2);
    expect(await t.ctx.cache.get(adminPrincipal)).toBeUndefined();
    expect(await t.ctx.cache.get('dict:all:1')).toBeUndefined();
    expect(await t.ctx.cache.get('captcha:pending')).toBe('abcd');
    expect(await t.ctx.cache.get('sms:day:1:13800000000')).toBe(3);
    // Sessions live in the database: both accounts stay signed in, their principals rebuilt.
    expect((await t.call('GET', '/api/sysAuth/userInfo', admin)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysAuth/userInfo', superAdmin)).statusCode).toBe(200);
    expect(await t.ctx.cache.get(adminPrincipal)).toBeDefined();
  });

  it('is for the super admin only', async () => {
    expect((await t.call('GET', '/api/sysCache/keyList', admin)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/sysCache/clear', admin)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/sysCache/value/x', admin)).statusCode).toBe(403);
  });
});
