import { lazy, useEffect, useMemo, type ReactNode } from 'react';
import { matchRoutes, Navigate, renderMatches, useLocation, type RouteObject } from 'react-router';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { loadPart } from '../lib/lazy/load-part.ts';
import { queryClient } from './providers.tsx';
import { RouteGuard } from './guard.tsx';
import { OUTSIDE_PAGES, SHELL_PAGES, USER_FRAME_CONFIG_HANDLE } from './route-table.ts';
import { RouteHandleContext } from './route-handle.ts';
import type { RouteHandle } from './route-table.ts';
import { RouteError, RouteErrorBoundary } from './routes/route-error.tsx';
import { SessionRoot } from './session-root.tsx';

/**
 * Every page of 2.1 is a code part of its own, loaded when its route is first entered (React's lazy components under
 * React Router's component routes, ADR 0059), under the 120 s code-part time-out of section 9. A part that does not
 * arrive shows RouteError with a retry, inside the shell where there is one. Only the router, the guard and the
 * session wiring are in the first script. Every page but those of PLAIN_PAGES sits in the Ant Design layout
 * (antd-root.tsx, ADR 0038), itself a code part: a plain page's first script and style sheet hold no Ant Design.
 *
 * React Router's navigations are transitions: the page on screen stays until the next one's part has arrived, as its
 * data router's lazy routes did. The first render waits for the first route's parts the same way (main.tsx renders it
 * as a transition), so index.html's boot mark stays until the page can paint.
 */
type PageLoader = () => Promise<ReactNode>;
/** A route whose element is a code part; `preload` starts its load (once) before React asks for it. */
type PartRoute = RouteObject & { preload?: () => Promise<unknown> };
const lazyPage = (load: PageLoader): Pick<PartRoute, 'element' | 'preload'> => {
  let loading: Promise<ReactNode> | undefined;
  /** The page once its part has arrived: rendered at once from then on, never suspending (a hydration's too). */
  let ready: { node: ReactNode } | undefined;
  // A part that fails to load becomes the route's page: the message and its retry, where the page would be.
  const start = () =>
    (loading ??= loadPart(load)
      .catch((error: unknown) => <RouteError error={error} />)
      .then((node) => (ready = { node }).node));
  const Lazy = lazy(() => start().then((node) => ({ default: () => node })));
  const Part = () => (ready ? ready.node : <Lazy />);
  return {
    element: (
      <RouteErrorBoundary>
        <Part />
      </RouteErrorBoundary>
    ),
    preload: start,
  };
};

/**
 * A page whose first screen's calls start with its code part, not after it (issue 10): `prefetch` runs as soon as its
 * module is here (in the page's part, ADR 0077), before the page is made, and the page renders once both are (the
 * calls in flight or answered, or the answers the page carried in the cache). Both are preloaded beside the first
 * script for the page's path (ROUTE_ENTRY_MODULES in vite.config.ts); neither is in the first script every page loads.
 */
const withPrefetch =
  (prefetch: () => Promise<void>, page: PageLoader): PageLoader =>
  () =>
    Promise.all([prefetch(), page()]).then(([, node]) => node);

const OUTSIDE_LOADERS: Record<string, PageLoader> = {
  login: withPrefetch(
    () => import('../features/auth/api/prefetch-login.ts').then((m) => m.prefetchLogin(queryClient)),
    () => import('../features/auth/components/login-page.tsx').then((m) => <m.LoginPage />),
  ),
  advanceLanding: withPrefetch(
    () => import('../features/services/api/prefetch-landing.ts').then((m) => m.prefetchLanding(queryClient)),
    () => import('../features/services/components/landing-page.tsx').then((m) => <m.LandingPage />),
  ),
  allServices: () => import('../features/services/components/all-services-page.tsx').then((m) => <m.AllServicesPage />),
  generalDetailsTow: () =>
    import('../features/messages/components/message-detail-page.tsx').then((m) => <m.MessageDetailPage />),
  lock: () => import('./routes/lock-route.tsx').then((m) => <m.LockRoute />),
};
/** Pages painted with plain React and CSS, outside the Ant Design layout. */
const PLAIN_PAGES = new Set(['login', 'advanceLanding']);
/** Pages of the (plain) shell painted without Ant Design. */
const PLAIN_SHELL_PAGES = new Set(['homePage']);
const pages = () => import('./routes/pages.tsx');
const OUTSIDE_ELEMENTS: Record<string, PageLoader> = {
  deleteNoPag: () => pages().then((m) => <m.DeletedMessagePage />),
};
const outsideNotBuilt: PageLoader = () => pages().then((m) => <m.OutsideNotBuiltRoute />);

