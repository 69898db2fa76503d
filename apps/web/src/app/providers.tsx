import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { i18n, I18nProvider } from '../lib/i18n/i18n.ts';

export const queryClient = new QueryClient({
  // gcTime of a day: answers a page showed stay in the cache (and the user's offline copy, issue 18) when they leave it.
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: 24 * 3600_000 } },
});

/**
 * Providers every page sits in: i18n and TanStack Query (the page's client; the server's first screen has its own). Ant Design's (locale, theme colour, message) are in the layout
 * of the pages that use it (antd-root.tsx), not in the first script.
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}
