import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../test/render-page';
import { initI18n } from '../../locales/i18n';
import { setNotifier } from '../../shared/api/notify';
import { userInfo } from '../../test/fixtures';
import { json, stubApi, type Routes } from '../../test/render-app';
import OAuthAdminPage from './oauth-admin-page';

const row = {
  id: '11',
  code: 'github',
  name: 'GitHub',
  icon: 'GithubOutlined',
  authorizeUrl: 'https://github.com/login/oauth/authorize',
  tokenUrl: 'https://github.com/login/oauth/access_token',
  userinfoUrl: 'https://api.github.com/user',
  protocol: 'oauth2',
  clientId: 'Iv1.abc',
  clientSecretSet: true,
  clientAuthMethod: 'client_secret_post',
  scope: 'read:user',
  subjectClaim: 'id',
  status: 1,
  orderNo: 100,
  remark: null,
  createTime: '2026-11-20T10:00:00.000+08:00',
  updateTime: null,
};
const page = {
  page: 1,
  pageSize: 20,
  total: 1,
  totalPages: 1,
  items: [row],
  hasPrevPage: false,
  hasNextPage: false,
};
const ALL = ['sysOAuth:page', 'sysOAuth:add', 'sysOAuth:update', 'sysOAuth:delete', 'sysOAuth:setStatus'];

async function renderPage(apis: string[], routes: Routes = {}) {
  const spy = stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis })),
    'POST /api/sysOAuth/page': () => json(page),
    ...routes,
  });
  await initI18n('zh-CN');
  const router = createMemoryRouter([{ path: '/', element: <OAuthAdminPage /> }]);
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
    .map(([, init]) => JSON.parse(String(init!.body)));

/** Sets a field at once: typing key by key through antd is slow on a loaded machine. */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('third-party sign-in administration', () => {
  it('lists providers without their secret and hides the buttons the user may not press', async () => {
    await renderPage(['sysOAuth:page']);
    expect(await screen.findByText('GitHub')).toBeTruthy();
    const table = within(document.querySelector<HTMLElement>('.ant-table')!);
    expect(table.getByText('已设置')).toBeTruthy();
    expect(table.getByText('启用')).toBeTruthy();
    expect(screen.queryByText(/^新\s*增$/)).toBeNull();
    expect(screen.queryByText(/^编\s*辑$/)).toBeNull();
    expect(screen.queryByText(/^删\s*除$/)).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('refuses a non-http address in the form before calling the API', async () => {
    setNotifier({ success: vi.fn(), error: vi.fn() });
    const spy = await renderPage(ALL, { 'POST /api/sysOAuth/add': () => json('1') });
    await screen.findByText('GitHub');
    await userEvent.click(screen.getByText(/^新\s*增$/).closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fill(within(dialog).getByLabelText('名称'), 'Keycloak');
    fill(within(dialog).getByLabelText('编码'), 'keycloak');
    fill(within(dialog).getByLabelText('授权地址'), 'javascript:alert(1)');
    fill(within(dialog).getByLabelText('令牌地址'), 'https://kc.example/token');
    fill(within(dialog).getByLabelText('用户信息地址'), 'https://kc.example/userinfo');
    fill(within(dialog).getByLabelText('客户端 ID'), 'lintel');
    await userEvent.click(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button')!,
    );
    expect(await within(dialog).findByText('请输入 http 或 https 地址')).toBeTruthy();
    expect(bodies(spy, '/api/sysOAuth/add')).toEqual([]);

    fill(within(dialog).getByLabelText('授权地址'), 'https://kc.example/auth');
    await userEvent.click(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button')!,
    );
    await waitFor(() => expect(bodies(spy, '/api/sysOAuth/add')).toHaveLength(1));
    expect(bodies(spy, '/api/sysOAuth/add')[0]).toMatchObject({
      name: 'Keycloak',
      code: 'keycloak',
      authorizeUrl: 'https://kc.example/auth',
      clientId: 'lintel',
      subjectClaim: 'sub',
      status: 1,
    });
  }, 30_000); // the dialog's first render is slow on a loaded machine

  it('sets up WeChat QR sign-in: WeChat’s addresses filled in, AppID and a required AppSecret', async () => {
    setNotifier({ success: vi.fn(), error: vi.fn() });
    const spy = await renderPage(ALL, { 'POST /api/sysOAuth/add': () => json('2') });
    await screen.findByText('GitHub');
    await userEvent.click(screen.getByText(/^新\s*增$/).closest('button')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('用户标识字段')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText('协议'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.textContent === '微信网站扫码登录',
      );
      if (!found) throw new Error('no WeChat option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLInputElement>('授权地址').value).toBe(
        'https://open.weixin.qq.com/connect/qrconnect',
      ),
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('令牌地址').value).toBe(
      'https://api.weixin.qq.com/sns/oauth2/access_token',
    );
    // WeChat's identity is fixed (unionid, else openid): no subject field, no client authentication.
    expect(within(dialog).queryByLabelText('用户标识字段')).toBeNull();
    expect(within(dialog).getByText('在微信登记的授权回调域')).toBeTruthy();
    fill(within(dialog).getByLabelText('名称'), '微信');
    fill(within(dialog).getByLabelText('编码'), 'weixin');
    fill(within(dialog).getByLabelText('AppID'), 'wx1234567890abcdef');
    const save = within(dialog)
      .getByText(/^保\s*存$/)
      .closest('button')!;
    await userEvent.click(save);
    await waitFor(() => expect(within(dialog).getAllByText('必填').length).toBeGreaterThan(0));
    expect(bodies(spy, '/api/sysOAuth/add')).toEqual([]);

    fill(within(dialog).getByLabelText('AppSecret'), 'app-secret');
    await userEvent.click(save);
    await waitFor(() => expect(bodies(spy, '/api/sysOAuth/add')).toHaveLength(1));
    expect(bodies(spy, '/api/sysOAuth/add')[0]).toMatchObject({
      protocol: 'wechat_open',
      code: 'weixin',
      icon: 'WechatOutlined',
      authorizeUrl: 'https://open.weixin.qq.com/connect/qrconnect',
      userinfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
      clientId: 'wx1234567890abcdef',
      clientSecret: 'app-secret',
      scope: 'snsapi_login',
    });
  }, 30_000);

  it('disables a provider with its switch', async () => {
    const spy = await renderPage(ALL, { 'POST /api/sysOAuth/setStatus': () => json(null) });
    await screen.findByText('GitHub');
    await userEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(bodies(spy, '/api/sysOAuth/setStatus')).toEqual([{ id: '11', status: 2 }]));
  });
});
