import { describe, expect, it } from 'vitest';
import { isPhone } from '../account/phone-rules';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  const at = (qs: string) => redirectTarget(new URLSearchParams(qs));
  it('goes home without a redirect', () => expect(at('')).toBe('/'));
  it('follows a same-site path with its params', () =>
    expect(at('redirect=/system/dict&params={"id":"3"}')).toBe('/system/dict?id=3'));
  it('refuses other origins and the login page itself', () => {
    expect(at('redirect=//evil.example')).toBe('/');
    expect(at('redirect=https://evil.example')).toBe('/');
    expect(at('redirect=/login')).toBe('/');
  });
});

describe('isPhone (SPEC 5)', () => {
  it.each(['13800138000', '19912345678'])('accepts %s', (p) => expect(isPhone(p)).toBe(true));
  it.each(['12345678901', '1380013800', '138001380001', '2380013800a'])('rejects %s', (p) =>
    expect(isPhone(p)).toBe(false),
  );
});
