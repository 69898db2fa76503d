import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LockPage } from '../features/auth/components/lock-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { EfficiencyPage } from '../features/efficiency/components/efficiency-page.tsx';
import { DeptDutyConfigPage } from '../features/transfer/components/dept-duty-config-page.tsx';
import { ThreeListsPage } from '../features/transfer/components/three-lists-page.tsx';
import { MessageDetailPage } from '../features/chat/components/message-detail-page.tsx';
import { MessageIframePage } from '../features/chat/components/message-iframe-page.tsx';
import { AllServicesPage } from '../features/services/components/all-services-page.tsx';
import { LandingPage } from '../features/services/components/landing-page.tsx';
import { ServiceHallPage } from '../features/services/components/service-hall-page.tsx';
import { ServiceIframePage } from '../features/services/components/service-iframe-page.tsx';
import { CardBusinessConfigPage } from '../features/workbench/components/card-business-config-page.tsx';
import { HomePage } from '../features/workbench/components/home-page.tsx';
import { IframePage } from '../features/workbench/components/iframe-page.tsx';
import { ManagementGuideConfigPage } from '../features/workbench/components/management-guide-config-page.tsx';
import { RouteGuard } from './guard.tsx';
import { OUTSIDE_PAGES, SHELL_PAGES, USER_FRAME_CONFIG_HANDLE } from './route-table.ts';
import { PersonalCenterRoute } from './routes/personal-center.tsx';
import { DeletedMessagePage, NoPowerPage, NotBuiltRoute, NotFoundPage, OutsideNotBuiltRoute, UserFrameConfigRoute, WelcomeRedirect } from './routes/pages.tsx';
import { SessionRoot } from './session-root.tsx';
import { Shell } from './shell.tsx';
import { useLogout } from './use-logout.ts';

function LockRoute() {
  const logout = useLogout();
  return <LockPage onLogout={() => void logout({ serverSide: true })} />;
}

/** Elements of the routes that are built; every other route of 2.1 says plainly it is not built yet. */
const OUTSIDE_ELEMENTS: Record<string, React.ReactNode> = {
  login: <LoginPage />,
  advanceLanding: <LandingPage />,
  allServices: <AllServicesPage />,
  deleteNoPag: <DeletedMessagePage />,
  generalDetailsTow: <MessageDetailPage />,
  lock: <LockRoute />,
};
const SHELL_ELEMENTS: Record<string, React.ReactNode> = {
  noPower: <NoPowerPage />,
  serviceHall: <ServiceHallPage key="hall" serviceType="" />,
  applicationServiceCenter: <ServiceHallPage key="application" serviceType="APPLICATION" />,
  processServiceCenter: <ServiceHallPage key="process" serviceType="PROCESS" />,
  serviceIframPage: <ServiceIframePage />,
  threelists: <ThreeListsPage />,
  deptResponsibilityListConfig: <DeptDutyConfigPage />,
  messageIfrm: <MessageIframePage />,
  homePage: <HomePage />,
  cardBusinessConfig: <CardBusinessConfigPage />,
  managementGuideConfig: <ManagementGuideConfigPage />,
  iframPage: <IframePage key="iframPage" />,
  navIfram: <IframePage key="navIfram" />,
  PersonalCenter: <PersonalCenterRoute />,
  effectivenessSupervision: <EfficiencyPage />,
};

/** The complete route table of 2.1 under the guard of 2.2. */
export const routes: RouteObject[] = [
  {
    element: <SessionRoot />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          ...OUTSIDE_PAGES.map((p) => ({ path: p.path, handle: p.handle, element: OUTSIDE_ELEMENTS[p.handle.name] ?? <OutsideNotBuiltRoute /> })),
          {
            path: '/home',
            element: <Shell />,
            handle: { name: 'home', titleKey: 'app.home' },
            children: [
              { index: true, element: <Navigate to="/home/homePage" replace /> },
              ...SHELL_PAGES.map((p) => ({ path: p.path, handle: p.handle, element: SHELL_ELEMENTS[p.handle.name] ?? <NotBuiltRoute /> })),
              { path: 'userFrameConfig/:name', handle: USER_FRAME_CONFIG_HANDLE('userFrameConfig'), element: <UserFrameConfigRoute /> },
            ],
          },
          { path: '/wel/index', handle: { name: 'wel', titleKey: 'app.home' }, element: <WelcomeRedirect /> },
        ],
      },
      { path: '*', handle: { name: 'notFound', titleKey: 'pages.notFound', public: true }, element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
