import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../locales/i18n';
import { menuTree } from '../../../test/fixtures';
import { useThemeConfig } from '../../settings/theme-config';
import { TagsView } from './tags-view';
import { useTagsStore } from './tags-store';

// The fixture tree: home (/dashboard/home, made affix here) and the dictionary page, plus an
// embedded page.
const tree = menuTree();
tree[0]!.children[0]!.meta.isAffix = true;
tree[1]!.children.push({
  ...tree[1]!.children[0]!,
  id: '22',
  name: 'sysApi',
  path: '/platform/api',
  component: null,
  meta: {
    ...tree[1]!.children[0]!.meta,
    title: '系统接口',
    icon: 'ApiOutlined',
    isIframe: true,
    isLink: '/swagger',
  },
});

function setup(path: string) {
  const router = createMemoryRouter([{ path: '/*', element: <TagsView tree={tree} roles={[]} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}
const tabs = () => screen.getAllByRole('tab');

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  sessionStorage.clear();
  useThemeConfig.getState().reset();
  useTagsStore.setState({ tags: [], refreshes: {}, fullscreen: false });
});

describe('tags view', () => {
  it('shows the affix home tag first, not closable, and a tag for the page on screen', async () => {
    setup('/platform/api');
    await waitFor(() => expect(tabs()).toHaveLength(2));
    const [home, api] = tabs();
    expect(home!.textContent).toBe('工作台');
    expect(within(home!).queryByLabelText('关闭')).toBeNull();
    expect(api!.getAttribute('aria-selected')).toBe('true');
    expect(within(api!).getByLabelText('关闭')).toBeTruthy();
    // Icons shown by default (isTagsviewIcon); switched off, they go.
    expect(api!.querySelector('.anticon-api')).toBeTruthy();
    act(() => useThemeConfig.getState().set({ isTagsviewIcon: false }));
    expect(tabs()[1]!.querySelector('.anticon-api')).toBeNull();
  });

  it('gives no tag to an address without a page', async () => {
    setup('/no/such/page');
    await waitFor(() => expect(tabs()).toHaveLength(1));
  });

  it('applies the chosen tags style', async () => {
    setup('/dashboard/home');
    const bar = await screen.findByTestId('tags-view');
    const before = bar.className;
    act(() => useThemeConfig.getState().set({ tagsStyle: 'tags-style-five' }));
    expect(screen.getByTestId('tags-view').className).not.toBe(before);
  });

  it('runs actions from the right-click menu: close all keeps the affix tag', async () => {
    const router = setup('/platform/api');
    await waitFor(() => expect(tabs()).toHaveLength(2));
    await act(() => router.navigate('/dashboard/home'));
    fireEvent.contextMenu(tabs()[1]!);
    await userEvent.click(await screen.findByText('全部关闭'));
    await waitFor(() => expect(tabs()).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/dashboard/home');
  });

  it('sorts by drag and drop when sorting is on; affix tags do not move', async () => {
    useTagsStore.getState().setAffix(['/dashboard/home']);
    useTagsStore.getState().visit('/platform/api', '', false);
    useTagsStore.getState().visit('/platform/api', '?a=1', false);
    setup('/platform/api?a=1');
    await waitFor(() => expect(tabs()).toHaveLength(3));
    expect(tabs()[0]!.getAttribute('draggable')).toBe('false');
    const [, first, second] = tabs();
    expect(first!.getAttribute('draggable')).toBe('true');
    const dataTransfer = { effectAllowed: '', setData() {}, getData: () => '' };
    fireEvent.dragStart(second!, { dataTransfer });
    fireEvent.dragOver(first!, { dataTransfer });
    fireEvent.drop(first!, { dataTransfer });
    expect(useTagsStore.getState().tags.map((t) => t.key)).toEqual([
      '/dashboard/home',
      '/platform/api?a=1',
      '/platform/api',
    ]);
    act(() => useThemeConfig.getState().set({ isSortableTagsView: false }));
    expect(tabs()[1]!.getAttribute('draggable')).toBe('false');
  });
});
