import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { request } from './client';
import { setNotifier } from './notify';

const toast = vi.fn();
const assign = vi.fn();

function at(pathname: string, search = '') {
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { ...window.location, pathname, search, assign, reload: vi.fn() },
  });
}

const refusal = (reason: string) =>
  new Response(
    JSON.stringify({ code: 403, type: 'error', message: 'Change your password first.', result: null }),
    {
      status: 403,
      headers: { 'content-type': 'application/json', 'password-change': reason },
    },
  );

beforeEach(() => setNotifier({ error: toast, success: vi.fn() }));
afterEach(() => {
  toast.mockReset();
  assign.mockReset();
  vi.unstubAllGlobals();
});

describe('a call refused until the password is changed', () => {
  it('opens the change-password page, coming back to this page afterwards, without a toast', async () => {
    at('/system/user', '?tab=2');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal('expired')),
    );
    await expect(request('/api/sysUser/page', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith(
      '/changePassword?redirect=%2Fsystem%2Fuser&params=%7B%22tab%22%3A%222%22%7D',
    );
    expect(toast).not.toHaveBeenCalled();
  });

  it('stays put on the change-password page itself', async () => {
    at('/changePassword');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal('firstSignIn')),
    );
    await expect(request('/api/sysMenu/loginMenuTree')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves other 403s to the usual toast', async () => {
    at('/system/user');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 403, type: 'error', message: 'Forbidden', result: null }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(request('/api/sysUser/page')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('Forbidden');
  });
});
