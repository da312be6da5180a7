import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenCodec } from './tokens.js';

const claims = { sub: '1', tid: '2', fam: '3' };

describe('TokenCodec verification cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a cached token like a fresh verification, type check included', () => {
    const codec = new TokenCodec('s'.repeat(64), 30, 60);
    const { accessToken, refreshToken } = codec.pair(claims, 1);
    for (let i = 0; i < 2; i++) {
      expect(codec.verify(accessToken, 'a')).toMatchObject({ ok: true, claims: { ...claims, typ: 'a' } });
      expect(codec.verify(accessToken, 'r')).toEqual({ ok: false, expired: false });
      expect(codec.verify(refreshToken, 'r')).toMatchObject({ ok: true, claims: { gen: 1, typ: 'r' } });
    }
  });

  it('reports a cached token as expired once its expiry (plus tolerance) has passed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const codec = new TokenCodec('s'.repeat(64), 1, 60);
    const { accessToken } = codec.pair(claims, 1);
    expect(codec.verify(accessToken, 'a').ok).toBe(true);
    vi.setSystemTime(new Date('2026-01-01T00:01:04Z'));
    expect(codec.verify(accessToken, 'a').ok).toBe(true); // within the 5 s tolerance
    vi.setSystemTime(new Date('2026-01-01T00:01:06Z'));
    expect(codec.verify(accessToken, 'a')).toEqual({ ok: false, expired: true });
  });

  it('never caches a token whose signature does not verify', () => {
    const codec = new TokenCodec('s'.repeat(64), 30, 60);
    const other = new TokenCodec('t'.repeat(64), 30, 60);
    const forged = other.pair(claims, 1).accessToken;
    expect(codec.verify(forged, 'a')).toEqual({ ok: false, expired: false });
    expect(codec.verify(forged, 'a')).toEqual({ ok: false, expired: false });
    const { accessToken } = codec.pair(claims, 1);
    const [header, payload, signature] = accessToken.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(codec.verify(accessToken, 'a').ok).toBe(true);
    expect(codec.verify(tampered, 'a').ok).toBe(false);
  });
});
