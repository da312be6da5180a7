import { describe, expect, it } from 'vitest';
import { ChainWalker, chainHash, chainRows } from '../audit/hash-chain.js';
import { clientLocation, LOCAL_NETWORK } from './client-location.js';
import { BODY_CAP, isSecretName, redactBody, redactHeaders } from './redact.js';

/** The pure rules of the logs: what counts as a secret, where an address is, how rows chain. */
describe('redaction', () => {
  it('treats passwords, tokens, keys, secrets, authorization and captcha or SMS codes as secrets', () => {
    for (const name of [
      'password',
      'newPassword',
      'passWord',
      'accessToken',
      'refresh_token',
      'client_secret',
      'apiKey',
      'Authorization',
      'captcha',
      'smsCode',
      'verifyCode',
      'cookie',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['account', 'code', 'codeId', 'keyword', 'dictTypeCode', 'realName', 'monkeyBusiness'])
      expect(isSecretName(name), name).toBe(false);
  });

  it('redacts at every depth, keeps empty values as they are, and caps the size', () => {
    const body = { user: { password: 'p', profile: [{ apiKey: 'k', name: 'n' }] }, token: '', code: 'x' };
    expect(JSON.parse(redactBody(body)!)).toEqual({
      user: { password: '***', profile: [{ apiKey: '***', name: 'n' }] },
      token: '',
      code: 'x',
    });
    expect(JSON.parse(redactBody(JSON.stringify({ code: '1234', codeId: '9' }), true)!)).toEqual({
      code: '***',
      codeId: '9',
    });
    expect(redactBody('not json')).toBe('not json');
    expect(redactBody(null)).toBeNull();
    const big = redactBody({ text: 'x'.repeat(10_000) })!;
    expect(big.length).toBeLessThan(BODY_CAP + 40);
    expect(big).toMatch(/…\[\d+ chars\]$/);
  });

  it('drops credentials headers', () => {
    const kept = JSON.parse(
      redactHeaders({
        authorization: 'Bearer a',
        'x-authorization': 'Bearer r',
        cookie: 'c=1',
        'x-api-key': 'k',
        'user-agent': 'UA',
      }),
    );
    expect(kept).toEqual({ 'x-api-key': '***', 'user-agent': 'UA' });
  });
});

describe('clientLocation', () => {
  it('places loopback and private addresses on the local network and knows nothing of public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '192.168.0.8',
      '172.16.4.4',
      '::ffff:10.0.0.1',
      'fd00::1',
    ])
      expect(clientLocation(ip), ip).toBe(LOCAL_NETWORK);
    for (const ip of ['8.8.8.8', '2001:4860::8888', 'nonsense', null])
      expect(clientLocation(ip), String(ip)).toBeNull();
  });
});

describe('hash chain', () => {
  const row = (n: number) => ({
    id: String(100 + n),
    tenantId: '1',
    tableName: 'sysPos',
    rowId: '5',
    operation: 'update',
    changes: JSON.stringify([{ field: 'name', before: { b: 1, a: 2 }, after: n }]),
    userId: null,
    account: 'admin',
    realName: null,
    createTime: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
  });

  it('hashes content the way the database gives it back (jsonb reorders keys)', () => {
    const written = row(1);
    const read = { ...written, changes: [{ after: 1, before: { a: 2, b: 1 }, field: 'name' }] };
    expect(chainHash('sysLogDiff', null, read)).toBe(chainHash('sysLogDiff', null, written));
    expect(chainHash('sysLogDiff', 'x', read)).not.toBe(chainHash('sysLogDiff', null, read));
  });

  it('walks a chain and names the first changed row', () => {
    const rows = chainRows('sysLogDiff', null, [row(1), row(2), row(3)]).map((r, i) => ({
      ...r,
      seq: String(i),
    }));
    const intact = new ChainWalker('sysLogDiff');
    rows.forEach((r) => intact.next(r));
    expect(intact.report()).toEqual({ intact: true, rows: 3, unchained: 0 });
    const tampered = new ChainWalker('sysLogDiff');
    rows.map((r, i) => (i === 1 ? { ...r, account: 'mallory' } : r)).forEach((r) => tampered.next(r));
    expect(tampered.report()).toMatchObject({
      intact: false,
      brokenId: '102',
      reason: 'content does not match its hash',
    });
  });
});
