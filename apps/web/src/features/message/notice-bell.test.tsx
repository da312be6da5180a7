import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessages } from '../../locales/i18n';
import { RealtimeConnector, type StartRealtime } from '../../shared/realtime/realtime-connector';
import type { RealtimeHandlers } from '../../shared/realtime/realtime-events';
import { json, stubApi } from '../../test/render-app';
import { createQueryClient, Providers } from '../../test/render-page';
import { NoticeBell } from './notice-bell';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('NoticeBell', () => {
  it('shows the unread count, raises it on PublicNotice without a reload, and lists the newest', async () => {
    await initI18n('en');
    await loadMessages('en');
    let unread = { notices: 1, messages: 2 };
    stubApi({
      'GET /api/sysMessage/unReadCount': () => json(unread),
      'GET /api/sysNotice/unReadList': () =>
        json([
          {
            noticeId: '21',
            userId: '1',
            title: 'Fire drill',
            content: '<p>x</p>',
            type: 1,
            status: 1,
            publicUserName: 'Admin',
            publicOrgName: null,
            publicTime: '2026-11-24T08:00:00+00:00',
            cancelTime: null,
            readStatus: 0,
            readTime: null,
          },
        ]),
      'GET /api/sysMessage/unReadList': () => json([]),
    });
    let handlers: RealtimeHandlers | undefined;
    const start: StartRealtime = (h) => {
      handlers = h;
      return () => undefined;
    };
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <NoticeBell />
              <RealtimeConnector load={() => Promise.resolve(start)} />
            </>
          ),
        },
        { path: '/system/inbox', element: <p>inbox page</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    await waitFor(() => expect(handlers).toBeDefined());

    unread = { notices: 2, messages: 2 };
    act(() =>
      handlers!.onPublicNotice({ id: '22', title: 'New', type: 1, publicUserName: 'Admin', publicTime: '' }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByText('Fire drill'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/inbox'));
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ tab: 'notices', id: '21' });
  });
});
