import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAccessToken, saveTokens } from '../../shared/api/tokens';
import { local, TENANT_ID_KEY } from '../../shared/storage';
import { fakeJwt, nowSeconds } from '../../test/jwt';
import { menuTree, sysInfo, userInfo } from '../../test/fixtures';
import { json, preloadAppViews, renderApp, stubApi } from '../../test/render-app';

beforeAll(preloadAppViews, 60_000);

function api() {
  return stubApi({
    'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo()),
    'GET /api/sysAuth/userInfo': () => json(userInfo()),
    'GET /api/sysMenu/loginMenuTree': () => json(menuTree()),
    'POST /api/sysAuth/logout': () => json(null),
  });
}

const signIn = () => saveTokens(fakeJwt(nowSeconds() + 3600), 'R1');

afterEach(() => vi.unstubAllGlobals());

describe('route guard', () => {
  it('sends a signed-out visit to /login with redirect and params, keeping only the tenant id', async () => {
    api();
    local.set(TENANT_ID_KEY, '1300000000001');
    local.set('stale', 1);
    const router = await renderApp('/dashboard/home?tab=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('redirect')).toBe('/dashboard/home');
    expect(search.get('params')).toBe('{"tab":"2"}');
    expect(local.get('stale')).toBeNull();
    expect(local.get(TENANT_ID_KEY)).toBe('1300000000001');
  });

  it('sends a signed-in user away from /login, loading user info before the menu tree', async () => {
    const spy = api();
    signIn();
    const router = await renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
    expect(await screen.findByText(/系统管理员！/)).toBeTruthy();
    const order = spy.mock.calls.map(([url]) => String(url));
    expect(order.indexOf('/api/sysAuth/userInfo')).toBeLessThan(order.indexOf('/api/sysMenu/loginMenuTree'));
  });

  it('shows the shell: side menu from the tree, user name, home page with org and roles', async () => {
    api();
    signIn();
    await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'menu' });
    expect(within(nav).getByText('仪表盘')).toBeTruthy();
    expect(within(nav).getByText('系统管理')).toBeTruthy();
    expect(await screen.findByText('系统默认')).toBeTruthy();
    expect(screen.getByText('sys_admin')).toBeTruthy();
    expect(screen.getByTestId('clock').textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await waitFor(() => expect(document.title).toBe('工作台 - Lintel Test'));
  });

  it('answers an unknown path with the not-found page', async () => {
    api();
    signIn();
    await renderApp('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(screen.getByText('返回首页')).toBeTruthy();
  });

  it('logs out after confirmation: server told, tokens cleared, back to /login', async () => {
    const spy = api();
    signIn();
    const router = await renderApp('/dashboard/home');
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByText('退出登录'));
    expect(await screen.findByText('此操作将退出登录，是否继续？')).toBeTruthy();
    await userEvent.click(screen.getByText(/^确\s*定$/).closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      spy.mock.calls.some(([url, init]) => url === '/api/sysAuth/logout' && init?.method === 'POST'),
    ).toBe(true);
    expect(readAccessToken()).toBeNull();
  });
});
