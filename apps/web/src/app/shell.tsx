import { BgColorsOutlined, DownOutlined, GlobalOutlined, LockOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Layout, type MenuProps } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Watermark } from '../components/watermark.tsx';
import { LockDialog } from '../features/auth/components/lock-dialog.tsx';
import { ChatEntry } from '../features/chat/components/chat-entry.tsx';
import { NoticePrompt } from '../features/chat/components/notice-prompt.tsx';
import { ShellFooterInfo, ShellNavigation, useConfiguredBuiltIns } from '../features/workbench/components/shell-navigation.tsx';
import { UserThemeDialog } from '../features/workbench/components/user-theme-dialog.tsx';
import { setLanguage, type Language } from '../lib/i18n/i18n.ts';
import { useSession } from '../lib/session/session-store.ts';
import { useRouteHandle } from './guard.tsx';
import { useLogout } from './use-logout.ts';

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
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const handle = useRouteHandle();
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.configurationMenu);
  const logout = useLogout();
  const builtIns = useConfiguredBuiltIns();
  const [lockOpen, setLockOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);

  const configItems: MenuProps['items'] = menus.map((m) => ({ key: m.path, label: t(`pages.${m.name}`, { defaultValue: m.title }) }));
  const userItems: MenuProps['items'] = [
    { key: 'personal', icon: <UserOutlined />, label: t('nav.personalCenter') },
    { key: 'theme', icon: <BgColorsOutlined />, label: t('workbench.theme.menu') },
    { key: 'lock', icon: <LockOutlined />, label: t('nav.lock') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout') },
  ];
  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'personal') navigate('/home/PersonalCenter');
    if (key === 'theme') setThemeOpen(true);
    if (key === 'lock') setLockOpen(true);
    if (key === 'logout') void logout({ serverSide: true });
  };
  const langItems: MenuProps['items'] = [
    { key: 'zh-CN', label: '简体中文' },
    { key: 'en-US', label: 'English' },
  ];
  const watermarkLines = user ? [`${user.user_name} ${user.account}`, `${user.user_id} ${dayjs().format('YYYY-MM-DD')}`] : [];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="portal-header">
        <NavLink to="/home/homePage" className="portal-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{user?.tenant_name ?? ''} {t('app.title')}</span>
        </NavLink>
        <nav aria-label={t('nav.mainNavigation')} className="portal-nav">
          {BUILT_IN_NAV.filter((item) => builtIns.visible(item.to)).map((item) => (
            <NavLink key={item.to} to={item.to} className={({ isActive }) => (isActive ? 'portal-nav-item active' : 'portal-nav-item')}>
              {builtIns.name(item.to, item.key) ?? t(item.key)}
            </NavLink>
          ))}
          <ShellNavigation itemClassName="portal-nav-item" />
        </nav>
        <div className="portal-header-tools">
          {configItems.length > 0 && (
            <Dropdown menu={{ items: configItems, onClick: ({ key }) => navigate(key) }} trigger={['click']}>
              <Button type="text" className="portal-header-button" icon={<SettingOutlined />}>
                {t('nav.config')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
          <ChatEntry className="portal-header-button" />
          <Dropdown menu={{ items: langItems, selectedKeys: [i18n.language], onClick: ({ key }) => setLanguage(key as Language) }} trigger={['click']}>
            <Button type="text" className="portal-header-button" icon={<GlobalOutlined />} aria-label={t('app.language')}>
              {i18n.language === 'en-US' ? 'EN' : '中'}
            </Button>
          </Dropdown>
          <Dropdown menu={{ items: userItems, onClick: onUserMenu }} trigger={['click']}>
            <Button type="text" className="portal-header-button" icon={<UserOutlined />} aria-label={`${user?.user_name ?? ''} ${t('nav.userMenu')}`.trim()}>
              {user?.user_name} <DownOutlined />
            </Button>
          </Dropdown>
        </div>
      </Layout.Header>
      <Layout.Content className="portal-content">
        <main>
          <Outlet />
        </main>
      </Layout.Content>
      {!handle?.hideFooter && (
        <Layout.Footer className="portal-footer">
          <div>
            © {dayjs().year()} {user?.tenant_name} {t('footer.copyright')}
          </div>
          <div>{t('footer.support')}</div>
          <ShellFooterInfo />
        </Layout.Footer>
      )}
      <NoticePrompt enabled={!!user} />
      {user && <Watermark lines={watermarkLines} />}
      <LockDialog open={lockOpen} onClose={() => setLockOpen(false)} />
      <UserThemeDialog open={themeOpen} onClose={() => setThemeOpen(false)} />
    </Layout>
  );
}
