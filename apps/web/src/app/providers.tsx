import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@portal/contracts/constants';
import { i18n } from '../lib/i18n/i18n.ts';
import { useSession } from '../lib/session/session-store.ts';
import { accessibleColor, normalizeHex } from '../lib/theme/theme.ts';
import { DEFAULT_THEME_COLOR } from '@portal/contracts/constants';

export const queryClient = new QueryClient({
  // gcTime of a day: answers a page showed stay in the cache (and the user's offline copy, issue 18) when they leave it.
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: 24 * 3600_000 } },
});

/** WCAG 2.3.3: a person who asked their system for less motion gets no Ant Design animations. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

function Themed({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const color = normalizeHex(useSession((s) => s.theme?.themeColor)) ?? DEFAULT_THEME_COLOR;
  const english = current.language === 'en-US';
  dayjs.locale(english ? 'en' : 'zh-cn');
  return (
    <ConfigProvider
      locale={english ? enUS : zhCN}
      theme={{
        token: {
          colorPrimary: accessibleColor(color),
          colorLink: accessibleColor(color),
          borderRadius: 6,
          motion: !prefersReducedMotion(),
        },
        // Ant Design's styles come from its prebuilt style sheet (antd/dist/antd.css, imported by main.tsx), not from
        // styles computed in the browser as each component first renders: on a phone that computing was most of the
        // first page's main-thread time (issue 10). The theme's tokens still reach the sheet as CSS variables.
        zeroRuntime: true,
      }}
    >
      <AntApp message={{ duration: TOAST_DURATION_MS / 1000, maxCount: 3 }}>{children}</AntApp>
    </ConfigProvider>
  );
}

/** Providers every page sits in: i18n, Ant Design (locale and theme colour), TanStack Query. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Themed>{children}</Themed>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
