import type { OnlineUserRow } from '@lintel/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../test/render-page';
import { initI18n } from '../../../locales/i18n';
import { setNotifier } from '../../../shared/api/notify';
import { pageOf, userInfo } from '../../../test/fixtures';
import { json, stubApi, type Routes } from '../../../test/render-app';
import OnlineUserPage from './online-user-page';

const entry = (over: Partial<OnlineUserRow>): OnlineUserRow => ({
  connectionId: 'c1',
  userId: '2',
  account: 'staff',
  realName: '张三',
  time: '2026-11-20T10:00:00.000+08:00',
  ip: '10.1.2.3',
  browser: 'Chrome 131',
  os: 'Windows',
  tenantId: '1300000000001',
  ...over,
});
const rows = [
  entry({}),
  entry({ connectionId: 'c-me', userId: '1', account: 'admin', realName: '系统管理员' }),
];
const page = (items = rows) => pageOf(items);
const ALL = ['sysOnlineUser:page', 'sysOnlineUser:forceOffline', 'sysOnlineUser:sendMessage'];

async function renderPage(apis: string[], routes: Routes = {}) {
  const spy = stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ id: '1', apis })),
    'POST /api/sysOnlineUser/page': () => json(page()),
    ...routes,
  });
  await initI18n('zh-CN');
  const router = createMemoryRouter([{ path: '/', element: <OnlineUserPage /> }]);
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return spy;
}

const bodies = (spy: ReturnType<typeof stubApi>, path: string) =>
  spy.mock.calls
    .filter(([url]) => String(url).includes(path))
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('online users page', () => {
  it('lists the connections and offers no action without the permissions', async () => {
    await renderPage(['sysOnlineUser:page']);
    expect(await screen.findByText('张三')).toBeTruthy();
    const row = within(rowOf('张三'));
    expect(row.getByText('10.1.2.3')).toBeTruthy();
    expect(row.getByText('Chrome 131')).toBeTruthy();
    expect(row.getByText('Windows')).toBeTruthy();
    expect(screen.queryByLabelText('强制下线')).toBeNull();
    expect(screen.queryByLabelText('发送消息')).toBeNull();
  });

  it('searches by account and name from the first page', async () => {
    const spy = await renderPage(['sysOnlineUser:page']);
    await screen.findByText('张三');
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'sta' } });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张' } });
    await userEvent.click(screen.getByText(/^查\s*询$/).closest('button')!);
    await waitFor(() =>
      expect(bodies(spy, '/api/sysOnlineUser/page').at(-1)).toEqual({
        account: 'sta',
        realName: '张',
        page: 1,
        pageSize: 20,
      }),
    );
  });

  it('forces another session offline after the confirmation, never the own one', async () => {
    const success = vi.fn();
    setNotifier({ success, error: vi.fn() });
    const spy = await renderPage(ALL, { 'POST /api/sysOnlineUser/forceOffline': () => json(null) });
    await screen.findByText('张三');
    expect(within(rowOf('系统管理员')).queryByLabelText('强制下线')).toBeNull();
    await userEvent.click(within(rowOf('张三')).getByLabelText('强制下线'));
    expect(await screen.findByText(/确定强制 张三 下线吗/)).toBeTruthy();
    expect(bodies(spy, 'forceOffline')).toEqual([]);
    const confirm = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-dangerous')!;
    await userEvent.click(confirm);
    await waitFor(() => expect(bodies(spy, 'forceOffline')).toEqual([{ connectionId: 'c1' }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('已强制下线'));
  });

  it('sends a message of the chosen type to the account of the row', async () => {
    const success = vi.fn();
    setNotifier({ success, error: vi.fn() });
    const spy = await renderPage(ALL, { 'POST /api/sysOnlineUser/sendMessage': () => json(null) });
    await screen.findByText('张三');
    await userEvent.click(within(rowOf('张三')).getByLabelText('发送消息'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('发送消息给 张三')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('警告'));
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '维护通知' } });
    fireEvent.change(within(dialog).getByLabelText('内容'), { target: { value: '请保存工作' } });
    // The dialog sends: its button says so, not "save".
    expect(within(dialog).queryByText(/^保\s*存$/)).toBeNull();
    await userEvent.click(
      within(dialog)
        .getByText(/^发\s*送$/)
        .closest('button')!,
    );
    await waitFor(() =>
      expect(bodies(spy, 'sendMessage')).toEqual([
        { title: '维护通知', message: '请保存工作', messageType: 'warning', userId: '2' },
      ]),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('消息已发送'));
  });
});
