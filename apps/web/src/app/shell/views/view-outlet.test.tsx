import type { PermissionCode } from '@lintel/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../locales/i18n';
import { sessionKeys } from '../../../shared/session/session-api';
import { userInfo } from '../../../test/fixtures';
import { createQueryClient } from '../../providers';
import type { MenuTreeNode } from '../../../shared/session/types';
import { local } from '../../../shared/storage';
import { useTagsStore } from '../tags/tags-store';
import { KEEP_ALIVE_CAP, touchLru } from './keep-alive';
import { ViewOutlet } from './view-outlet';

// Pages with state of their own, so that keeping alive and remounting can be told apart.
vi.mock('../../routing/views', async () => {
  const { useState } = await import('react');
  const { useLocation } = await import('react-router');
  function Counter() {
    const [count, setCount] = useState(0);
    const { pathname } = useLocation();
    return (
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {pathname} count {count}
      </button>
    );
  }
  return { VIEWS: { '/counter': Counter } };
});

const node = (path: string, over: Partial<MenuTreeNode['meta']> = {}): MenuTreeNode => ({
  id: path,
  pid: '0',
  name: null,
  path,
  component: over.isLink ? null : '/counter',
  redirect: null,
  meta: {
    title: path,
    icon: null,
    isIframe: false,
    isLink: null,
    isHide: false,
    isKeepAlive: true,
    isAffix: false,
    isPublic: false,
    roles: [],
    ...over,
  },
  children: [],
});

const pages = Array.from({ length: KEEP_ALIVE_CAP + 1 }, (_, i) => node(`/p/${i}`));
const tree: MenuTreeNode[] = [
  ...pages,
  node('/dashboard/home'),
  node('/plain', { isKeepAlive: false }),
  node('/embedded', { isIframe: true, isLink: '/swagger' }),
  node('/outside', { isLink: 'https://fastify.dev/docs/latest/' }),
];

/** The outlet at a path; the signed-in account (its button codes) is already known, as in the shell. */
function setup(path: string, apis: PermissionCode[] = []) {
  const router = createMemoryRouter([{ path: '/*', element: <ViewOutlet tree={tree} roles={[]} /> }], {
    initialEntries: [path],
  });
  const client = createQueryClient();
  client.setQueryData(sessionKeys.userInfo, userInfo({ apis }));
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const go = (router: ReturnType<typeof setup>, to: string) => act(() => router.navigate(to));
const counter = (path: string) => screen.findByRole('button', { name: new RegExp(`^${path} count`) });

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  localStorage.clear();
  useTagsStore.setState({ tags: [], refreshes: {}, fullscreen: false });
});

