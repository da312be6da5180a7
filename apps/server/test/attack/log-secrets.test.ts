import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logs/logger.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../harness.js';

/**
 * Issue 8, finding 6: the unlock-screen password travelled in the query string and landed in the
 * request log. Whatever a client puts in an address or a header, the log keeps no password, token,
 * one-time code or OAuth state (the log SMS provider's codes aside: the log is its delivery channel).
 */
let t: TestApp;
let lines = '';
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines += chunk.toString();
      done();
    },
  });
  t = await createTestApp({}, undefined, createLogger('trace', sink));
});
afterAll(async () => t?.close());

describe('the log of a session', () => {
  it('holds no credentials or tokens', async () => {
    const encrypted = t.encrypt(DEMO_PASSWORD);
    const login = await t.call('POST', '/api/sysAuth/login', undefined, {
      account: 'staff',
      password: encrypted,
    });
    const { accessToken, refreshToken } = login.json().result as {
      accessToken: string;
      refreshToken: string;
    };

    // Admin.NET's way (query string) and ours (body) both unlock.
    const lockPassword = t.encrypt(DEMO_PASSWORD);
    const byQuery = await t.call(
      'POST',
      `/api/sysAuth/unLockScreen?password=${encodeURIComponent(lockPassword)}`,
      accessToken,
    );
    expect(byQuery.json().result).toBe(true);
    const byBody = await t.call('POST', '/api/sysAuth/unLockScreen', accessToken, { password: lockPassword });
    expect(byBody.json().result).toBe(true);
    expect((await t.call('POST', '/api/sysAuth/unLockScreen', accessToken, {})).statusCode).toBe(400);
    // Bracketed names (refused by the schema, but logged before it runs).
    await t.call(
      'POST',
      '/api/sysAuth/unLockScreen?password[]=BRACKETED-1&user[password]=BRACKETED-2',
      accessToken,
    );

    await t.call('GET', `/api/sysAuth/refreshToken?accessToken=${accessToken}`, undefined, undefined, {
      'x-authorization': `Bearer ${refreshToken}`,
    });
    await t.call('GET', '/api/sysOAuth/callback?code=SECRET-CODE-1&state=SECRET-STATE-1');
    await t.call('GET', '/login?oauth=ONE-TIME-CODE-1');
    await t.call('GET', '/api/sysAuth/userInfo', accessToken, undefined, { cookie: 'lintel_files=COOKIE-1' });

    expect(lines).toContain('/api/sysAuth/unLockScreen');
    expect(lines).toContain('[redacted]');
    for (const secret of [
      DEMO_PASSWORD,
      encrypted,
      lockPassword,
      encodeURIComponent(lockPassword),
      accessToken,
      refreshToken,
      'SECRET-CODE-1',
      'SECRET-STATE-1',
      'ONE-TIME-CODE-1',
      'COOKIE-1',
      'BRACKETED-1',
      'BRACKETED-2',
    ]) {
      expect(lines.includes(secret), secret.slice(0, 24)).toBe(false);
    }
  });
});
