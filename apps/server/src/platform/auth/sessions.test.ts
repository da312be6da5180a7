import { createDecoder, createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';

/** Signs the same claims as `token` but already expired, as a client would hold after a pause. */
function expiredCopy(t: TestApp, token: string): string {
  const claims = createDecoder()(token) as Record<string, unknown>;
  const { iat: _iat, exp: _exp, ...rest } = claims;
  const sign = createSigner({
    key: t.ctx.keys.jwtSecret,
    expiresIn: 60_000,
    clockTimestamp: Date.now() - 3_600_000,
  });
  return sign(rest);
}

const refreshHeaders = (refresh: string) => ({ 'x-authorization': `Bearer ${refresh}` });

describe('token pair, refresh rotation and revocation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REFRESH_GRACE_SECONDS: '0' });
  });
  afterAll(async () => t?.close());

  it('answers an expired access token with 401 when no refresh token is sent', async () => {
    const { accessToken } = await t.login('admin');
    const res = await t.call('GET', '/api/sysAuth/userInfo', expiredCopy(t, accessToken));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
    expect(res.headers['access-token']).toBe('invalid_token');
  });

  it('says invalid_token on every 401 that ends a session, and not to an anonymous call', async () => {
    const anonymous = await t.call('GET', '/api/sysAuth/userInfo');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['access-token']).toBeUndefined();
    const cases: [string | undefined, string | undefined][] = [
      ['not.a.jwt', undefined],
      ['not.a.jwt', 'bad-refresh'],
      [undefined, 'bad-refresh'],
      ['garbage', 'also.garbage.token'],
    ];
    for (const [access, refresh] of cases) {
      const res = await t.call(
        'GET',
        '/api/sysAuth/userInfo',
        access,
        undefined,
        refresh ? refreshHeaders(refresh) : {},
      );
      expect([access, refresh, res.statusCode, res.headers['access-token']]).toEqual([
        access,
        refresh,
        401,
        'invalid_token',
      ]);
    }
  });

  it('rotates through X-Authorization and returns the new pair in the headers', async () => {
    const pair = await t.login('admin');
    const res = await t.call(
      'GET',
      '/api/sysAuth/userInfo',
      expiredCopy(t, pair.accessToken),
      undefined,
      refreshHeaders(pair.refreshToken),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result.account).toBe('admin');
    const access = res.headers['access-token'] as string;
    const refresh = res.headers['x-access-token'] as string;
    expect(access).toBeTruthy();
    expect(refresh).not.toBe(pair.refreshToken);
    expect((await t.call('GET', '/api/sysAuth/userInfo', access)).statusCode).toBe(200);
  });

  it('detects reuse of a rotated refresh token and revokes the whole family', async () => {
    const pair = await t.login('admin');
    const expired = expiredCopy(t, pair.accessToken);
    const first = await t.call(
      'GET',
      '/api/sysAuth/userInfo',
      expired,
      undefined,
      refreshHeaders(pair.refreshToken),
    );
    expect(first.statusCode).toBe(200);
    const rotatedAccess = first.headers['access-token'] as string;
    const rotatedRefresh = first.headers['x-access-token'] as string;

    const replay = await t.call(
      'GET',
      '/api/sysAuth/userInfo',
      expired,
      undefined,
      refreshHeaders(pair.refreshToken),
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['access-token']).toBe('invalid_token');

    // The legitimate holder's newer tokens die with the family.
    expect((await t.call('GET', '/api/sysAuth/userInfo', rotatedAccess)).statusCode).toBe(401);
    const again = await t.call(
      'GET',
      '/api/sysAuth/userInfo',
      expiredCopy(t, rotatedAccess),
      undefined,
      refreshHeaders(rotatedRefresh),
    );
    expect(again.statusCode).toBe(401);
    expect(again.headers['access-token']).toBe('invalid_token');
  });

  it('refuses a refresh token paired with another session’s access token', async () => {
    const a = await t.login('admin');
    const b = await t.login('admin');
    const res = await t.call(
      'GET',
      '/api/sysAuth/userInfo',
      expiredCopy(t, a.accessToken),
      undefined,
      refreshHeaders(b.refreshToken),
    );
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-token']).toBe('invalid_token');
  });

  it('refuses a forged token', async () => {
    const sign = createSigner({ key: 'not-the-secret', expiresIn: 60_000 });
    const forged = sign({ sub: SEED_IDS.superAdmin, tid: SEED_IDS.tenant, fam: '1', typ: 'a' });
    expect((await t.call('GET', '/api/sysAuth/userInfo', forged)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/sysAuth/userInfo', 'garbage')).statusCode).toBe(401);
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refreshToken } = await t.login('admin');
    expect((await t.call('GET', '/api/sysAuth/userInfo', refreshToken)).statusCode).toBe(401);
  });

  it('revokes the session on logout, other sessions stay', async () => {
    const one = await t.login('staff');
    const two = await t.login('staff');
    expect((await t.call('POST', '/api/sysAuth/logout', one.accessToken)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysAuth/userInfo', one.accessToken)).statusCode).toBe(401);
    const refresh = await t.call(
      'GET',
      '/api/sysAuth/userInfo',
      expiredCopy(t, one.accessToken),
      undefined,
      refreshHeaders(one.refreshToken),
    );
    expect(refresh.statusCode).toBe(401);
    expect((await t.call('GET', '/api/sysAuth/userInfo', two.accessToken)).statusCode).toBe(200);
  });

  it('signs out a disabled account on its next request', async () => {
    const { accessToken } = await t.login('member');
    expect((await t.call('GET', '/api/sysAuth/userInfo', accessToken)).statusCode).toBe(200);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysUser').set({ status: 2 }).where('id', '=', SEED_IDS.member).execute(),
    );
    await t.ctx.sessions.touchUser(SEED_IDS.member);
    const res = await t.call('GET', '/api/sysAuth/userInfo', accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-token']).toBe('invalid_token');
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysUser').set({ status: 1 }).where('id', '=', SEED_IDS.member).execute(),
    );
    await t.ctx.sessions.touchUser(SEED_IDS.member);
  });

  it('issues a new pair from the explicit refreshToken endpoint', async () => {
    const pair = await t.login('admin');
    const res = await t.call(
      'GET',
      '/api/sysAuth/refreshToken',
      undefined,
      undefined,
      refreshHeaders(pair.refreshToken),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result.accessToken).toBeTruthy();
    expect(res.headers['x-access-token']).toBe(res.json().result.refreshToken);
    const missing = await t.call('GET', '/api/sysAuth/refreshToken', undefined, undefined, {
      'accept-language': 'en',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('X-Authorization');
  });
});

describe('refresh grace window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REFRESH_GRACE_SECONDS: '30' });
  });
  afterAll(async () => t?.close());

  it('lets requests that raced a rotation through without revoking the family', async () => {
    const pair = await t.login('admin');
    const expired = expiredCopy(t, pair.accessToken);
    const [a, b] = await Promise.all([
      t.call('GET', '/api/sysAuth/userInfo', expired, undefined, refreshHeaders(pair.refreshToken)),
      t.call('GET', '/api/sysAuth/userInfo', expired, undefined, refreshHeaders(pair.refreshToken)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rotated = [a, b].filter((r) => r.headers['access-token']);
    expect(rotated).toHaveLength(1);
    expect(
      (await t.call('GET', '/api/sysAuth/userInfo', rotated[0]!.headers['access-token'] as string))
        .statusCode,
    ).toBe(200);
  });
});
