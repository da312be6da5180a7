import smCrypto from 'sm-crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';
import { sm2Encrypt } from '../../../test/sm2-client.js';
import { generateSm2KeyPair, sm2Decrypt } from './sm2.js';

describe('SM2 (C1C3C2) password transport', () => {
  const keys = generateSm2KeyPair();

  it('round-trips what a browser encrypts with sm-crypto doEncrypt(text, publicKey, 1)', () => {
    for (const text of ['Lintel@2026', '密码 with spaces and ünïcode', 'x'.repeat(300)]) {
      const fromClient = smCrypto.sm2.doEncrypt(text, keys.publicKey, 1);
      expect(sm2Decrypt(fromClient, keys.privateKey)).toBe(text);
      expect(sm2Decrypt(`04${fromClient}`, keys.privateKey)).toBe(text);
      expect(sm2Decrypt(fromClient.toUpperCase(), keys.privateKey)).toBe(text);
    }
  });

  it('rejects tampered, truncated, foreign-key and non-hex ciphertexts', () => {
    const cipher = sm2Encrypt('secret', keys.publicKey);
    const flipped = cipher.slice(0, -1) + (cipher.endsWith('0') ? '1' : '0');
    expect(sm2Decrypt(flipped, keys.privateKey)).toBeNull();
    expect(sm2Decrypt(cipher.slice(0, 100), keys.privateKey)).toBeNull();
    expect(sm2Decrypt(cipher, generateSm2KeyPair().privateKey)).toBeNull();
    expect(sm2Decrypt('zz'.repeat(120), keys.privateKey)).toBeNull();
    expect(sm2Decrypt('', keys.privateKey)).toBeNull();
  });

  it('generates uncompressed public keys', () => {
    expect(keys.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(keys.privateKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('decrypts with keys made by sm-crypto too (keys stored by earlier versions)', () => {
    const legacy = smCrypto.sm2.generateKeyPairHex();
    expect(sm2Decrypt(smCrypto.sm2.doEncrypt('Lintel@2026', legacy.publicKey, 1), legacy.privateKey)).toBe(
      'Lintel@2026',
    );
  });

  it('agrees with sm-crypto on many random messages', () => {
    for (let i = 0; i < 50; i++) {
      const text = Math.random()
        .toString(36)
        .repeat(1 + (i % 5));
      expect(sm2Decrypt(smCrypto.sm2.doEncrypt(text, keys.publicKey, 1), keys.privateKey)).toBe(text);
    }
  });
});

describe('argon2id password hashes', () => {
  it('uses argon2id at or above OWASP minimum parameters, salted', async () => {
    const a = await hashPassword('Lintel@2026');
    const b = await hashPassword('Lintel@2026');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Lintel@2026')).toBe(true);
    expect(await verifyPassword(a, 'lintel@2026')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
