import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../test/render-page';
import { initI18n } from '../../locales/i18n';
import { readAccessToken, saveTokens } from '../api/tokens';
import { RealtimeConnector, type StartRealtime } from './realtime-connector';
import type { RealtimeHandlers } from './realtime-events';

/** Renders the connector with a fake client that hands its handlers to the test. */
async function mount() {
  await initI18n('zh-CN');
  let handlers: RealtimeHandlers | undefined;
  const stop = vi.fn();
  const start: StartRealtime = (h) => {
    handlers = h;
    return stop;
  };
  const load = () => Promise.resolve(start);
  const router = createMemoryRouter(
    [
      { path: '/', element: <RealtimeConnector load={load} /> },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  await waitFor(() => expect(handlers).toBeDefined());
  return { handlers: handlers!, stop, router, view };
}

describe('RealtimeConnector', () => {
  it('ends the session on ForceOffline: tokens gone, sign-in page, a notice saying why', async () => {
    saveTokens('access.jwt', 'refresh.jwt');
    const { handlers, router } = await mount();
    act(() => handlers.onForceOffline({ reason: 'forceOffline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readAccessToken()).toBeNull();
    expect(await screen.findByText('管理员已强制本会话下线，请重新登录。')).toBeTruthy();
  });

  it('shows no notice when this session signed out in another tab', async () => {
    saveTokens('access.jwt', 'refresh.jwt');
    const { handlers, router } = await mount();
    // Notices of earlier tests may still be on the page (antd animates them out).
    const notices = () => document.querySelectorAll('.ant-notification-notice').length;
    const before = notices();
    act(() => handlers.onForceOffline({ reason: 'logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readAccessToken()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notices()).toBe(before);
  });

  it('shows a received message with its title, text and sender', async () => {
    const { handlers, router } = await mount();
    act(() =>
      handlers.onMessage({
        title: '维护通知',
        message: '请保存工作',
        messageType: 'warning',
        sendUserId: '1',
        sendUserName: '系统管理员',
        time: '2026-11-20T10:00:00.000+08:00',
      }),
    );
    expect(await screen.findByText('维护通知')).toBeTruthy();
    expect(screen.getByText('请保存工作')).toBeTruthy();
    expect(screen.getByText('来自 系统管理员')).toBeTruthy();
    expect(document.querySelector('.ant-notification-notice-warning')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the tenant's online notice: who signed in and who left", async () => {
    const { handlers, router } = await mount();
    act(() => handlers.onOnlineUsers({ realName: '张工', online: true }));
    expect(await screen.findByText('张工 上线了')).toBeTruthy();
    act(() => handlers.onOnlineUsers({ realName: '张工', online: false }));
    expect(await screen.findByText('张工 离线了')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('disconnects when the shell goes away', async () => {
    const { stop, view } = await mount();
    view.unmount();
    expect(stop).toHaveBeenCalledOnce();
  });
});
