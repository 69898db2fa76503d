import { Button, Result } from 'antd';
import { useTranslation } from '../../lib/i18n/i18n.ts';
import { useNavigate } from 'react-router';
import { ServiceHallPage } from '../../features/services/components/service-hall-page.tsx';
import { useConfiguredBuiltIns } from '../../features/workbench/components/shell-navigation.tsx';

const PATHS = {
  '': '/home/serviceHall',
  APPLICATION: '/home/applicationServiceCenter',
  PROCESS: '/home/processServiceCenter',
} as const;

/**
 * The service hall and the two service centres (services feature) as the administrator configured them
 * (workbench feature): a centre switched off in the navigation configuration is off by its URL too, not only
 * missing from the bar.
 */
export function ServiceCenterRoute({ serviceType }: { serviceType: keyof typeof PATHS }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const builtIns = useConfiguredBuiltIns();
  if (!builtIns.visible(PATHS[serviceType])) {
    return (
      <Result
        status="info"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('errors.centerOff')}</h1>}
        extra={
          <Button type="primary" onClick={() => navigate('/home/serviceHall', { replace: true })}>
            {t('errors.toServiceHall')}
          </Button>
        }
      />
    );
  }
  return <ServiceHallPage serviceType={serviceType} />;
}