const SHELL_LOADERS: Record<string, PageLoader> = {
  serviceHall: () =>
    import('../features/services/components/service-hall-page.tsx').then((m) => (
      <m.ServiceHallPage key="hall" serviceType="" />
    )),
  applicationServiceCenter: () =>
    import('./routes/service-center.tsx').then((m) => (
      <m.ServiceCenterRoute key="application" serviceType="APPLICATION" />
    )),
  processServiceCenter: () =>
    import('./routes/service-center.tsx').then((m) => <m.ServiceCenterRoute key="process" serviceType="PROCESS" />),
  serviceIframPage: () =>
    import('../features/services/components/service-iframe-page.tsx').then((m) => <m.ServiceIframePage />),
  threelists: () => import('./routes/three-lists-page.tsx').then((m) => <m.ThreeListsRoute />),
  deptResponsibilityListConfig: () => import('./routes/dept-duty-config.tsx').then((m) => <m.DeptDutyConfigRoute />),
  messageIfrm: () =>
    import('../features/messages/components/message-iframe-page.tsx').then((m) => <m.MessageIframePage />),
  homePage: () => import('./routes/home-page.tsx').then((m) => <m.HomePageRoute />),
  cardBusinessConfig: () =>
    import('../features/workbench/components/card-business-config-page.tsx').then((m) => <m.CardBusinessConfigPage />),
  managementGuideConfig: () =>
    import('../features/workbench/components/management-guide-config-page.tsx').then((m) => (
      <m.ManagementGuideConfigPage />
    )),
  identityProviderConfig: () =>
    import('../features/auth/components/identity-provider-config-page.tsx').then((m) => (
      <m.IdentityProviderConfigPage />
    )),
  noticeManageConfig: () => import('./routes/notice-manage.tsx').then((m) => <m.NoticeManageRoute />),
  robotKnowledgeConfig: () => import('./routes/robot-knowledge.tsx').then((m) => <m.RobotKnowledgeRoute />),
  configAuditLog: () => import('../features/audit/components/audit-log-page.tsx').then((m) => <m.AuditLogPage />),
  userDeptConfig: () =>
    import('../features/auth/components/user-departments-page.tsx').then((m) => <m.UserDepartmentsPage />),
  iframPage: () =>
    import('../features/workbench/components/iframe-page.tsx').then((m) => <m.IframePage key="iframPage" />),
  navIfram: () =>
    import('../features/workbench/components/iframe-page.tsx').then((m) => <m.IframePage key="navIfram" />),
  PersonalCenter: () => import('./routes/personal-center.tsx').then((m) => <m.PersonalCenterRoute />),
  effectivenessSupervision: () =>
    import('../features/efficiency/components/efficiency-page.tsx').then((m) => <m.EfficiencyPage />),
};
const SHELL_ELEMENTS: Record<string, PageLoader> = { noPower: () => pages().then((m) => <m.NoPowerPage />) };
const shellNotBuilt: PageLoader = () => pages().then((m) => <m.NotBuiltRoute />);

const route = (
  path: string,
  handle: { name: string },
  loaders: Record<string, PageLoader>,
  elements: Record<string, PageLoader>,
  notBuilt: PageLoader,
): PartRoute => ({ path, handle, ...lazyPage(loaders[handle.name] ?? elements[handle.name] ?? notBuilt) });

/** The Ant Design layout (providers, style sheet, session dialogs) around its pages, loaded with the first of them. */
const antdLayout = (children: RouteObject[]): PartRoute => ({
  // As for a page: a layout that does not arrive becomes the message and its retry (not a white page).
  ...lazyPage(() => import('./antd-root.tsx').then((m) => <m.AntdRoot />)),
  children,
});

