import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAccessToken, readRefreshToken } from '../../shared/api/tokens';
import { menuTree, sysInfo, userInfo } from '../../test/fixtures';
import { json, preloadAppViews, renderApp, stubApi, type Routes } from '../../test/render-app';

// Lazy views loaded up front: an import in flight at the end of the file fails the run.
beforeAll(preloadAppViews, 60_000);

const captcha = { id: 'c1', img: 'data:image/svg+xml;base64,PHN2Zy8+', expirySeconds: 60, enabled: true };

function api(over: Routes = {}) {
  return stubApi({
    'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo({ captcha: true })),
    'GET /api/sysAuth/captcha': () => json(captcha),
    'GET /api/sysAuth/userInfo': () => json(userInfo()),
    'GET /api/sysMenu/loginMenuTree': () => json(menuTree()),
    ...over,
  });
}

const calls = (spy: ReturnType<typeof api>, path: string) =>
  spy.mock.calls.filter(([url]) => String(url).startsWith(path));

/** antd buttons by their text (role queries skip them here: happy-dom reports them as hidden mid-motion). */
const button = (text: string) => screen.getByText(text).closest('button')!;

afterEach(() => vi.unstubAllGlobals());

describe('sign-in page', () => {
  it('shows the welcome heading, tenant title, demo and browser hints and the captcha', async () => {
    api();
    await renderApp('/login');
    expect(await screen.findByText('欢迎回来')).toBeTruthy();
    expect((await screen.findAllByText('Lintel Test')).length).toBeGreaterThan(0);
    expect(screen.getByText('演示账号：admin，密码：Lintel@2026')).toBeTruthy();
    expect(screen.getByText(/推荐使用谷歌浏览器/)).toBeTruthy();
    expect(await screen.findByAltText('验证码')).toBeTruthy();
  });

  it('asks for user name, password and captcha (SPEC 5)', async () => {
    api();
    await renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名或邮箱')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
  });

  it('shows the server message on failure and fetches a new captcha', async () => {
    const spy = api({ 'POST /api/sysAuth/login': () => json('账号或密码错误', 400) });
    await renderApp('/login');
    await userEvent.type(await screen.findByPlaceholderText('用户名或邮箱'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'wrong');
    await userEvent.type(screen.getByPlaceholderText('验证码'), 'abcd');
    await screen.findByAltText('验证码');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
    await waitFor(() => expect(calls(spy, '/api/sysAuth/captcha')).toHaveLength(2));
    expect(readAccessToken()).toBeNull();
  });

  it('signs in with an SM2-encrypted password, stores the tokens and follows redirect', async () => {
    const spy = api({
      'POST /api/sysAuth/login': () => json({ accessToken: 'A1', refreshToken: 'R1', homepage: null }),
    });
    const router = await renderApp('/login?redirect=%2Fsystem%2Fdict');
    await userEvent.type(await screen.findByPlaceholderText('用户名或邮箱'), ' admin ');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'Lintel@2026');
    await userEvent.type(screen.getByPlaceholderText('验证码'), 'abcd');
    await screen.findByAltText('验证码');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/dict'));
    const body = JSON.parse(String(calls(spy, '/api/sysAuth/login')[0]?.[1]?.body)) as Record<string, string>;
    expect(body).toMatchObject({ account: 'admin', tenantId: '1300000000001', codeId: 'c1', code: 'abcd' });
    expect(body.password).toMatch(/^[0-9a-f]{200,}$/);
    expect(body.password).not.toContain('Lintel');
    expect(readAccessToken()).toBe('A1');
    expect(readRefreshToken()).toBe('R1');
    // The menu route opens the dictionary page.
    expect(await screen.findByText('字典类型')).toBeTruthy();
  });

  it('offers the tenants the server lists and signs in to the one chosen', async () => {
    const spy = api({
      'GET /api/sysTenant/list': () =>
        json([
          { label: 'Lintel Test', host: null, value: '1300000000001' },
          { label: 'Second site', host: 'b.example.com', value: '1300000000777' },
        ]),
      'GET /api/sysTenant/sysInfo/1300000000777': () =>
        json(sysInfo({ tenantId: '1300000000777', title: 'Second site', captcha: false })),
      'POST /api/sysAuth/login': () => json({ accessToken: 'A2', refreshToken: 'R2', homepage: null }),
    });
    await renderApp('/login');
    const select = await screen.findByLabelText('租户');
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('Second site'));
    expect((await screen.findAllByText('Second site')).length).toBeGreaterThan(1);
    await userEvent.type(await screen.findByPlaceholderText('用户名或邮箱'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'Lintel@2026');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(calls(spy, '/api/sysAuth/login')).toHaveLength(1));
    const body = JSON.parse(String(calls(spy, '/api/sysAuth/login')[0]?.[1]?.body)) as Record<string, string>;
    expect(body.tenantId).toBe('1300000000777');
  });

  it('shows no tenant choice while the server lists none', async () => {
    api({ 'GET /api/sysTenant/list': () => json([]) });
    await renderApp('/login');
    expect(await screen.findByText('欢迎回来')).toBeTruthy();
    expect(screen.queryByLabelText('租户')).toBeNull();
  });

  it('validates the mobile number and counts down the server resend wait', async () => {
    const spy = api({
      'POST /api/sysSms/sendSms/13800138000': () => json({ resendAfter: 60, expirySeconds: 300 }),
    });
    await renderApp('/login');
    await userEvent.click(await screen.findByText('手机号登录'));
    const phone = await screen.findByPlaceholderText('手机号');
    await userEvent.type(phone, '12345678901');
    await userEvent.click(button('获取验证码'));
    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeTruthy();
    expect(calls(spy, '/api/sysSms')).toHaveLength(0);
    await userEvent.clear(phone);
    await userEvent.type(phone, '13800138000');
    await userEvent.click(button('获取验证码'));
    await screen.findByText('60 秒后重新获取');
    expect(button('60 秒后重新获取').disabled).toBe(true);
    expect(String(calls(spy, '/api/sysSms')[0]?.[0])).toBe(
      '/api/sysSms/sendSms/13800138000?tenantId=1300000000001',
    );
  });

  it('switches the language of the page', async () => {
    api();
    await renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: '简体中文 (语言)' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByText('English'));
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    expect(localStorage.getItem('lintel:locale')).toBe('"en"');
  });
});
