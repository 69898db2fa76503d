import {
  CheckCircleFilled,
  CloseCircleFilled,
  DownOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { DEFAULT_THEME_COLOR, TOAST_DURATION_MS } from '@portal/contracts/constants';
import { setNotifier } from '../lib/http/notify.ts';
import { useSession } from '../lib/session/session-store.ts';
import { accessibleColor, normalizeHex } from '../lib/theme/theme.ts';
import { AntdPresent } from './antd-island.tsx';
import { keepTabInsideOpenDialogs } from './focus-cycle.tsx';
import { plainNotifier } from './plain-toast.tsx';
import './antd.css';
import { useToast } from './toast.tsx';

/** WCAG 2.3.3: a person who asked their system for less motion gets no Ant Design animations. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Ant Design's English asks "Please enter Card name": a label is a title, capitalised, not a word inside a sentence. The
 * label leads instead. (Its zh-CN, 请输入卡片名称, reads as it should.)
 */
const ENGLISH_VALIDATE_MESSAGES = { required: '${label} is required' };

/**
 * The icons Ant Design draws on its own, hidden from assistive technology: each names itself in English ("down",
 * "info-circle", "close-circle"), read beside a select and inside an alert's or a confirmation's text in both
 * languages. What they show is said by the text beside them.
 */
const STATUS_ICONS = {
  successIcon: <CheckCircleFilled aria-hidden />,
  infoIcon: <InfoCircleFilled aria-hidden />,
  warningIcon: <ExclamationCircleFilled aria-hidden />,
  errorIcon: <CloseCircleFilled aria-hidden />,
};
const SELECT = { suffixIcon: <DownOutlined aria-hidden /> };
/**
 * Ant Design puts a space between the two characters of a two-character Chinese button (编 辑): a screen reader reads
 * it apart, and the visible text is then not inside a name that begins with it ("编辑 国庆节", WCAG 2.5.3). No space.
 */
const BUTTON = { autoInsertSpace: false };

/**
 * Ant Design's locale and theme colour, and its App (message, modal) with the portal's toast settings. Used by the Ant
 * Design layout (app/antd-root.tsx) and by the islands of the plain pages (antd-island.tsx).
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  useEffect(keepTabInsideOpenDialogs, []);
  const color = normalizeHex(useSession((s) => s.theme?.themeColor)) ?? DEFAULT_THEME_COLOR;
  const english = current.language === 'en-US';
  dayjs.locale(english ? 'en' : 'zh-cn');
  return (
    <AntdPresent value>
      <ConfigProvider
        locale={english ? enUS : zhCN}
        form={english ? { validateMessages: ENGLISH_VALIDATE_MESSAGES } : undefined}
        button={BUTTON}
        select={SELECT}
        alert={STATUS_ICONS}
        modal={STATUS_ICONS}
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
    </AntdPresent>
  );
}

/** While it is mounted, the toasts (call errors of section 8, confirmations) are Ant Design's. */
export function AntdNotifier() {
  const message = useToast();
  useEffect(() => {
    const show =
      (kind: 'error' | 'warning' | 'success') =>
      (text: string, duration = TOAST_DURATION_MS) =>
        void message[kind]({ content: text, duration: duration / 1000 });
    setNotifier({ error: show('error'), warning: show('warning'), success: show('success') });
    return () => setNotifier(plainNotifier);
  }, [message]);
  return null;
}
