import BgColorsOutlined from '@ant-design/icons-svg/es/asn/BgColorsOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import LoginOutlined from '@ant-design/icons-svg/es/asn/LoginOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { isConfigurationPage } from '@portal/contracts/routes';
import { lazy, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { AntdIsland } from '../components/antd-island.tsx';
import { Globe, LanguageSwitch, languageItems } from '../components/language-switch.tsx';
import { PlainDrawer } from '../components/plain-drawer.tsx';
import { PlainIcon } from '../components/plain-icon.tsx';
import { PlainMenuButton, PlainMenuList, type PlainMenuItem } from '../components/plain-menu.tsx';
import { Watermark } from '../components/watermark.tsx';
import {
  ShellFooterInfo,
  useConfiguredBuiltIns,
  useCustomNavigation,
} from '../features/workbench/components/shell-navigation.tsx';
import { NavItemLink, OverflowNav, type ShellNavItem } from './overflow-nav.tsx';
import { chatZhCN } from '../features/chat/i18n.ts';
import { messagesZhCN } from '../features/messages/i18n.ts';
import { workbenchZhCN } from '../features/workbench/i18n.ts';
import { addTexts, setLanguage, type Language, useTranslation } from '../lib/i18n/i18n.ts';
import { wantsFocusOnMain } from '../lib/focus-main.ts';
import { loadPart } from '../lib/lazy/load-part.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { useSession } from '../lib/session/session-store.ts';
import { NARROW, useMediaQuery } from '../lib/use-media-query.ts';
import { useRouteHandle } from './route-handle.ts';
import { useLogout } from './use-logout.ts';
import { tenantToday, tenantYear } from '../lib/tenant-clock.ts';
import { OfflineBanner } from '../features/offline/components/offline-banner.tsx';
import { useQuery } from '@tanstack/react-query';
import { footerConfigQueryOptions } from '../features/services/api/get-footer-config.ts';
import { landingTenant } from '../features/services/lib/tenant.ts';

// The shell paints outside the Ant Design layout, which registers every feature's texts: it brings those of its own
// parts (navigation, theme, footer and home cards; the chat entry; the notice prompt).
addTexts(workbenchZhCN, () => import('../features/workbench/i18n.en-US.ts').then((m) => m.workbenchEnUS));
addTexts(chatZhCN, () => import('../features/chat/i18n.en-US.ts').then((m) => m.chatEnUS));
addTexts(messagesZhCN, () => import('../features/messages/i18n.en-US.ts').then((m) => m.messagesEnUS));

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

// The chat (its client and socket, the unread count, the notice prompt that the socket refreshes) is a code part of its
// own, asked for when the shell first renders and not waited for: the page paints without it, the header showing the
// chat entry at once and its count when the part is in (issue 10).
// A part that does not arrive (offline before the service worker cached it) leaves the entry as it is while pending.
type ChatPart = typeof import('./chat-composition.tsx');
function useChatPart(wanted: boolean): { part: ChatPart | null; failed: boolean } {
  const [part, setPart] = useState<ChatPart | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || part) return;
    let live = true;
    // Asked for in a task of its own, not in the effects of the shell's first commit: the part's style sheets and
    // preloads going into the head are tens of milliseconds of a phone's main thread (issue 10).
    void Promise.resolve(yieldToMain()).then(() => {
      if (!live) return;
      loadPart(() => import('./chat-composition.tsx')).then(
        (m) => live && setPart(m),
        () => live && setFailed(true),
      );
    });
    return () => {
      live = false;
    };
  }, [wanted, part]);
  return { part, failed };
}

/**
 * The chat entry while its part loads: the same button; a press opens the panel once the part is in. A part that did
 * not arrive (a network drop, or a page left open across a redeploy whose old parts are gone) is said at the press,
 * with 重新加载, which loads the page and its parts afresh; the press did nothing before.
 */
