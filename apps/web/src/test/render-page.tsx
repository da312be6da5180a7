import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { initI18n } from '../locales/i18n';

/** Test helper (not a test): renders one element at `/here` with the app's providers, in English. */
export async function renderPage(element: ReactNode) {
  await initI18n('en');
  const { i18n } = await import('../locales/i18n');
  await i18n.changeLanguage('en');
  const { loadMessages } = await import('../locales/i18n');
  await loadMessages('en');
  const router = createMemoryRouter(
    [
      { path: '/here', element },
      { path: '/login', element: <div data-testid="login-page" /> },
    ],
    { initialEntries: ['/here'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

export { createQueryClient, Providers };
