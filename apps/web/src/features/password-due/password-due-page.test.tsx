import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAccessToken, saveTokens } from '../../shared/api/tokens';
import type { UserInfo } from '../../shared/session/types';
import { fakeJwt, nowSeconds } from '../../test/jwt';
import { menuTree, sysInfo, userInfo } from '../../test/fixtures';
import { json, preloadAppViews, renderApp, stubApi } from '../../test/render-app';

beforeAll(async () => {
  await preloadAppViews();
  await import('./password-due-page');
}, 60_000);
afterEach(() => vi.unstubAllGlobals());

function api(user: UserInfo) {
  const sent: { changePwd?: unknown; logout?: boolean } = {};
  const spy = stubApi({
    'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo()),
    'GET /api/sysAuth/userInfo': () => json(user),
    'GET /api/sysMenu/loginMenuTree': () => json(menuTree()),
    'POST /api/sysUser/changePwd': (init) => {
      sent.changePwd = JSON.parse(String(init?.body));
      return json(null);
    },
    'POST /api/sysAuth/logout': () => {
      sent.logout = true;
      return json(null);
    },
  });
  return { spy, sent };
}

const signIn = () => saveTokens(fakeJwt(nowSeconds() + 3600), 'R1');
const asked = (spy: ReturnType<typeof stubApi>, path: string) =>
  spy.mock.calls.some(([url]) => String(url).split('?')[0] === path);

describe('a password the tenant requires to change', () => {
  it('sends the account to the change-password page before the menus load, keeping where it was going', async () => {
    const { spy } = api(userInfo({ passwordChangeDue: 'firstSignIn' }));
    signIn();
    const router = await renderApp('/system/user?tab=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/changePassword'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('redirect')).toBe('/system/user');
    expect(search.get('params')).toBe('{"tab":"2"}');
    expect(
      await screen.findByText('这是您首次使用他人设置的密码登录。请先设置您自己的密码再继续。'),
    ).toBeTruthy();
    expect(screen.getByTestId('change-password')).toBeTruthy();
    expect(asked(spy, '/api/sysMenu/loginMenuTree')).toBe(false);
  });

  it('says when the password expired', async () => {
    api(userInfo({ passwordChangeDue: 'expired' }));
    signIn();
    await renderApp('/');
    expect(await screen.findByText('您的密码已过期。请先设置新密码再继续。')).toBeTruthy();
  });

  it('changes it, then signs in again and continues to the address it was going to', async () => {
    const { sent } = api(userInfo({ passwordChangeDue: 'firstSignIn' }));
    signIn();
    const router = await renderApp('/changePassword?redirect=%2Fsystem%2Fuser');
    await screen.findByTestId('change-password');
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'Lintel@2026' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Fresh#Pass1' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'Fresh#Pass1' } });
    fireEvent.click(screen.getByTestId('change-password').querySelector('button[type="submit"]')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/system/user');
    expect(sent.changePwd).toEqual({ passwordOld: expect.any(String), passwordNew: expect.any(String) });
    expect(readAccessToken()).toBeNull();
  });

  it('lets the account sign out instead', async () => {
    const { sent } = api(userInfo({ passwordChangeDue: 'expired' }));
    signIn();
    const router = await renderApp('/changePassword');
    await userEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent.logout).toBe(true);
    expect(readAccessToken()).toBeNull();
  });

  it('sends an account with nothing to change on to where it was going', async () => {
    api(userInfo({ passwordChangeDue: null }));
    signIn();
    const router = await renderApp('/changePassword');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
  });
});