describe('content outlet with keep-alive', () => {
  it('keeps a kept-alive page state while another tag is shown, hidden rather than unmounted', async () => {
    const router = setup('/p/0');
    await userEvent.click(await counter('/p/0'));
    await userEvent.click(await counter('/p/0'));
    await go(router, '/p/1');
    expect((await counter('/p/1')).textContent).toBe('/p/1 count 0');
    // Hidden by <Activity>: still in the document, not visible.
    const hidden = screen.getByText('/p/0 count 2', { selector: 'button' });
    expect(hidden.style.display).toBe('none');
    await go(router, '/p/0');
    expect((await counter('/p/0')).textContent).toBe('/p/0 count 2');
  });

  it('keeps one page per query when tags are per query, each with its own state', async () => {
    const router = setup('/p/0');
    await userEvent.click(await counter('/p/0'));
    await go(router, '/p/0?tab=2');
    await waitFor(() => expect(screen.getAllByText(/^\/p\/0 count/)).toHaveLength(2));
    await go(router, '/p/0');
    // Kept in the order first shown (the DOM does not move, so an iframe would not reload).
    expect(screen.getAllByText(/^\/p\/0 count/).map((el) => el.textContent)).toEqual([
      '/p/0 count 1',
      '/p/0 count 0',
    ]);
    expect(screen.getAllByText(/^\/p\/0 count/)[1]!.style.display).toBe('none');
  });

  it('remounts a page that is not kept alive', async () => {
    const router = setup('/plain');
    await userEvent.click(await counter('/plain'));
    expect((await counter('/plain')).textContent).toBe('/plain count 1');
    await go(router, '/p/0');
    expect(screen.queryByText(/^\/plain count/)).toBeNull();
    await go(router, '/plain');
    expect((await counter('/plain')).textContent).toBe('/plain count 0');
  });

  it(`keeps at most ${KEEP_ALIVE_CAP} pages, evicting the least recently shown`, async () => {
    const router = setup('/p/0');
    await userEvent.click(await counter('/p/0'));
    await userEvent.click(await counter('/p/0'));
    for (let i = 1; i < KEEP_ALIVE_CAP; i++) await go(router, `/p/${i}`);
    await go(router, '/p/0'); // still among the last ten
    expect((await counter('/p/0')).textContent).toBe('/p/0 count 2');
    for (let i = 1; i <= KEEP_ALIVE_CAP; i++) await go(router, `/p/${i}`);
    expect(screen.queryByText(/^\/p\/0 count/)).toBeNull();
    expect(screen.getAllByRole('button', { hidden: true })).toHaveLength(KEEP_ALIVE_CAP);
    await go(router, '/p/0');
    expect((await counter('/p/0')).textContent).toBe('/p/0 count 0');
  });

  it('refreshing a tag remounts its page; closing its tag evicts it', async () => {
    const router = setup('/p/0');
    await userEvent.click(await counter('/p/0'));
    act(() => useTagsStore.getState().refresh('/p/0'));
    expect((await counter('/p/0')).textContent).toBe('/p/0 count 0');
    await userEvent.click(await counter('/p/0'));
    act(() => {
      useTagsStore.getState().visit('/p/0', '', false);
      useTagsStore.getState().visit('/p/1', '', false);
    });
    await go(router, '/p/1');
    act(() => useTagsStore.getState().close('/p/0'));
    expect(screen.queryByText(/^\/p\/0 count/)).toBeNull();
  });

  it('records each page shown for the frequently used apps', async () => {
    const router = setup('/p/3');
    await counter('/p/3');
    await go(router, '/p/4');
    await go(router, '/p/3');
    const stored = local.get<{ path: string; count: number }[]>('frequentApps') ?? [];
    expect(stored.find((v) => v.path === '/p/3')?.count).toBe(2);
    expect(stored.find((v) => v.path === '/p/4')?.count).toBe(1);
    await go(router, '/no/such/page');
    expect(
      (local.get<{ path: string }[]>('frequentApps') ?? []).some((v) => v.path === '/no/such/page'),
    ).toBe(false);
  });

  it('sends / to the home page and answers an unknown path with the not-found page', async () => {
    const router = setup('/');
    await counter('/dashboard/home');
    expect(router.state.location.pathname).toBe('/dashboard/home');
    await go(router, '/no/such/page');
    expect(await screen.findByText('返回首页')).toBeTruthy();
  });

  it('shows an iframe menu inside the shell, with a loading state until the frame loads', async () => {
    setup('/embedded');
    const frame = (await screen.findByTitle('/embedded')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/swagger');
    expect(screen.getByTestId('iframe-view').querySelector('.ant-spin')).toBeTruthy();
    // The API tools sit above the documentation only for an account holding one of their codes.
    expect(screen.queryByTestId('api-tools-bar')).toBeNull();
  });

  it('offers the API tools above the API documentation to an account that holds them', async () => {
    setup('/embedded', ['sysCommon:apiList']);
    await screen.findByTitle('/embedded');
    expect(screen.getByTestId('api-tools-bar').textContent).toBe('接口工具');
  });
});

describe('external link menus', () => {
  it('offer to open the address in a new tab at their own path', async () => {
    setup('/outside');
    const open = await screen.findByTestId('link-open');
    expect(open.getAttribute('href')).toBe('https://fastify.dev/docs/latest/');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('该地址将在新的浏览器标签页中打开。')).toBeTruthy();
  });
});

describe('touchLru', () => {
  it('moves the shown entry to the end and drops the oldest beyond the cap', () => {
    const e = (key: string) => ({ key });
    expect(touchLru([e('a'), e('b'), e('c')], e('a'), 3).map((x) => x.key)).toEqual(['b', 'c', 'a']);
    expect(touchLru([e('a'), e('b'), e('c')], e('d'), 3).map((x) => x.key)).toEqual(['b', 'c', 'd']);
  });
});