/** The complete route table of 2.1 under the guard of 2.2. */
export const routes: PartRoute[] = [
  {
    element: (
      <RouteErrorBoundary>
        <SessionRoot />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: <RouteGuard />,
        children: [
          ...OUTSIDE_PAGES.filter((p) => PLAIN_PAGES.has(p.handle.name)).map((p) =>
            route(p.path, p.handle, OUTSIDE_LOADERS, OUTSIDE_ELEMENTS, outsideNotBuilt),
          ),
          antdLayout([
            ...OUTSIDE_PAGES.filter((p) => !PLAIN_PAGES.has(p.handle.name)).map((p) =>
              route(p.path, p.handle, OUTSIDE_LOADERS, OUTSIDE_ELEMENTS, outsideNotBuilt),
            ),
            {
              path: '/wel/index',
              handle: { name: 'wel', titleKey: 'app.home' },
              element: <Navigate to="/home/homePage" replace />,
            },
          ]),
          {
            // The shell and the home page are plain (issue 10, ADR 0042); the shell's other pages bring the Ant
            // Design layout inside it.
            path: '/home',
            handle: { name: 'home', titleKey: 'app.home' },
            ...lazyPage(() => import('./shell.tsx').then((m) => <m.Shell />)),
            children: [
              { index: true, element: <Navigate to="/home/homePage" replace /> },
              ...SHELL_PAGES.filter((p) => PLAIN_SHELL_PAGES.has(p.handle.name)).map((p) =>
                route(p.path, p.handle, SHELL_LOADERS, SHELL_ELEMENTS, shellNotBuilt),
              ),
              antdLayout([
                ...SHELL_PAGES.filter((p) => !PLAIN_SHELL_PAGES.has(p.handle.name)).map((p) =>
                  route(p.path, p.handle, SHELL_LOADERS, SHELL_ELEMENTS, shellNotBuilt),
                ),
                {
                  path: 'userFrameConfig/:name',
                  handle: USER_FRAME_CONFIG_HANDLE('userFrameConfig'),
                  ...lazyPage(() => import('./routes/user-frame-config.tsx').then((m) => <m.UserFrameConfigRoute />)),
                },
              ]),
            ],
          },
        ],
      },
      antdLayout([
        {
          path: '*',
          handle: { name: 'notFound', titleKey: 'pages.notFound', public: true },
          ...lazyPage(() => pages().then((m) => <m.NotFoundPage />)),
        },
      ]),
    ],
  },
];

/**
 * Each path's matches, kept: `matchRoutes` flattens and ranks the whole table and compiles a pattern per route it tries
 * on every call, about 6–15 ms on a phone (issue 10), at main.tsx's preload and again at the first render. The table
 * never changes, so a path matches the same routes every time.
 */
const matchesByPath = new Map<string, ReturnType<typeof matchRoutes>>();
const MATCHES_KEPT = 64;

/** The routes a path matches, from the root down (React Router's ranking), or null for none. */
const matchPath = (pathname: string) => {
  let matches = matchesByPath.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    if (matchesByPath.size >= MATCHES_KEPT) matchesByPath.delete(matchesByPath.keys().next().value!);
    matchesByPath.set(pathname, matches);
  }
  return matches;
};

/**
 * Starts loading the code parts of the routes `pathname` matches, all at once (main.tsx: before the first render);
 * settles once every one has arrived (or become its error page), after which they render without suspending.
 */
export function preloadRoute(pathname: string): Promise<void> {
  return Promise.all((matchPath(pathname) ?? []).map((m) => (m.route as PartRoute).preload?.())).then(() => {});
}

/** The handle of the deepest matched route that has one. */
function deepestHandle(matches: ReturnType<typeof matchPath>): RouteHandle | undefined {
  for (let i = (matches?.length ?? 0) - 1; i >= 0; i--) {
    const handle = matches![i]!.route.handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}

/** The route table rendered for the current location, with the deepest route's handle for the guard and the shell. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const matches = useMemo(() => matchPath(pathname), [pathname]);
  const handle = deepestHandle(matches);
  // Every page's title, those outside the guard too (the page that does not exist).
  useEffect(() => {
    if (handle) document.title = `${t(handle.titleKey)} - ${t('app.title')}`;
  }, [handle, t]);
  return <RouteHandleContext.Provider value={handle}>{renderMatches(matches)}</RouteHandleContext.Provider>;
}
