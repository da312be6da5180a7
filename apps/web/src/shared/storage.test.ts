import { describe, expect, it } from 'vitest';
import { clearSessionStorage, cookies, local, session, STORAGE_PREFIX, TENANT_ID_KEY } from './storage';

describe('storage', () => {
  it('prefixes every key with the product label', () => {
    expect(STORAGE_PREFIX).toBe('lintel:');
    local.set('a', { n: 1 });
    session.set('b', 'x');
    cookies.set('c', 'v w');
    expect(localStorage.getItem('lintel:a')).toBe('{"n":1}');
    expect(sessionStorage.getItem('lintel:b')).toBe('"x"');
    expect(cookies.get('c')).toBe('v w');
    expect(local.get('a')).toEqual({ n: 1 });
  });

  it('clears only its own keys and keeps the tenant id and locale', () => {
    localStorage.setItem('other-app', '1');
    local.set(TENANT_ID_KEY, '1300000000002');
    local.set('locale', 'en');
    local.set('userInfo', {});
    local.set('columns:11:sysUser', { v: 1 });
    session.set('s', 1);
    cookies.set('access-token', 't');
    clearSessionStorage();
    // Column layouts are per user and hold nothing secret: they outlive the session.
    expect(local.get('columns:11:sysUser')).toEqual({ v: 1 });
    expect(localStorage.getItem('other-app')).toBe('1');
    expect(local.get(TENANT_ID_KEY)).toBe('1300000000002');
    expect(local.get('locale')).toBe('en');
    expect(local.get('userInfo')).toBeNull();
    expect(session.get('s')).toBeNull();
    expect(cookies.get('access-token')).toBeNull();
  });
});
