import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DEFAULT_THEME_COLOR, TOAST_DURATION_MS } from '@portal/contracts/constants';
import { plainNotifier } from '../components/plain-toast.tsx';
import { setNotifier } from '../lib/http/notify.ts';
import { useSession } from '../lib/session/session-store.ts';
import { accessibleColor, normalizeHex } from '../lib/theme/theme.ts';
import { SessionDialogs } from './session-dialogs.tsx';
import './antd.css';
import './i18n-texts.ts';

/** WCAG 2.3.3: a person who asked their system for less motion gets no Ant Design animations. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Ant Design's locale and theme colour, and its App (message, modal) with the portal's toast settings. */
export function AntdTheme({ children }: { children: ReactNode }) {
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
        // Ant Design's styles come from its prebuilt style sheet (antd.css beside this file), not from styles
        // computed in the browser as each component first renders: on a phone that computing was most of the first
        // page's main-thread time (issue 10, ADR 0037). The theme's tokens still reach the sheet as CSS variables.
        zeroRuntime: true,
      }}
    >
      <AntApp message={{ duration: TOAST_DURATION_MS / 1000, maxCount: 3 }}>{children}</AntApp>
    </ConfigProvider>
  );
}

/** While a page of this layout is shown, the call errors of section 8 are Ant Design toasts. */
function AntdNotifier() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier({
      error: (text, duration = TOAST_DURATION_MS) => void message.error({ content: text, duration: duration / 1000 }),
      warning: (text, duration = TOAST_DURATION_MS) =>
        void message.warning({ content: text, duration: duration / 1000 }),
    });
    return () => setNotifier(plainNotifier);
  }, [message]);
  return null;
}

/**
 * The layout of every page built with Ant Design: its providers, its style sheet and the session dialogs, in a code
 * part of their own. `/` and `/login` are plain React and CSS and sit outside it, so their first script and style
 * sheet hold no Ant Design (issue 10, ADR 0038).
 */
export function AntdRoot() {
  return (
    <AntdTheme>
      <AntdNotifier />
      <Outlet />
      <SessionDialogs />
    </AntdTheme>
  );
}
