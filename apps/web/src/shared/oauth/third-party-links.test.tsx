import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAccessToken, readRefreshToken } from '../api/tokens';
import { session } from '../storage';
import { sysInfo, userInfo, menuTree } from '../../test/fixtures';
import { json, preloadAppViews, renderApp, stubApi, type Routes } from '../../test/render-app';

// Lazy views loaded up front: an import in flight at the end of the file fails the run.
beforeAll(preloadAppViews, 60_000);

const github = { code: 'github', name: 'GitHub', icon: 'GithubOutlined' };

function api(over: Routes = {}) {
  return stubApi({
    'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo({ captcha: false })),
    'GET /api/sysAuth/captcha': () => json({ id: 'c', img: '', expirySeconds: 60, enabled: false }),
    'GET /api/sysAuth/userInfo': () => json(userInfo()),
    'GET /api/sysMenu/loginMenuTree': () => json(menuTree()),
    'GET /api/sysOAuth/loginProviders': () => json([]),
    ...over,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('third-party sign-in area of the login page', () => {
  it('renders nothing when the tenant has no providers', async () => {
    const spy = api();
    await renderApp('/login');
    await screen.findByText('欢迎回来');
    await waitFor(() =>
      expect(spy.mock.calls.some(([url]) => String(url).includes('/api/sysOAuth/loginProviders'))).toBe(true),
    );
    expect(screen.queryByText('其他登录方式')).toBeNull();
    expect(document.querySelector('a[data-provider]')).toBeNull();
  });

  it("links to the tenant's providers, asking for them with the tenant id", async () => {
    const spy = api({ 'GET /api/sysOAuth/loginProviders': () => json([github]) });
    await renderApp('/login');
    expect(await screen.findByText('其他登录方式')).toBeTruthy();
    const link = (await screen.findByText('GitHub')).closest('a')!;
    expect(link.getAttribute('href')).toBe('/api/sysOAuth/signIn/github?tenantId=1300000000001');
    expect(link.getAttribute('title')).toBe('使用 GitHub 登录');
    const asked = spy.mock.calls.find(([url]) => String(url).includes('loginProviders'))![0];
    expect(String(asked)).toContain('tenantId=1300000000001');
  });

  it('exchanges ?oauth= for the token pair and goes to the redirect kept before the trip', async () => {
    const spy = api({
      'POST /api/sysOAuth/exchange': () => json({ accessToken: 'OA', refreshToken: 'OR', homepage: null }),
    });
    session.set('oauthRedirect', 'redirect=%2Fsystem%2Fdict');
    const router = await renderApp('/login?oauth=one-time');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/dict'));
    const exchange = spy.mock.calls.filter(([url]) => String(url).includes('/api/sysOAuth/exchange'));
    expect(exchange).toHaveLength(1);
    expect(JSON.parse(String(exchange[0]![1]!.body))).toEqual({ code: 'one-time' });
    expect(readAccessToken()).toBe('OA');
    expect(readRefreshToken()).toBe('OR');
  });

  it('shows why an exchange failed', async () => {
    api({ 'POST /api/sysOAuth/exchange': () => json('登录凭证无效或已过期，请重新登录。', 400) });
    const router = await renderApp('/login?oauth=used');
    expect(await screen.findByText('登录凭证无效或已过期，请重新登录。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(readAccessToken()).toBeNull();
  });

  it('explains ?oauthError= in the page language', async () => {
    api();
    await renderApp('/login?oauthError=notLinked');
    expect(await screen.findByText(/该第三方账号尚未绑定任何账号/)).toBeTruthy();
  });
});