function PendingChatEntry({ className, onOpen, failed }: { className: string; onOpen: () => void; failed: boolean }) {
  const { t } = useTranslation();
  // Pressed before the failure was known, it is said when it is.
  const [told, setTold] = useState(false);
  return (
    <span className="chat-entry-pending">
      <button
        type="button"
        className={`plain-button plain-button-text ${className}`}
        aria-label={t('chat.entry')}
        onClick={() => {
          setTold(true);
          onOpen();
        }}
      >
        <PlainIcon icon={MessageOutlined} />
      </button>
      {failed && told && (
        <span className="chat-entry-failed">
          <span role="alert">{t('errors.chatPartLoad')}</span>
          <button type="button" className="plain-button plain-button-small" onClick={() => window.location.reload()}>
            {t('errors.partLoadRetry')}
          </button>
        </span>
      )}
    </span>
  );
}

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
/**
 * The /home shell of 2.1: top navigation, page, footer (hidden where 2.1 says) and the watermark. Plain React and CSS
 * (issue 10, ADR 0042): its menus, drawer and icons paint without Ant Design, which the pages inside bring if they need
 * it.
 */
export function Shell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const handle = useRouteHandle();
  const user = useSession((s) => s.user);
  // A visitor (the login-free pages of 2.2, such as the three lists) has no session: no chat, lock, theme or
  // logout to offer — a log-in button instead, back to this page afterwards.
  const signedIn = useSession((s) => s.token !== null);
  // A visitor's school: its name and footer from the landing page's own call (the session's are not there).
  const visitorFooter = useQuery({ ...footerConfigQueryOptions(landingTenant()), enabled: !signedIn });
  const schoolName = user?.tenant_name ?? (signedIn ? '' : (visitorFooter.data?.schoolName ?? ''));
  const { part: chat, failed: chatFailed } = useChatPart(signedIn);
  const menus = useSession((s) => s.configurationMenu);
  const logout = useLogout();
  const builtIns = useConfiguredBuiltIns();
  const [lockOpen, setLockOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The chat entry pressed before its part was in: the panel opens when it is.
  const [chatWanted, setChatWanted] = useState(false);
  const location = useLocation();
  // Under Ant Design's md breakpoint (768 px) the top navigation and the menus move into a drawer.
  const compact = useMediaQuery(NARROW);

  const configItems: PlainMenuItem[] = menus.map((m) => ({
    key: `config:${m.path}`,
    label: t(`pages.${m.name}`, { defaultValue: m.title }),
    current: location.pathname === m.path,
  }));
  const userItems: PlainMenuItem[] = signedIn
    ? [
        { key: 'personal', icon: <PlainIcon icon={UserOutlined} />, label: t('nav.personalCenter') },
        { key: 'theme', icon: <PlainIcon icon={BgColorsOutlined} />, label: t('workbench.theme.menu') },
        { key: 'lock', icon: <PlainIcon icon={LockOutlined} />, label: t('nav.lock') },
        { key: 'logout', icon: <PlainIcon icon={LogoutOutlined} />, label: t('nav.logout'), dividerBefore: true },
      ]
    : [{ key: 'login', icon: <PlainIcon icon={LoginOutlined} />, label: t('landing.login') }];
  const toLogin = () => navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
  const onMenu = (key: string) => {
    if (key.startsWith('config:')) void navigate(key.slice('config:'.length));
    if (key.startsWith('lang:')) setLanguage(key.slice('lang:'.length) as Language);
    if (key === 'login') toLogin();
    if (key === 'personal') void navigate('/home/PersonalCenter');
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
  // Back from the lock page (FOCUS_MAIN in the navigation's state): the shell is a new one, what opened the lock
  // is gone with the old one, and focus would stay on the page's body (the next Tab starting again from the top). It
  // goes to the page's main landmark instead.
  const mainRef = useRef<HTMLElement>(null);
  const focusMain = wantsFocusOnMain(location.state);
  useEffect(() => {
    if (focusMain) mainRef.current?.focus({ preventScroll: true });
  }, [focusMain, location.key]);
  const watermarkLines = user ? [`${user.user_name} ${user.account}`, `${user.user_id} ${tenantToday()}`] : [];
  const userMenuLabel = `${user?.user_name ?? ''} ${t('nav.userMenu')}`.trim();
  // The drawer's one menu: the configuration pages, the two languages, then the user's items.
  const drawerItems: PlainMenuItem[] = [
    ...configItems.map((c) => ({ ...c, icon: <PlainIcon icon={SettingOutlined} /> })),
    ...languageItems(i18n.language).map((l, i) => ({
      ...l,
      key: `lang:${l.key}`,
      icon: <Globe />,
      dividerBefore: i === 0 && configItems.length > 0,
    })),
    ...userItems.map((u, i) => ({ ...u, dividerBefore: i === 0 || u.dividerBefore })),
  ];

  return (
    <div className="portal-layout">
      <a className="skip-link" href="#main-content">
        {t('nav.skipToContent')}
      </a>
      <header className="portal-header">
        {compact && (
          <button
            type="button"
            className="plain-button plain-button-text portal-header-button portal-menu-toggle"
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <PlainIcon icon={MenuOutlined} />
          </button>
        )}
        <NavLink to="/home/homePage" className="portal-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="portal-brand-name">
            {schoolName} {t('app.title')}
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
            <PlainMenuButton
              className="portal-header-button"
              label={t('nav.config')}
              content={
                <>
                  <PlainIcon icon={SettingOutlined} />
                  {t('nav.config')}
                  <PlainIcon icon={DownOutlined} className="plain-icon-small" />
                </>
              }
              items={configItems}
              onSelect={onMenu}
            />
          )}
          {signedIn &&
            (chat ? (
              <chat.ShellChatEntry className="portal-header-button" openAtStart={chatWanted} />
            ) : (
              <PendingChatEntry
                className="portal-header-button"
                onOpen={() => setChatWanted(true)}
                failed={chatFailed}
              />
            ))}
          {!compact && <LanguageSwitch className="portal-header-button" />}
          {!compact && !signedIn && (
            <button type="button" className="plain-button plain-button-primary portal-login-button" onClick={toLogin}>
              <PlainIcon icon={LoginOutlined} />
              {t('landing.login')}
            </button>
          )}
          {!compact && signedIn && (
            <PlainMenuButton
              className="portal-header-button"
              label={userMenuLabel}
              content={
                <>
                  <PlainIcon icon={UserOutlined} />
                  {user?.user_name}
                  <PlainIcon icon={DownOutlined} className="plain-icon-small" />
                </>
              }
              items={userItems}
              onSelect={onMenu}
            />
          )}
        </div>
      </header>
      {compact && (
        <PlainDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={user?.user_name}>
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
          <PlainMenuList
            className="portal-drawer-menu"
            label={userMenuLabel}
            items={drawerItems}
            onSelect={(key) => {
              setDrawerOpen(false);
              onMenu(key);
            }}
          />
        </PlainDrawer>
      )}
      <main className="portal-content" id="main-content" tabIndex={-1} ref={mainRef}>
        <OfflineBanner />
        <Outlet />
      </main>
      {!handle?.hideFooter && (
        <footer className="portal-footer">
          {signedIn ? (
            <ShellFooterInfo
              defaultCopyright={
                <>
                  © {tenantYear()} {schoolName} {t('footer.copyright')}
                </>
              }
            />
          ) : (
            visitorFooter.data && (
              <>
                <div>{visitorFooter.data.copyright || `© ${tenantYear()} ${schoolName} ${t('footer.copyright')}`}</div>
                {[visitorFooter.data.address, visitorFooter.data.phone, visitorFooter.data.email].some(Boolean) && (
                  <div data-testid="configured-footer">
                    {[visitorFooter.data.address, visitorFooter.data.phone, visitorFooter.data.email]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                )}
              </>
            )
          )}
          <div>{t('footer.support')}</div>
        </footer>
      )}
      {/* The prompt stands in the bottom-right corner, where the configuration pages' tables have their actions: there
          it waits for the next other page (the notices stay in the message center meanwhile). */}
      {chat && <chat.ShellNoticePrompt enabled={!!user && !isConfigurationPage(location.pathname)} />}
      {chat && user && <chat.ShellConfigFreshness />}
      {user && <Watermark lines={watermarkLines} />}
      {lockOpen && (
        <AntdIsland>
          <LockDialog open onClose={() => setLockOpen(false)} />
        </AntdIsland>
      )}
      {themeOpen && (
        <AntdIsland>
          <UserThemeDialog open onClose={() => setThemeOpen(false)} />
        </AntdIsland>
      )}
    </div>
  );
}
