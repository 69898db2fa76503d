import { isRouteAllowedByMenu } from '@portal/contracts/routes';
import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getRobotBaseInfo } from '../features/assistant/api/get-robot-base-info.ts';
import { useSessionUser } from '../features/auth/api/get-user-info.ts';
import { sessionStore, useSession } from '../lib/session/session-store.ts';
import { useRouteHandle } from './route-handle.ts';

/**
 * The navigation guard of 2.2:
 * - login-free routes pass; every other route sends a user without login info to /login;
 * - cardBusinessConfig and userFrameConfig paths need the path or name in configurationMenu, else noPower;
 * - the route's serviceType sets the current service business type;
 * - the robot-chat basic configuration is fetched once per session if it is missing;
 * - entering the home route marks the index state.
 */
export function RouteGuard() {
  const handle = useRouteHandle();
  const location = useLocation();
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.configurationMenu);
  const locked = useSession((s) => s.lock);
  const robotConfig = useSession((s) => s.robotConfig);
  const needsLogin = !handle?.public;

  // Once per page load and token: validates the token and refreshes the menus; a cached user renders at once.
  const userQuery = useSessionUser(token, needsLogin);
  useEffect(() => {
    if (userQuery.data) sessionStore.getState().setUser(userQuery.data);
  }, [userQuery.data]);

  useEffect(() => {
    if (!handle || handle.public) return;
    if (handle.serviceType !== undefined) sessionStore.getState().setServiceType(handle.serviceType);
    sessionStore.getState().setIndexState(handle.name === 'homePage');
  }, [handle]);

  useEffect(() => {
    if (!needsLogin || !user || robotConfig) return;
    // Once per session: a failure leaves it missing and is not retried until the next login.
    let cancelled = false;
    getRobotBaseInfo({ silent: true })
      .then((config) => !cancelled && sessionStore.getState().setRobotConfig(config))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsLogin, user?.user_id]);

  // Locked here or in another tab of the user (tab-refresh.ts): the lock page, which unlocks back to this page. Pages a
  // visitor may open too (the landing page, all services, the three lists, a message's page) are the user's while the
  // session lasts — `/` showed the user's collected stars and buttons behind a locked screen — so they wait as well;
  // only /login stays open (another person may sign in there, which ends the locked session).
  if (locked && token && handle?.name !== 'lock' && handle?.name !== 'login')
    return <Navigate to="/lock" replace state={{ from: location.pathname + location.search }} />;
  if (!needsLogin) return <Outlet />;
  if (!token) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  if (!user) {
    if (userQuery.isError) return <Navigate to="/login?isLogin=true" replace />;
    // (the session-expired dialog has opened for a 401; without a cached user there is no page behind it)
    return (
      <div className="plain-loading" role="status" aria-label={t('app.loading')}>
        <span className="plain-spinner" aria-hidden />
      </div>
    );
  }
  if (!isRouteAllowedByMenu(location.pathname, menus)) return <Navigate to="/home/noPower" replace />;
  return <Outlet />;
}
