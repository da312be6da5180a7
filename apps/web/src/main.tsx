import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { createQueryClient, Providers } from './app/providers';
import { initI18n, storedLocale } from './locales/i18n';
import { useLocaleStore } from './locales/locale-store';
import './app/global.css';

async function start() {
  const locale = storedLocale();
  // Messages, antd and dayjs locales are ready before the first paint: no flash of another language.
  await initI18n(locale, 'boot');
  await useLocaleStore.getState().setLocale(locale);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={createAppRouter()} />
      </Providers>
    </StrictMode>,
  );
}

void start();
