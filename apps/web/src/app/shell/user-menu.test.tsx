import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../locales/i18n';
import { readAccessToken, saveTokens } from '../../shared/api/tokens';
import { LOCALE_KEY, local, session, TENANT_ID_KEY } from '../../shared/storage';
import { userInfo } from '../../test/fixtures';
import { fakeJwt, nowSeconds } from '../../test/jwt';
import { sessionKeys } from '../../shared/session/session-api';
import { createQueryClient } from '../providers';
import { UserMenu } from './user-menu';

beforeAll(() => initI18n('zh-CN'));
afterEach(() => vi.unstubAllGlobals());

function setup(apis?: string[]) {
  const client = createQueryClient();
  client.setQueryData(['cached'], 1);
  client.setQueryData(sessionKeys.userInfo, { ...userInfo(), apis: apis ?? [] });
  const router = createMemoryRouter([{ path: '/*', element: <UserMenu user={userInfo()} /> }], {
    initialEntries: ['/dashboard/home'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

const open = async (item: string) => {
  await userEvent.click(screen.getByTestId('user-menu'));
  await userEvent.click(await screen.findByText(item));
};

describe('user menu', () => {
  it('lists home, personal centre, clear cache, 401 page and log out', async () => {
    setup();
    await userEvent.click(screen.getByTestId('user-menu'));
    const items = (await screen.findAllByRole('menuitem')).map((el) => el.textContent);
    expect(items).toEqual(['首页', '个人中心', '清除缓存', '401 页面', '退出登录']);
  });

  it('offers chat with AI to an account that may chat, and opens it', async () => {
    const { router } = setup(['aiChat:chat']);
    await userEvent.click(screen.getByTestId('user-menu'));
    const items = (await screen.findAllByRole('menuitem')).map((el) => el.textContent);
    expect(items).toEqual(['首页', '个人中心', '清除缓存', '401 页面', 'AI 对话', '退出登录']);
    await userEvent.click(screen.getByText('AI 对话'));
    expect(router.state.location.pathname).toBe('/llm/aiChat');
  });

  it('opens the personal centre and the 401 page', async () => {
    const { router } = setup();
    await open('个人中心');
    expect(router.state.location.pathname).toBe('/system/userCenter');
    await open('401 页面');
    expect(router.state.location.pathname).toBe('/401');
  });

  it('clear cache drops cached data but keeps the session, the tenant and the language', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    saveTokens(fakeJwt(nowSeconds() + 3600), 'R1');
    local.set(TENANT_ID_KEY, '1300000000001');
    local.set(LOCALE_KEY, 'zh-CN');
    local.set('themeConfig', { layout: 'classic' });
    session.set('tagsViewList', []);
    localStorage.setItem('other-app', 'kept');
    const { client } = setup();
    await open('清除缓存');
    expect(local.get('themeConfig')).toBeNull();
    expect(session.get('tagsViewList')).toBeNull();
    expect(client.getQueryData(['cached'])).toBeUndefined();
    expect(readAccessToken()).not.toBeNull();
    expect(local.get(TENANT_ID_KEY)).toBe('1300000000001');
    expect(local.get(LOCALE_KEY)).toBe('zh-CN');
    expect(localStorage.getItem('other-app')).toBe('kept');
    expect(reload).toHaveBeenCalled();
  });
});
