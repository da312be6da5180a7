import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  BASE_DN,
  ROOT_DN,
  ROOT_PASSWORD,
  slapdAvailable,
  startLdapServer,
  type LdapTestServer,
} from '../../../test/ldap-server.js';

const ENTRIES: [string, Record<string, string | string[]>][] = [
  [`ou=Library,${BASE_DN}`, { objectClass: ['organizationalUnit'], ou: 'Library' }],
  [
    `uid=dana,ou=Library,${BASE_DN}`,
    { objectClass: ['inetOrgPerson'], uid: 'dana', cn: 'Dana Ito', sn: 'Ito', userPassword: 'dana-secret' },
  ],
];

const ready = slapdAvailable();
const en = { 'accept-language': 'en-US' };

/**
 * Directory sign-in over TLS against OpenLDAP serving a certificate of a private CA (openssl-made,
 * ldap-certs.ts): LDAPS and StartTLS work once the setting trusts that CA, and a certificate it
 * does not trust ends the attempt with its own message, never in plain text.
 */
describe.skipIf(!ready)('sysLdap over TLS: LDAPS and StartTLS with a private CA', () => {
  let t: TestApp;
  let server: LdapTestServer;
  let admin: string;
  let settingId: string;
  let base: Record<string, unknown>;

  const call = (url: string, body?: unknown, headers = en) => t.call('POST', url, admin, body, headers);
  const ok = async (url: string, body?: unknown) => {
    const response = await call(url, body);
    expect(response.json().code, `${url} ${response.body}`).toBe(200);
    return response.json().result;
  };
  const signIn = (account: string, password: string) =>
    t.call('POST', '/api/sysAuth/login', undefined, { account, password: t.encrypt(password) }, en);
  const use = (patch: Record<string, unknown>) =>
    ok('/api/sysLdap/update', { id: settingId, ...base, bindPass: '', ...patch });

  beforeAll(async () => {
    server = await startLdapServer(ENTRIES, { tls: true });
    t = await createTestApp({ ALLOW_PRIVATE_HOSTS: server.host });
    admin = (await t.login('admin')).accessToken;
    base = {
      host: server.host,
      port: server.tlsPort,
      tls: 'ldaps',
      caCert: server.certificates!.caPem,
      baseDn: BASE_DN,
      bindDn: ROOT_DN,
      authFilter: '(uid=%s)',
      bindAttrAccount: 'uid',
      bindAttrCode: 'entryUUID',
      bindAttrName: 'cn',
    };
    settingId = await ok('/api/sysLdap/add', { ...base, bindPass: ROOT_PASSWORD });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('LDAPS: trusts the CA the setting holds, reads the directory and signs a linked account in', async () => {
    const detail = (await t.call('GET', `/api/sysLdap/detail?id=${settingId}`, admin)).json().result;
    expect(detail).toMatchObject({ tls: 'ldaps', caCert: `${server.certificates!.caPem.trim()}\n` });
    expect(await ok('/api/sysLdap/testConnection', { id: settingId })).toEqual({ people: 1, units: 1 });
    await ok('/api/sysLdap/syncDept', { id: settingId });
    expect(await ok('/api/sysLdap/syncUser', { id: settingId })).toMatchObject({ added: 1 });
    expect((await signIn('dana', 'dana-secret')).json().code).toBe(200);
    expect((await signIn('dana', 'wrong')).statusCode).toBe(400);
  });

  it('StartTLS: upgrades the plain port with the same CA, and signs in', async () => {
    await use({ tls: 'starttls', port: server.port });
    expect(await ok('/api/sysLdap/testConnection', { id: settingId })).toEqual({ people: 1, units: 1 });
    expect((await signIn('dana', 'dana-secret')).json().code).toBe(200);
  });

  it('refuses a certificate it does not trust, in words, and never goes on in plain text', async () => {
    // The plain port answers plain binds: had StartTLS fallen back, these would succeed.
    for (const [tls, port] of [
      ['ldaps', server.tlsPort],
      ['starttls', server.port],
    ] as const) {
      for (const caCert of [null, server.certificates!.strangerCaPem]) {
        await use({ tls, port, caCert });
        const refused = await call('/api/sysLdap/testConnection', { id: settingId });
        const label = `${tls} with ${caCert ? 'a stranger CA' : 'the public CAs'}`;
        expect(refused.statusCode, label).toBe(502);
        // A 5xx answer ends with its log reference.
        expect(refused.json().message, label).toMatch(
          /^The directory's TLS certificate is not trusted: add the CA certificate that signed it to the setting, and check that it was issued for this host\. \(ref: \d+\)$/,
        );
        const zh = await call(
          '/api/sysLdap/testConnection',
          { id: settingId },
          { 'accept-language': 'zh-CN' },
        );
        expect(zh.json().message, label).toMatch(/TLS 证书不受信任/);
        // A linked account is not let in on a directory that cannot be trusted.
        expect((await signIn('dana', 'dana-secret')).statusCode, label).toBe(503);
      }
    }
    // A server that speaks no TLS on the LDAPS setting's port is unreachable, not trusted.
    await use({ tls: 'ldaps', port: server.port });
    const plain = await call('/api/sysLdap/testConnection', { id: settingId });
    expect(plain.statusCode).toBe(502);
    expect(plain.json().message).toMatch(/did not answer/);
    await use({});
    expect((await signIn('dana', 'dana-secret')).json().code).toBe(200);
  });

  it('refuses a CA field that holds anything but PEM certificates, localized', async () => {
    await use({});
    for (const caCert of [
      'not a certificate',
      '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----',
      `${server.certificates!.caPem}\ntrailing words`,
    ]) {
      const bad = await call('/api/sysLdap/update', { id: settingId, ...base, bindPass: '', caCert });
      expect(bad.statusCode, caCert).toBe(400);
      expect(bad.json().message).toMatch(/PEM certificates/);
    }
    const zh = await call(
      '/api/sysLdap/update',
      { id: settingId, ...base, bindPass: '', caCert: 'x' },
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.json().message).toMatch(/PEM 证书/);
    // Cleared, the CA is no longer trusted; what was saved before the refusals is unchanged.
    const detail = (await t.call('GET', `/api/sysLdap/detail?id=${settingId}`, admin)).json().result;
    expect(detail.caCert).toBe(`${server.certificates!.caPem.trim()}\n`);
    await use({ caCert: '' });
    expect(
      (await t.call('GET', `/api/sysLdap/detail?id=${settingId}`, admin)).json().result.caCert,
    ).toBeNull();
    expect((await call('/api/sysLdap/testConnection', { id: settingId })).statusCode).toBe(502);
  });
});
