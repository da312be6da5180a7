import type { MenuListNode } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi, type Routes } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import MenuPage from './menu-page';

const base = {
  key: null,
  scope: 'platform',
  name: null,
  component: null,
  redirect: null,
  permission: null,
  icon: null,
  outLink: null,
  isIframe: false,
  isHide: false,
  isKeepAlive: true,
  isAffix: false,
  orderNo: 100,
  status: 1,
  remark: null,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: null,
  createUserName: null,
  updateUserName: null,
  children: [],
};
const button: MenuListNode = {
  ...base,
  id: '30',
  pid: '20',
  type: 3,
  title: 'Export',
  path: null,
  permission: 'demo:export',
};
const page: MenuListNode = {
  ...base,
  id: '20',
  pid: '10',
  type: 2,
  title: 'Reports',
  path: '/tools/reports',
  children: [button],
};
const dir: MenuListNode = {
  ...base,
  id: '10',
  pid: '0',
  type: 1,
  title: 'Tools',
  path: '/tools',
  icon: 'ToolOutlined',
  children: [page],
};

const error = vi.fn();
const success = vi.fn();
beforeEach(() => {
  error.mockReset();
  success.mockReset();
  setNotifier({ error, success });
});

const ALL = ['sysMenu:list', 'sysMenu:add', 'sysMenu:update', 'sysMenu:delete', 'sysMenu:setStatus'];

function stub(apis: string[], routes: Routes = {}) {
  return stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis })),
    'GET /api/sysMenu/list': () => json([dir]),
    ...routes,
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('MenuPage', () => {
  it('shows the tree, expands and collapses it all', async () => {
    stub(ALL);
    await renderPage(<MenuPage />);
    expect(await screen.findByText('Reports')).toBeTruthy();
    // The first level opens by itself; the button waits for "expand all".
    expect(screen.queryByText('Export')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /expand all/i }));
    expect(await screen.findByText('Export')).toBeTruthy();
    expect(within(rowOf('Export')).getByText('Button')).toBeTruthy();
    expect(within(rowOf('Reports')).getByText('/tools/reports')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /collapse all/i }));
    await waitFor(() => expect(screen.queryByText('Reports')).toBeNull());
  });

  it("sets the status and shows the server's message when a delete is refused", async () => {
    const spy = stub(ALL, {
      'POST /api/sysMenu/setStatus': () => json(null),
      'POST /api/sysMenu/delete': () => json('This menu still has sub-menus.', 400),
    });
    await renderPage(<MenuPage />);
    await screen.findByText('Reports');
    fireEvent.click(within(rowOf('Tools')).getByRole('switch'));
    await waitFor(() => expect(success).toHaveBeenCalled());
    const statusCall = spy.mock.calls.find(([url]) => String(url).includes('/api/sysMenu/setStatus'));
    expect(JSON.parse(String(statusCall?.[1]?.body))).toEqual({ id: '10', status: 2 });

    fireEvent.click(within(rowOf('Tools')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByText('Delete the menu "Tools"?');
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This menu still has sub-menus.'));
  });

  it('shows no change buttons without their permissions', async () => {
    stub(['sysMenu:list']);
    await renderPage(<MenuPage />);
    await screen.findByText('Reports');
    expect(screen.queryByRole('button', { name: /^add$/i })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modification record' })).toBeNull();
    expect(within(rowOf('Tools')).getByText('Enabled')).toBeTruthy();
  });
});
