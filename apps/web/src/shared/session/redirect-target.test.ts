import { describe, expect, it } from 'vitest';
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
