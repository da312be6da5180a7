import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useLocaleStore } from '../locales/locale-store';

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

const theme = { token: { colorPrimary: PRIMARY_COLOR } };

// Toasts are rendered by antd's static message API (see shared/api/notify.ts); this gives them the theme.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider>,
});

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale} theme={theme}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
