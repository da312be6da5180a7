import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../shared/api/notify';
import { menuTree, userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { ShortcutsCard } from './shortcuts-card';

let favourites: string[];
let sent: { url: string; body: unknown }[];
beforeEach(() => {
  favourites = [];
  sent = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo()),
    'GET /api/sysMenu/loginMenuTree': () => json(menuTree()),
    'GET /api/sysUserMenu/userMenuIdList': () => json(favourites),
    'POST /api/sysUserMenu/add': (init) => {
      const body = JSON.parse(String(init?.body)) as { menuIdList: string[] };
      sent.push({ url: 'add', body });
      favourites = body.menuIdList;
      return json(null);
    },
    'POST /api/sysUserMenu/deleteUserMenu': (init) => {
      const body = JSON.parse(String(init?.body)) as { menuIdList: string[] };
      sent.push({ url: 'delete', body });
      favourites = favourites.filter((id) => !body.menuIdList.includes(id));
      return json(null);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('shortcuts card favourites', () => {
  it('stars a page under all apps, shows it under favourites, and takes it off again', async () => {
    await renderPage(<ShortcutsCard />);
    const card = await screen.findByTestId('shortcuts');
    expect(await within(card).findByText(/No favourites yet/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('tab', { name: 'All apps' }));
    const star = await within(card).findByRole('button', { name: 'Add Dictionaries to favourites' });
    fireEvent.click(star);
    await waitFor(() => expect(sent).toEqual([{ url: 'add', body: { menuIdList: ['21'] } }]));
    const unstar = await within(card).findByRole('button', { name: 'Remove Dictionaries from favourites' });
    expect(unstar.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(card).getByRole('tab', { name: 'Favourites' }));
    await waitFor(() => expect(within(card).queryByText(/No favourites yet/)).toBeNull());
    fireEvent.click(within(card).getAllByRole('button', { name: 'Remove Dictionaries from favourites' })[0]!);
    await waitFor(() => expect(sent.at(-1)).toEqual({ url: 'delete', body: { menuIdList: ['21'] } }));
    expect(await within(card).findByText(/No favourites yet/)).toBeTruthy();
  });
});
