import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, SecretBoxError } from './secret-box.js';

const ring = (...versions: number[]) => ({
  dataKeys: new Map(versions.map((v) => [v, randomBytes(32)] as const)),
});

describe('secret box (AES-256-GCM, versioned)', () => {
  it('round-trips text of any length and script, with a fresh IV each time', () => {
    const keys = ring(1);
    for (const plain of ['', 'sk-abc123', '密钥 ünïcode 🔑', 'x'.repeat(5000)]) {
      const sealed = sealSecret(keys, plain);
      expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]*\.[\w-]{22}$/);
      expect(sealed).not.toContain(plain || '\u0000');
      expect(openSecret(keys, sealed)).toBe(plain);
    }
    expect(sealSecret(keys, 'same')).not.toBe(sealSecret(keys, 'same'));
  });

  it('refuses altered, truncated, foreign and malformed texts', () => {
    const keys = ring(1);
    const sealed = sealSecret(keys, 'sk-secret-key');
    const [v, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [
      [v, iv, flip(body), tag].join('.'),
      [v, flip(iv), body, tag].join('.'),
      [v, iv, body, flip(tag)].join('.'),
      [v, iv, body].join('.'),
      `v2.${iv}.${body}.${tag}`,
      'sk-plain-text-key',
      '',
    ])
      expect(() => openSecret(keys, bad), bad).toThrow(SecretBoxError);
    expect(() => openSecret(ring(1), sealed)).toThrow(SecretBoxError);
  });

  it('seals with the newest key and still opens what older keys sealed (rotation)', () => {
    const old = ring(1);
    const sealedBefore = sealSecret(old, 'before rotation');
    const rotated = { dataKeys: new Map([...old.dataKeys, [2, randomBytes(32)]]) };
    const sealedAfter = sealSecret(rotated, 'after rotation');
    expect(sealedAfter.startsWith('v2.')).toBe(true);
    expect(openSecret(rotated, sealedBefore)).toBe('before rotation');
    expect(openSecret(rotated, sealedAfter)).toBe('after rotation');
    expect(() => openSecret(old, sealedAfter)).toThrow(/version 2/);
  });
});
