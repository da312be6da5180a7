import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useLocaleStore } from '../locales/locale-store';
import { antdThemeOf, componentSizeOf } from './settings/antd-theme';
import { useEffectiveThemeConfig } from './settings/tenant-defaults';
import { AppPagesContext } from '../shared/routing/app-pages-context';
import { appPages } from './routing/app-pages';

/** SPEC 9 default theme. */
export const PRIMARY_COLOR = '#0f59a4';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already toasts failures; retrying a 4xx only repeats the toast.
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}

/** antd's theme, language and size from the layout settings, live: the drawer's changes apply at once. */
function ThemedConfig({ children }: { children: ReactNode }) {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  const { primary, isDark, componentSize } = useEffectiveThemeConfig();
  const theme = useMemo(() => antdThemeOf({ primary, isDark }), [primary, isDark]);
  return (
    <ConfigProvider locale={antdLocale} theme={theme} componentSize={componentSizeOf(componentSize)}>
      {children}
    </ConfigProvider>
  );
}

// Toasts and static modals are rendered by antd's static API (see shared/api/notify.ts) outside the
// app's tree; this holder gives them the same live theme, language and size.
ConfigProvider.config({
  holderRender: (children) => <ThemedConfig>{children}</ThemedConfig>,
});

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppPagesContext.Provider value={appPages}>
        <ThemedConfig>{children}</ThemedConfig>
      </AppPagesContext.Provider>
    </QueryClientProvider>
  );
}
