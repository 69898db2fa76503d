import { lazy, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LANDING_ROUTE_PATHS } from '@portal/contracts/routes';
import { getSessionValidTime } from '../features/auth/api/get-session-valid-time.ts';
import { refreshToken } from '../features/auth/api/refresh-token.ts';
import { updateSessionValidTime } from '../features/auth/api/update-session-valid-time.ts';
import { setUnauthorizedHandler } from '../lib/http/client.ts';
import { setNotifier } from '../lib/http/notify.ts';
import { AntdIsland } from '../components/antd-island.tsx';
import { plainNotifier, PlainToasts } from '../components/plain-toast.tsx';
import { loadPart } from '../lib/lazy/load-part.ts';
import { startSessionGuard } from '../lib/session/session-guard.ts';
import { sessionStore, useSession } from '../lib/session/session-store.ts';
import { createUnauthorizedClassifier } from '../lib/session/unauthorized.ts';
import { applyTheme } from '../lib/theme/theme.ts';
import { useSessionDialogs } from './session-dialogs-store.ts';

// The two session dialogs (Ant Design's Modal) are a code part of their own, in an island of Ant Design: shown the
// first time a session ends, over whatever page is on screen, plain or not (issue 10).
const SessionDialogs = lazy(() =>
  loadPart(() => import('./session-dialogs.tsx')).then((m) => ({ default: m.SessionDialogs })),
);

// Plain toasts until a page of the Ant Design layout mounts (its effect runs before any of this tree's).
setNotifier(plainNotifier);

/**
 * Wires the session-wide behaviour of 4.3 once, above every route: toasts, the 401 handler, the
 * session guard timers, the theme variables and the session dialogs. The toasts are plain ones until a page of the Ant
 * Design layout (antd-root.tsx) sets Ant Design's.
 */
export function SessionRoot() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const themeColor = useSession((s) => s.theme?.themeColor);
  const dialogOpen = useSessionDialogs((s) => s.open !== null);

  // 4.3: "A 401 clears the cached ticket. Unless the user is on a landing or login page, the session-expired dialog
  // opens." When the cleared ticket's session has itself ended, it is the forced re-login dialog instead.
  const pathname = location.pathname;
  useEffect(() => {
    const classify = createUnauthorizedClassifier(getSessionValidTime);
    setUnauthorizedHandler((clearedTicket) => {
      void classify(clearedTicket).then((dialog) => {
        const path = window.location.pathname;
        if ((LANDING_ROUTE_PATHS as readonly string[]).includes(path)) return;
        useSessionDialogs.getState().show(dialog);
      });
    });
  }, [pathname]);

  useEffect(() => {
    // On a landing or login page no session dialog stays open.
    if ((LANDING_ROUTE_PATHS as readonly string[]).includes(pathname)) useSessionDialogs.getState().close();
  }, [pathname]);

  useEffect(() => {
    if (!token) return;
    return startSessionGuard({
      store: sessionStore,
      refreshToken,
      getSessionValidTime,
      updateSessionValidTime,
      onForcedRelogin: (why) => useSessionDialogs.getState().show(why === 'expired' ? 'forced' : 'failing'),
      // Logged out in another tab: nothing of the user stays on screen here either. A whole new page (cached
      // answers, the chat and every page's state go with the old one): the login page's 您已安全退出 after a logout;
      // after a re-login dialog, the re-login page, which takes the session the other tab logs in to and comes back
      // to this page (it said 您已安全退出 and stayed there).
      onLoggedOutElsewhere: (reason) => {
        sessionStore.getState().logoutClear({ announce: false });
        const here = window.location.pathname + window.location.search;
        window.location.replace(
          reason === 'relogin' ? `/login?isLogin=true&redirect=${encodeURIComponent(here)}` : '/login?logout=true',
        );
      },
    });
  }, [token]);

  useEffect(() => {
    applyTheme(themeColor);
  }, [themeColor]);

  return (
    <>
      <Outlet />
      <PlainToasts />
      {dialogOpen && (
        <AntdIsland>
          <SessionDialogs />
        </AntdIsland>
      )}
    </>
  );
}
