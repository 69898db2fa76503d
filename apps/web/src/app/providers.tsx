import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { i18n, I18nProvider } from '../lib/i18n/i18n.ts';

/**
 * Every mutation's defaults. A save made offline fails at once with E-N00001Q (section 8). TanStack's default
 * ('online') holds it paused and sends it when the network returns — after the user was told nothing, or had cancelled
 * the dialog it came from. Queries keep pausing offline: the page shows the saved offline copy instead (issue 18).
 */
export const MUTATION_DEFAULTS = { networkMode: 'always' } as const;

export const queryClient = new QueryClient({
  // gcTime of a day: answers a page showed stay in the cache (and the user's offline copy, issue 18) when they leave it.
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: 24 * 3600_000 },
    mutations: MUTATION_DEFAULTS,
  },
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
