import { Outlet } from 'react-router';
import { AntdNotifier, AntdTheme } from '../components/antd-theme.tsx';
import './i18n-texts.ts';

/**
 * The layout of every page built with Ant Design: its providers, its style sheet and every feature's texts, in a code
 * part of their own. `/`, `/login`, the shell of /home and the home page are plain React and CSS and sit outside it,
 * so their scripts and style sheets hold no Ant Design (issue 10, ADRs 0038, 0042).
 */
export function AntdRoot() {
  return (
    <AntdTheme>
      <AntdNotifier />
      <Outlet />
    </AntdTheme>
  );
}
