import {
  BgColorsOutlined,
  DownOutlined,
  GlobalOutlined,
  LockOutlined,
  LoginOutlined,
  LogoutOutlined,
  MenuOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { isConfigurationPage } from '@portal/contracts/routes';
import { Button, Drawer, Dropdown, Grid, Layout, Menu, type MenuProps } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LANGUAGE_ITEMS, LanguageSwitch } from '../components/language-switch.tsx';
import { Watermark } from '../components/watermark.tsx';
import {
  ShellFooterInfo,
  useConfiguredBuiltIns,
  useCustomNavigation,
} from '../features/workbench/components/shell-navigation.tsx';
import { ShellChatEntry, ShellNoticePrompt } from './chat-composition.tsx';
import { NavItemLink, OverflowNav, type ShellNavItem } from './overflow-nav.tsx';
import { setLanguage, type Language } from '../lib/i18n/i18n.ts';
import { loadPart } from '../lib/lazy/load-part.ts';
import { useSession } from '../lib/session/session-store.ts';
import { useRouteHandle } from './guard.tsx';
import { useLogout } from './use-logout.ts';
import { inTenantZone, tenantToday } from '../lib/time-zone.ts';
import { OfflineBanner } from '../features/offline/components/offline-banner.tsx';

// The lock and theme dialogs (Ant Design's Form, ColorPicker, Radio and the theme's schema) are code parts of their
// own, loaded when the user menu first opens one: every page of the shell paints without them (issue 10).
const LockDialog = lazy(() =>
  loadPart(() => import('../features/auth/components/lock-dialog.tsx')).then((m) => ({ default: m.LockDialog })),
);
const UserThemeDialog = lazy(() =>
  loadPart(() => import('../features/workbench/components/user-theme-dialog.tsx')).then((m) => ({
    default: m.UserThemeDialog,
  })),
);

/** Built-in navigation items of the top bar; configured items arrive with the workbench capability. */
const BUILT_IN_NAV = [
  { to: '/home/homePage', key: 'nav.homePage' },
  { to: '/home/serviceHall', key: 'nav.serviceHall' },
  { to: '/home/processServiceCenter', key: 'nav.processServiceCenter' },
  { to: '/home/applicationServiceCenter', key: 'nav.applicationServiceCenter' },
  { to: '/home/threelists', key: 'nav.threelists' },
  { to: '/home/effectivenessSupervision', key: 'nav.effectivenessSupervision' },
] as const;

