import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../test/render-page';
import { initI18n } from '../../locales/i18n';
import { setNotifier } from '../api/notify';
import { json, stubApi, type Routes } from '../../test/render-app';
import { OAuthBindings } from './oauth-bindings';

const providers = [
  {
    code: 'github',
    name: 'GitHub',
    icon: 'GithubOutlined',
    bound: true,
    bindTime: '2026-11-20T10:00:00.000+08:00',
  },
  { code: 'keycloak', name: 'Keycloak', icon: null, bound: false, bindTime: null },
];

async function renderBindings(path = '/system/userCenter', routes: Routes = {}) {
  const spy = stubApi({ 'GET /api/sysOAuth/myBindings': () => json(providers), ...routes });
  await initI18n('zh-CN');
  const router = createMemoryRouter([{ path: '/system/userCenter', element: <OAuthBindings /> }], {
    initialEntries: [path],
  });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { spy, router };
}

const bodyOf = (spy: ReturnType<typeof stubApi>, path: string) =>
  JSON.parse(String(spy.mock.calls.find(([url]) => String(url).includes(path))![1]!.body)) as unknown;

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('OAuthBindings', () => {
  it('lists the providers with their linked state', async () => {
    await renderBindings();
    expect(await screen.findByText('GitHub')).toBeTruthy();
    expect(screen.getByText('已绑定')).toBeTruthy();
    expect(screen.getByText('未绑定')).toBeTruthy();
    expect(screen.getByText(/绑定于 2026-11-20/)).toBeTruthy();
  });

  it('starts linking at the provider address the server returns', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { spy } = await renderBindings('/system/userCenter', {
      'POST /api/sysOAuth/link': () => json({ url: 'https://idp.example/authorize?state=s' }),
    });
    await screen.findByText('Keycloak');
    await userEvent.click(screen.getByText(/^绑\s*定$/).closest('button')!);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?state=s'));
    expect(bodyOf(spy, '/api/sysOAuth/link')).toEqual({ provider: 'keycloak' });
  });

  it('unlinks after confirmation', async () => {
    const success = vi.fn();
    setNotifier({ success, error: vi.fn() });
    const { spy } = await renderBindings('/system/userCenter', {
      'POST /api/sysOAuth/unlink': () => json(null),
    });
    await screen.findByText('GitHub');
    await userEvent.click(screen.getByText(/^解\s*绑$/).closest('button')!);
    expect(await screen.findByText('确定解绑 GitHub 吗？解绑后将无法再用它登录。')).toBeTruthy();
    const buttons = screen.getAllByText(/^解\s*绑$/);
    await userEvent.click(buttons[buttons.length - 1]!.closest('button')!);
    await waitFor(() => expect(success).toHaveBeenCalledWith('已解绑。'));
    expect(bodyOf(spy, '/api/sysOAuth/unlink')).toEqual({ provider: 'github' });
  });

  it('announces a finished link and explains a refused one', async () => {
    const success = vi.fn();
    setNotifier({ success, error: vi.fn() });
    const { router } = await renderBindings('/system/userCenter?oauthBound=github');
    await waitFor(() => expect(success).toHaveBeenCalledWith('GitHub 绑定成功。'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('explains an identity already linked to someone else', async () => {
    await renderBindings('/system/userCenter?oauthError=alreadyBound');
    expect(await screen.findByText('该第三方账号已绑定其他账号。')).toBeTruthy();
  });
});
