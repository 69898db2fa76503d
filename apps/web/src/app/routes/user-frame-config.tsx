import { USER_FRAME_CONFIG_NAMES } from '@portal/contracts/routes';
import { useTranslation } from '../../lib/i18n/i18n.ts';
import { useParams } from 'react-router';
import { NotBuilt } from '../../components/not-built.tsx';
import { EfficiencyConfigPage } from '../../features/efficiency/components/efficiency-config-page.tsx';
import { SearchMissesPanel } from '../../features/services/components/search-misses-panel.tsx';
import { ServiceIconsPanel } from '../../features/services/components/service-icons-panel.tsx';
import { UnansweredQuestionsPanel } from '../../features/services/components/unanswered-questions-panel.tsx';
import { CatalogueDataPanel } from '../../features/transfer/components/catalogue-data-panel.tsx';
import { ThreeListsConfigPage } from '../../features/three-lists/components/three-lists-config-page.tsx';
import { HomePageConfigPage } from '../../features/workbench/components/home-page-config-page.tsx';
import { CenterConfigPage, NavigationConfigPage } from '../../features/workbench/components/navigation-config-page.tsx';
import { PreLoginConfigPage } from '../../features/workbench/components/pre-login-config-page.tsx';
import { NotFoundPage } from './pages.tsx';

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
  processServiceCenterConfig: (
    <CenterConfigPage key="flow" navigationType="FLOW_SERVICE_CENTER" titleKey="pages.processServiceCenterConfig" />
  ),
  applicationServiceCenterConfig: (
    <CenterConfigPage
      key="apply"
      navigationType="APPLY_SERVICE_CENTER"
      titleKey="pages.applicationServiceCenterConfig"
    />
  ),
  preLoginConfig: <PreLoginConfigPage />,
  addNavigation: <NavigationConfigPage />,
  effectivenessMonitoringConfig: <EfficiencyConfigPage />,
};

/** /home/userFrameConfig/{name}: only the names of 2.1 exist. */
export function UserFrameConfigRoute() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  if (!(USER_FRAME_CONFIG_NAMES as readonly string[]).includes(name)) return <NotFoundPage inShell />;
  return USER_FRAME_CONFIG_ELEMENTS[name] ?? <NotBuilt title={t(`pages.${name}`)} />;
}
