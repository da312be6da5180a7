import type { ApiListItem, PermissionCode } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserInfo } from '../../../shared/session/use-session';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { ApiToolsBar } from './api-tools-button';
import { filterApis } from './api-list-tab';

const ALL: PermissionCode[] = ['sysCommon:apiList', 'sysCommon:smKeyPair', 'sysCommon:encryptPlainText'];

const apis: ApiListItem[] = [
  { groupName: 'sysUser', displayName: 'Accounts, one page', routeName: 'api/sysUser/page', method: 'POST' },
  { groupName: 'sysUser', displayName: 'One account', routeName: 'api/sysUser/detail', method: 'GET' },
  { groupName: 'sysRole', displayName: 'Roles, one page', routeName: 'api/sysRole/page', method: 'POST' },
  {
    groupName: 'sysCommon',
    displayName: 'A freshly generated SM2 key pair',
    routeName: 'api/sysCommon/smKeyPair',
    method: 'GET',
  },
];

let calls: string[];

function SessionLoaded() {
  return useUserInfo().data ? <span data-testid="session-loaded" /> : null;
}

function setup(codes: PermissionCode[]) {
  calls = [];
  let pairs = 0;
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: codes })),
    'GET /api/sysCommon/apiList': () => json(apis),
    'GET /api/sysCommon/smKeyPair': () => {
      pairs++;
      return json({ privateKey: `${pairs}`.repeat(64), publicKey: `04${'ab'.repeat(64)}` });
    },
  });
  // Any encryptPlainText path: the route is matched by prefix so the escaped text can be checked.
  const routed = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/api/sysCommon/encryptPlainText/')) {
      calls.push(`${init?.method} ${url.slice(url.indexOf('/api/'))}`);
      return json('04deadbeef');
    }
    return routed(input, init);
  });
}

async function openTools(codes: PermissionCode[]) {
  setup(codes);
  await renderPage(<ApiToolsBar />);
  fireEvent.click(await screen.findByRole('button', { name: /API tools/ }));
  return screen.findByRole('dialog');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('API tools of the documentation page', () => {
  it('is left out without any of the tools’ permissions', async () => {
    setup(['sysApi:docs']);
    await renderPage(
      <>
        <SessionLoaded />
        <ApiToolsBar />
      </>,
    );
    // Checked once the account's permissions are in, not before.
    await screen.findByTestId('session-loaded');
    expect(screen.queryByTestId('api-tools-bar')).toBeNull();
  });

  it('shows only the tools the account holds', async () => {
    const drawer = await openTools(['sysCommon:smKeyPair']);
    expect(
      within(drawer)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['SM2 key pair']);
  });

  it('lists the routes and searches them by group, path and summary, and by method', async () => {
    const drawer = await openTools(ALL);
    expect(await within(drawer).findByText('/api/sysUser/page')).toBeTruthy();
    expect(within(drawer).getByTestId('api-count').textContent).toBe('4 of 4 routes');

    fireEvent.change(within(drawer).getByRole('searchbox', { name: 'Search the API list' }), {
      target: { value: 'one page' },
    });
    await waitFor(() => expect(within(drawer).getByTestId('api-count').textContent).toBe('2 of 4 routes'));
    expect(within(drawer).getByText('/api/sysRole/page')).toBeTruthy();
    expect(within(drawer).queryByText('/api/sysUser/detail')).toBeNull();

    expect(filterApis(apis, 'SYSUSER', null).map((a) => a.routeName)).toEqual([
      'api/sysUser/page',
      'api/sysUser/detail',
    ]);
    expect(filterApis(apis, 'sysUser', 'GET').map((a) => a.routeName)).toEqual(['api/sysUser/detail']);
    expect(filterApis(apis, 'key pair', null).map((a) => a.groupName)).toEqual(['sysCommon']);
  });

  it('generates a fresh key pair each time', async () => {
    const drawer = await openTools(ALL);
    fireEvent.click(within(drawer).getByRole('tab', { name: 'SM2 key pair' }));
    fireEvent.click(await within(drawer).findByRole('button', { name: /Generate a key pair/ }));
    const pair = await within(drawer).findByTestId('key-pair');
    expect(within(pair).getByText('1'.repeat(64))).toBeTruthy();
    expect(within(pair).getByText(`04${'ab'.repeat(64)}`)).toBeTruthy();
    expect(within(pair).getAllByRole('button', { name: /copy/i })).toHaveLength(2);
    fireEvent.click(within(drawer).getByRole('button', { name: /Generate a key pair/ }));
    expect(await within(drawer).findByText('2'.repeat(64))).toBeTruthy();
  });

  it('encrypts a text through the route, escaped in the path, and refuses one too long to send', async () => {
    const drawer = await openTools(ALL);
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Encrypt text' }));
    const text = await within(drawer).findByRole('textbox', { name: 'Text' });

    fireEvent.change(text, { target: { value: '中'.repeat(30) } });
    fireEvent.click(within(drawer).getByRole('button', { name: /Encrypt$/ }));
    expect(
      await within(drawer).findByText('The text is too long: at most 256 characters once URL-encoded'),
    ).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(text, { target: { value: 'Lintel@2026 a/b' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /Encrypt$/ }));
    expect((await within(drawer).findByTestId('cipher-text')).textContent).toContain('04deadbeef');
    expect(calls).toEqual(['POST /api/sysCommon/encryptPlainText/Lintel%402026%20a%2Fb']);
  });
});
