import type { PluginRow } from '@lintel/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../test/render-page';
import { initI18n } from '../../../locales/i18n';
import { pageOf, userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import PluginPage from './plugin-page';

const plugin = (over: Partial<PluginRow>): PluginRow => ({
  id: '1',
  name: 'hello-notes',
  version: '1.0.0',
  description: 'Sample plugin',
  source: 'folder',
  status: 1,
  error: null,
  loadedTime: '2026-11-25T08:00:00.000+08:00',
  pendingRestart: false,
  routes: [{ method: 'GET', url: '/api/plugin/hello-notes', permission: 'helloNotes:list' }],
  permissions: ['helloNotes:list'],
  createTime: '2026-11-25T08:00:00.000+08:00',
  ...over,
});
const ROWS = [
  plugin({}),
  plugin({
    id: '2',
    name: 'broken',
    loadedTime: null,
    error: 'route GET /secret is not declared in plugin.json',
    routes: [],
  }),
  plugin({ id: '3', name: 'fresh', source: 'upload', loadedTime: null, pendingRestart: true, routes: [] }),
];
const ALL = ['sysPlugin:page', 'sysPlugin:add', 'sysPlugin:setStatus', 'sysPlugin:delete'];

async function renderPage(apis: string[]) {
  const spy = stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ id: '1', apis })),
    'POST /api/sysPlugin/page': () => json(pageOf(ROWS)),
    'POST /api/sysPlugin/setStatus': () => json(null),
  });
  await initI18n('en');
  const router = createMemoryRouter([{ path: '/', element: <PluginPage /> }]);
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return spy;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

describe('plugins page', () => {
  it('shows each plugin as loaded, refused with its reason, or waiting for the next start', async () => {
    await renderPage(ALL);
    expect(await screen.findByText('hello-notes')).toBeTruthy();
    expect(within(rowOf('hello-notes')).getByText('2026-11-25 08:00:00')).toBeTruthy();
    expect(within(rowOf('hello-notes')).getByText(/GET \/api\/plugin\/hello-notes/)).toBeTruthy();
    expect(within(rowOf('broken')).getByText('Refused')).toBeTruthy();
    expect(within(rowOf('broken')).getByText(/GET \/secret is not declared/)).toBeTruthy();
    expect(within(rowOf('fresh')).getByText('Loads at next start')).toBeTruthy();
    expect(within(rowOf('fresh')).getByText('Upload')).toBeTruthy();
    expect(screen.getByText(/Upload plugin/)).toBeTruthy();
  });

  it('switches a plugin off with setStatus', async () => {
    const spy = await renderPage(ALL);
    await screen.findByText('hello-notes');
    await userEvent.click(screen.getByLabelText('Enable hello-notes'));
    await waitFor(() =>
      expect(
        spy.mock.calls
          .filter(([url]) => String(url).includes('/api/sysPlugin/setStatus'))
          .map(([, init]) => JSON.parse(String(init!.body))),
      ).toEqual([{ id: '1', status: 2 }]),
    );
  });

  it('offers neither upload nor switch without the permissions', async () => {
    await renderPage(['sysPlugin:page']);
    await screen.findByText('hello-notes');
    expect(screen.queryByText(/Upload plugin/)).toBeNull();
    expect((screen.getByLabelText('Enable hello-notes') as HTMLButtonElement).disabled).toBe(true);
  });
});
