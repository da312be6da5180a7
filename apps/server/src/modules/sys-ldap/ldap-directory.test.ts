import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTestCertificates } from '../../../test/ldap-certs.js';
import { AppError } from '../../platform/http/errors.js';
import { caCertOf } from './ldap-ca-cert.js';
import { escapeFilterValue, guidText, personFilter } from './ldap-directory.js';

describe('escapeFilterValue (RFC 4515)', () => {
  it('escapes each character of the filter syntax as \\ and two hex digits', () => {
    expect(escapeFilterValue('*')).toBe('\\2a');
    expect(escapeFilterValue('(')).toBe('\\28');
    expect(escapeFilterValue(')')).toBe('\\29');
    expect(escapeFilterValue('\\')).toBe('\\5c');
    expect(escapeFilterValue('\0')).toBe('\\00');
    expect(escapeFilterValue('a*b(c)d\\e\0f')).toBe('a\\2ab\\28c\\29d\\5ce\\00f');
  });

  it('leaves every other character, non-ASCII ones included, as typed', () => {
    expect(escapeFilterValue('Zoë O’Neil-李 = x & y | !z')).toBe('Zoë O’Neil-李 = x & y | !z');
    expect(escapeFilterValue('')).toBe('');
  });

  it('keeps a typed name from widening the sign-in filter', () => {
    expect(personFilter('(uid=%s)', '*)(uid=*')).toBe('(uid=\\2a\\29\\28uid=\\2a)');
    expect(personFilter('sAMAccountName=%s', 'ann')).toBe('(sAMAccountName=ann)');
    expect(personFilter('(|(uid=%s)(mail=%s))', 'a\\b')).toBe('(|(uid=a\\5cb)(mail=a\\5cb))');
    // A synchronisation reads everyone the filter can match.
    expect(personFilter('(uid=%s)', null)).toBe('(uid=*)');
  });
});

describe('guidText (Active Directory objectGUID)', () => {
  it('writes the first three groups little-endian and the last two as stored', () => {
    // {3F2504E0-4F89-11D3-9A0C-0305E82C3301} as AD stores it.
    const stored = Buffer.from('e004253f894fd3119a0c0305e82c3301', 'hex');
    expect(guidText(stored)).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    const counting = Buffer.from(Array.from({ length: 16 }, (_, i) => i));
    expect(guidText(counting)).toBe('03020100-0504-0706-0809-0a0b0c0d0e0f');
  });
});

describe('caCertOf: the CA certificate field', () => {
  it('keeps PEM certificates, one or several, and reads empty as none', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-ca-'));
    try {
      const { caPem, strangerCaPem } = await makeTestCertificates(dir);
      expect(caCertOf(caPem)).toBe(`${caPem.trim()}\n`);
      expect(caCertOf(`\n  ${caPem}\n${strangerCaPem}`)).toBe(`${caPem.trim()}\n${strangerCaPem.trim()}\n`);
      expect(caCertOf('')).toBeNull();
      expect(caCertOf('   ')).toBeNull();
      expect(caCertOf(null)).toBeNull();
      expect(caCertOf(undefined)).toBeNull();

      const refused = (text: string) => {
        try {
          caCertOf(text);
        } catch (error) {
          return error instanceof AppError && error.statusCode === 400 && error.key === 'ldap.badCaCert';
        }
        return false;
      };
      expect(refused('not a certificate')).toBe(true);
      expect(refused('-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----')).toBe(true);
      const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }) as string;
      // A private key pasted with the certificate is refused, not stored.
      expect(refused(`${caPem}\n${key}`)).toBe(true);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
