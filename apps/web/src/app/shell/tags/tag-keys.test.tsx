import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../locales/i18n';
import { menuTree } from '../../../test/fixtures';
import { useThemeConfig } from '../../settings/theme-config';
import { tabStopOf } from './tag-keys';
import { TagsView } from './tags-view';
import { useTagsStore } from './tags-store';

// Home (affix), and two embedded pages the shell can show (iframe menus get tags).
const tree = menuTree();
tree[0]!.children[0]!.meta.isAffix = true;
for (const [id, path] of [
  ['22', '/platform/api'],
  ['23', '/platform/docs'],
] as const) {
  tree[1]!.children.push({
    ...tree[1]!.children[0]!,
    id,
    name: null,
    path,
    component: null,
    meta: { ...tree[1]!.children[0]!.meta, title: path, isIframe: true, isLink: '/swagger' },
  });
}

const tabs = () => screen.getAllByRole('tab');

beforeAll(() => initI18n('en'));
beforeEach(() => {
  sessionStorage.clear();
  useThemeConfig.getState().reset();
  useTagsStore.setState({ tags: [], refreshes: {}, fullscreen: false });
});

describe('the tags row with the keyboard', () => {
  it('has one tab stop, on the current page’s tag, else the first', () => {
    expect(tabStopOf(['/a', '/b'], '/b')).toBe('/b');
    expect(tabStopOf(['/a', '/b'], '/c')).toBe('/a');
    expect(tabStopOf([], '/c')).toBeUndefined();
  });

  it('moves with the arrows, opens with Enter and closes with Delete', async () => {
    useTagsStore.getState().setAffix(['/dashboard/home']);
    useTagsStore.getState().visit('/platform/api', '', false);
    const router = createMemoryRouter([{ path: '/*', element: <TagsView tree={tree} roles={[]} /> }], {
      initialEntries: ['/platform/docs'],
    });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(tabs()).toHaveLength(3));
    expect(tabs().map((t) => t.tabIndex)).toEqual([-1, -1, 0]);

    act(() => tabs()[2]!.focus());
    fireEvent.keyDown(tabs()[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs()[0]); // wraps round
    fireEvent.keyDown(tabs()[0]!, { key: 'End' });
    expect(document.activeElement).toBe(tabs()[2]);
    fireEvent.keyDown(tabs()[2]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs()[1]);

    fireEvent.keyDown(tabs()[1]!, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/platform/api'));
    expect(tabs().map((t) => t.tabIndex)).toEqual([-1, 0, -1]);

    // The home tag is affixed: Delete leaves it; on another it closes that tag.
    fireEvent.keyDown(tabs()[0]!, { key: 'Delete' });
    expect(tabs()).toHaveLength(3);
    fireEvent.keyDown(tabs()[2]!, { key: 'Delete' });
    await waitFor(() => expect(tabs()).toHaveLength(2));
    expect(document.activeElement).toBe(tabs()[1]);
  });
});