/** The /home shell of 2.1: top navigation, page, footer (hidden where 2.1 says) and the watermark. */
export function Shell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handle = useRouteHandle();
  const user = useSession((s) => s.user);
  // A visitor (the login-free pages of 2.2, such as the three lists) has no session: no chat, lock, theme or
  // logout to offer — a log-in button instead, back to this page afterwards.
  const signedIn = useSession((s) => s.token !== null);
  const menus = useSession((s) => s.configurationMenu);
  const logout = useLogout();
  const builtIns = useConfiguredBuiltIns();
  const [lockOpen, setLockOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  // Under Ant Design's md breakpoint (768 px) the top navigation and the menus move into a drawer.
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;

  const configItems: MenuProps['items'] = menus.map((m) => ({
    key: m.path,
    label: t(`pages.${m.name}`, { defaultValue: m.title }),
  }));
  const userItems: MenuProps['items'] = signedIn
    ? [
        { key: 'personal', icon: <UserOutlined />, label: t('nav.personalCenter') },
        { key: 'theme', icon: <BgColorsOutlined />, label: t('workbench.theme.menu') },
        { key: 'lock', icon: <LockOutlined />, label: t('nav.lock') },
        { type: 'divider' },
        { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout') },
      ]
    : [{ key: 'login', icon: <LoginOutlined />, label: t('landing.login') }];
  const toLogin = () => navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'login') toLogin();
    if (key === 'personal') navigate('/home/PersonalCenter');
    if (key === 'theme') setThemeOpen(true);
    if (key === 'lock') setLockOpen(true);
    if (key === 'logout') void logout({ serverSide: true });
  };
  const customNav = useCustomNavigation();
  const navItems: ShellNavItem[] = [
    ...BUILT_IN_NAV.filter((item) => builtIns.visible(item.to)).map((item) => ({
      key: item.to,
      label: builtIns.name(item.to, item.key) ?? t(item.key),
      to: item.to,
      kind: 'route' as const,
    })),
    ...customNav.map((c) => ({ key: c.id, label: c.name, to: c.to, kind: c.kind })),
  ];
  // A route change closes the drawer (also one made by the back button).
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  const watermarkLines = user ? [`${user.user_name} ${user.account}`, `${user.user_id} ${tenantToday()}`] : [];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main-content">
        {t('nav.skipToContent')}
      </a>
      <Layout.Header className="portal-header">
        {compact && (
          <Button
            type="text"
            className="portal-header-button"
            icon={<MenuOutlined />}
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          />
        )}
        <NavLink to="/home/homePage" className="portal-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="portal-brand-name">
            {user?.tenant_name ?? ''} {t('app.title')}
          </span>
        </NavLink>
        {!compact && (
          <OverflowNav
            items={navItems}
            itemClassName="portal-nav-item"
            label={t('nav.mainNavigation')}
            moreLabel={t('nav.more')}
          />
        )}
        <div className="portal-header-tools">
          {!compact && configItems.length > 0 && (
            <Dropdown menu={{ items: configItems, onClick: ({ key }) => navigate(key) }} trigger={['click']}>
              <Button type="text" className="portal-header-button" icon={<SettingOutlined />}>
                {t('nav.config')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {signedIn && <ShellChatEntry className="portal-header-button" />}
          {!compact && <LanguageSwitch className="portal-header-button" />}
          {!compact && !signedIn && (
            <Button type="primary" className="portal-login-button" icon={<LoginOutlined />} onClick={toLogin}>
              {t('landing.login')}
            </Button>
          )}
          {!compact && signedIn && (
            <Dropdown menu={{ items: userItems, onClick: onUserMenu }} trigger={['click']}>
              <Button
                type="text"
                className="portal-header-button"
                icon={<UserOutlined />}
                aria-label={`${user?.user_name ?? ''} ${t('nav.userMenu')}`.trim()}
              >
                {user?.user_name} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </div>
      </Layout.Header>
      {compact && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={300}
          title={user?.user_name}
          closeIcon={<span aria-label={t('nav.closeMenu')}>✕</span>}
          styles={{ body: { padding: 0 } }}
        >
          <nav aria-label={t('nav.mainNavigation')} className="portal-drawer-nav">
            {navItems.map((item) => (
              <NavItemLink
                key={item.key}
                item={item}
                className="portal-drawer-item"
                onClick={() => setDrawerOpen(false)}
              />
            ))}
          </nav>
          <Menu
            mode="inline"
            selectable={false}
            aria-label={`${user?.user_name ?? ''} ${t('nav.userMenu')}`.trim()}
            items={[
              ...(configItems.length
                ? [{ key: 'config', icon: <SettingOutlined />, label: t('nav.config'), children: configItems }]
                : []),
              { key: 'lang', icon: <GlobalOutlined />, label: t('app.language'), children: LANGUAGE_ITEMS },
              ...userItems,
            ]}
            onClick={({ key, keyPath }) => {
              setDrawerOpen(false);
              if (keyPath.includes('lang')) setLanguage(key as Language);
              else if (keyPath.includes('config')) navigate(key);
              else onUserMenu({ key } as Parameters<NonNullable<MenuProps['onClick']>>[0]);
            }}
          />
        </Drawer>
      )}
      <Layout.Content className="portal-content" id="main-content" tabIndex={-1}>
        <OfflineBanner />
        <Outlet />
      </Layout.Content>
      {!handle?.hideFooter && (
        <Layout.Footer className="portal-footer">
          <ShellFooterInfo
            defaultCopyright={
              <>
                © {inTenantZone().year()} {user?.tenant_name} {t('footer.copyright')}
              </>
            }
          />
          <div>{t('footer.support')}</div>
        </Layout.Footer>
      )}
      {/* The prompt stands in the bottom-right corner, where the configuration pages' tables have their actions: there
          it waits for the next other page (the notices stay in the message center meanwhile). */}
      <ShellNoticePrompt enabled={!!user && !isConfigurationPage(location.pathname)} />
      {user && <Watermark lines={watermarkLines} />}
      {lockOpen && (
        <Suspense fallback={null}>
          <LockDialog open onClose={() => setLockOpen(false)} />
        </Suspense>
      )}
      {themeOpen && (
        <Suspense fallback={null}>
          <UserThemeDialog open onClose={() => setThemeOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
