import { App } from 'antd';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { TOAST_DURATION_MS } from '@portal/contracts/constants';
import { LANDING_ROUTE_PATHS } from '@portal/contracts/routes';
import { getSessionValidTime } from '../features/auth/api/get-session-valid-time.ts';
import { refreshToken } from '../features/auth/api/refresh-token.ts';
import { updateSessionValidTime } from '../features/auth/api/update-session-valid-time.ts';
import { setUnauthorizedHandler } from '../lib/http/client.ts';
import { setNotifier } from '../lib/http/notify.ts';
import { startSessionGuard } from '../lib/session/session-guard.ts';
import { sessionStore, useSession } from '../lib/session/session-store.ts';
import { createUnauthorizedClassifier } from '../lib/session/unauthorized.ts';
import { applyTheme } from '../lib/theme/theme.ts';
import { SessionDialogs, useSessionDialogs } from './session-dialogs.tsx';

/**
 * Wires the session-wide behaviour of 4.3 once, above every route: toasts, the 401 handler, the
 * session guard timers, the theme variables, and the two session dialogs.
 */
export function SessionRoot() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSession((s) => s.token);
  const themeColor = useSession((s) => s.theme?.themeColor);

  useEffect(() => {
    setNotifier({
      error: (text, duration = TOAST_DURATION_MS) => void message.error({ content: text, duration: duration / 1000 }),
      warning: (text, duration = TOAST_DURATION_MS) =>
        void message.warning({ content: text, duration: duration / 1000 }),
    });
  }, [message]);

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
      onForcedRelogin: () => useSessionDialogs.getState().show('forced'),
    });
  }, [token]);

  useEffect(() => {
    applyTheme(themeColor);
  }, [themeColor]);

  const reLogin = () => {
    sessionStore.getState().logoutClear();
    navigate('/login?isLogin=true', { replace: true });
  };

  return (
    <>
      <Outlet />
      <SessionDialogs onReLogin={reLogin} />
    </>
  );
}
