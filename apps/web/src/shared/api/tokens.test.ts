import { describe, expect, it } from 'vitest';
import { fakeJwt, nowSeconds } from '../../test/jwt';
import { isExpired, tokenExpiry } from './tokens';

describe('token expiry', () => {
  it('decodes exp from the payload', () => {
    expect(tokenExpiry(fakeJwt(1234))).toBe(1234);
    expect(tokenExpiry('garbage')).toBeNull();
  });
  it('treats a past exp as expired and an unreadable token as not expired', () => {
    expect(isExpired(fakeJwt(nowSeconds() - 1))).toBe(true);
    expect(isExpired(fakeJwt(nowSeconds() + 60))).toBe(false);
    expect(isExpired('garbage')).toBe(false);
  });
});
