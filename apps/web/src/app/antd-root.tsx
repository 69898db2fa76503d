import { Outlet } from 'react-router';
import { AntdNotifier, AntdTheme } from '../components/antd-theme.tsx';
import { SessionDialogs } from './session-dialogs.tsx';
import './i18n-texts.ts';

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
