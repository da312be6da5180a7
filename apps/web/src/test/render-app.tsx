import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { appRoutes } from '../app/router';
import { initI18n } from '../locales/i18n';

/** Responses by "METHOD path" (query string ignored); anything else answers 404. */
export type Routes = Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>;

export const json = (result: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(
    JSON.stringify({
      code: status,
      type: status === 200 ? 'success' : 'error',
      message: status === 200 ? '' : String(result),
      result: status === 200 ? result : null,
    }),
    {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    },
  );

/** Stubs fetch with the given API answers and returns the spy. */
export function stubApi(routes: Routes) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0];
    const handler = routes[`${init?.method ?? 'GET'} ${path}`];
    return handler ? handler(init) : json('not found', 404);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** Renders the whole app (providers, routes, guard) at a path, in zh-CN. */
export async function renderApp(path: string) {
  await initI18n('zh-CN');
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/**
 * Loads the lazily imported views a whole-app test may reach, up front: an import still in flight
 * when a test file ends fails the run ("environment torn down"), which a cold, busy CI machine hits.
 */
export async function preloadAppViews(): Promise<void> {
  // One after another: parallel imports sharing antd modules can hand one of them a module that is
  // still loading (the module runner takes it for a cycle), which then finishes after the file ends.
  const views = [
    () => import('../features/auth/login-page'),
    () => import('../shared/oauth/third-party-links'),
    () => import('../features/errors/not-found-page'),
    () => import('../features/errors/no-permission-page'),
    () => import('../features/dashboard/home-page'),
    () => import('../app/shell/app-shell'),
    () => import('../app/routing/session-error'),
  ];
  for (const load of views) await load();
}
