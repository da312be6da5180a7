import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../shared/api/tokens';
import type { MenuTreeNode } from '../../shared/session/types';
import { fakeJwt, nowSeconds } from '../../test/jwt';
import { menuTree, sysInfo, userInfo } from '../../test/fixtures';
import { json, preloadAppViews, renderApp, stubApi } from '../../test/render-app';

beforeAll(async () => {
  await preloadAppViews();
  await import('../../features/about/about-page');
}, 60_000);
afterEach(() => vi.unstubAllGlobals());

/** The menu tree of an account whose roles lack the dashboard: the about page only. */
const noDashboard = (): MenuTreeNode[] => [
  {
    id: '30',
    pid: '0',
    name: 'about',
    path: '/about',
    component: '/about/index',
    redirect: null,
    meta: {
      title: '关于项目',
      icon: null,
      isIframe: false,
      isLink: null,
      isHide: false,
      isKeepAlive: true,
      isAffix: false,
      isPublic: false,
      roles: [],
    },
    children: [],
  },
];

function api(tree: () => MenuTreeNode[]) {
  return stubApi({
    'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo()),
    'GET /api/sysAuth/userInfo': () =>
      json(userInfo({ account: 'clerk', realName: '办事员', roles: ['clerk'] })),
    'GET /api/sysMenu/loginMenuTree': () => json(tree()),
  });
}

const signIn = () => saveTokens(fakeJwt(nowSeconds() + 3600), 'R1');

describe("an account's home", () => {
  it('is the dashboard when the roles hold it', async () => {
    api(menuTree);
    signIn();
    const router = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
  });

  it('is the first page it may open when the roles lack the dashboard', async () => {
    api(noDashboard);
    signIn();
    const router = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(screen.queryByText('页面不存在')).toBeNull();
  });

  it('is where a signed-in visit to the sign-in page goes', async () => {
    api(noDashboard);
    signIn();
    const router = await renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });

  it('is where "back to home" of the not-found page goes, without a loop', async () => {
    api(noDashboard);
    signIn();
    const router = await renderApp('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    await userEvent.click(screen.getByText('返回首页').closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(screen.queryByText('页面不存在')).toBeNull();
  });
});

describe('a page the account may not open', () => {
  it('shows the 401 page, not the not-found page, and "back to home" leaves it', async () => {
    api(noDashboard);
    signIn();
    const router = await renderApp('/dashboard/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
    expect(await screen.findByText('您未被授权执行此操作。')).toBeTruthy();
    await userEvent.click(screen.getByText('返回首页').closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });

  it('of the product (not in its tree at all) shows the 401 page too', async () => {
    api(noDashboard);
    signIn();
    const router = await renderApp('/system/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
  });
});
