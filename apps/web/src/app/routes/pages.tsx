import { Button, Result } from 'antd';
import { USER_FRAME_CONFIG_NAMES } from '@portal/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { NotBuilt } from '../../components/not-built.tsx';
import { EfficiencyConfigPage } from '../../features/efficiency/components/efficiency-config-page.tsx';
import { SearchMissesPanel } from '../../features/services/components/search-misses-panel.tsx';
import { ServiceIconsPanel } from '../../features/services/components/service-icons-panel.tsx';
import { UnansweredQuestionsPanel } from '../../features/services/components/unanswered-questions-panel.tsx';
import { CatalogueDataPanel } from '../../features/transfer/components/catalogue-data-panel.tsx';
import { ThreeListsConfigPage } from '../../features/transfer/components/three-lists-config-page.tsx';
import { HomePageConfigPage } from '../../features/workbench/components/home-page-config-page.tsx';
import { CenterConfigPage, NavigationConfigPage } from '../../features/workbench/components/navigation-config-page.tsx';
import { PreLoginConfigPage } from '../../features/workbench/components/pre-login-config-page.tsx';
import { useRouteHandle } from '../guard.tsx';

/** A route of 2.1 whose capability a later release builds: its title, and a plain statement. */
export function NotBuiltRoute({ backTo }: { backTo?: string }) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return <NotBuilt title={t(handle?.titleKey ?? 'pages.notFound')} backTo={backTo} />;
}

/** Built configuration pages of /home/userFrameConfig/{name}, by name (features add theirs here). */
export const USER_FRAME_CONFIG_ELEMENTS: Record<string, React.ReactNode> = {
  threeListsConfig: <ThreeListsConfigPage />,
  homePageConfig: <HomePageConfigPage />,
  // The catalogue's bulk export and import (issue 6) sit under the service hall's own configuration.
  serviceHallConfig: (
    <>
      <CenterConfigPage key="hall" navigationType="SERVICE_HALL" titleKey="pages.serviceHallConfig" />
      <CatalogueDataPanel />
      <ServiceIconsPanel />
      <SearchMissesPanel />
      <UnansweredQuestionsPanel />
    </>
  ),
  processServiceCenterConfig: <CenterConfigPage key="flow" navigationType="FLOW_SERVICE_CENTER" titleKey="pages.processServiceCenterConfig" />,
  applicationServiceCenterConfig: <CenterConfigPage key="apply" navigationType="APPLY_SERVICE_CENTER" titleKey="pages.applicationServiceCenterConfig" />,
  preLoginConfig: <PreLoginConfigPage />,
  addNavigation: <NavigationConfigPage />,
  effectivenessMonitoringConfig: <EfficiencyConfigPage />,
};

/** /home/userFrameConfig/{name}: only the names of 2.1 exist. */
export function UserFrameConfigRoute() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  if (!(USER_FRAME_CONFIG_NAMES as readonly string[]).includes(name)) return <NotFoundPage />;
  return USER_FRAME_CONFIG_ELEMENTS[name] ?? <NotBuilt title={t(`pages.${name}`)} />;
}

export function NoPowerPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('noPower.title')}</h1>}
      subTitle={t('noPower.body')}
      extra={
        <Link to="/home/homePage">
          <Button type="primary">{t('noPower.back')}</Button>
        </Link>
      }
    />
  );
}

/** /deleteNoPag: opened when a message has been deleted (4.2). */
export function DeletedMessagePage() {
  const { t } = useTranslation();
  return (
    <main className="plain-page">
      <Result status="warning" title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('errors.deleted')}</h1>} />
    </main>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('pages.notFound')}</h1>}
      extra={
        <Link to="/">
          <Button type="primary">{t('notBuilt.back')}</Button>
        </Link>
      }
    />
  );
}

/** Pre-login pages that a later release builds, outside the shell. */
export function OutsideNotBuiltRoute() {
  const { t } = useTranslation();
  return (
    <main className="plain-page">
      <NotBuiltRoute backTo="/login" />
      <p style={{ textAlign: 'center' }}>
        <Link to="/login">{t('landing.login')}</Link>
      </p>
    </main>
  );
}

export const WelcomeRedirect = () => <Navigate to="/home/homePage" replace />;
