import smCrypto from 'sm-crypto';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const TENANT_ID = '1300000000001';
const PASSWORD = 'Lintel@2026';

interface Envelope<T> {
  code: number;
  type: 'success' | 'warning' | 'error';
  message: string;
  result: T;
  extras: unknown;
  time: string;
}

async function call<T>(path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      'accept-language': 'en',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  return { res, body: (await res.json()) as Envelope<T> };
}

/** What a client does: SM2 (C1C3C2) with the public key from sysInfo. */
const encrypt = (plain: string, publicKey: string) => smCrypto.sm2.doEncrypt(plain, publicKey, 1);

async function publicKey(): Promise<string> {
  const { body } = await call<{ publicKey: string }>(`/api/sysTenant/sysInfo/${TENANT_ID}`);
  return body.result.publicKey;
}

describe('API smoke test against the started product', () => {
  it('serves sysInfo with the SM2 public key in the response wrapper', async () => {
    const { res, body } = await call<{ tenantId: string; publicKey: string; captcha: boolean }>(
      `/api/sysTenant/sysInfo/${TENANT_ID}`,
    );
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ code: 200, type: 'success', result: { tenantId: TENANT_ID } });
    expect(body.result.publicKey).toMatch(/^04[0-9a-f]{128}$/i);
    expect(body.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/);
  });

  it('signs the admin in with an SM2-encrypted password and serves userInfo with the token', async () => {
    const key = await publicKey();
    const login = await call<{ accessToken: string; refreshToken: string }>('/api/sysAuth/login', {
      method: 'POST',
      body: JSON.stringify({ account: 'admin', password: encrypt(PASSWORD, key), tenantId: TENANT_ID }),
    });
    expect(login.res.status).toBe(200);
    const { accessToken, refreshToken } = login.body.result;
    expect(accessToken.split('.')).toHaveLength(3);
    expect(refreshToken.split('.')).toHaveLength(3);
    expect(login.res.headers.get('access-token')).toBe(accessToken);
    expect(login.res.headers.get('x-access-token')).toBe(refreshToken);

    const info = await call<{ account: string; tenantId: string }>('/api/sysAuth/userInfo', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(info.res.status).toBe(200);
    expect(info.body.result).toMatchObject({ account: 'admin', tenantId: TENANT_ID });
  });

  it('refuses userInfo without a token', async () => {
    const { res, body } = await call('/api/sysAuth/userInfo');
    expect(res.status).toBe(401);
    expect(body).toMatchObject({ code: 401, type: 'error' });
  });

  it('refuses a wrong password with a 400 and a readable message', async () => {
    const key = await publicKey();
    const { res, body } = await call('/api/sysAuth/login', {
      method: 'POST',
      body: JSON.stringify({ account: 'staff', password: encrypt('wrong-password', key) }),
    });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 400, type: 'error' });
    expect(body.message).toBe('Please check your user name/e-mail or password.');
  });

  it('refuses a password sent in plain text', async () => {
    const { res, body } = await call('/api/sysAuth/login', {
      method: 'POST',
      body: JSON.stringify({ account: 'staff', password: PASSWORD }),
    });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 400, type: 'error' });
    expect(body.message).toMatch(/decrypt|encrypt/i);
  });
});
