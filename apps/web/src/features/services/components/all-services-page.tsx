import { Button } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useLandingConfig } from '../api/get-landing-config.ts';
import { landingTenant } from '../lib/tenant.ts';
import { FallbackImage } from './fallback-image.tsx';
import { ServiceHallPage } from './service-hall-page.tsx';
import '../services.css';

/**
 * allServices: a landing-type page (no login needed) listing every service the caller may see, under the landing
 * page's header: the school's logo and name, the language switch (a visitor may arrive here first), and login.
 */
export function AllServicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loggedIn = useSession((s) => !!s.token && !!s.user);
  const config = useLandingConfig(params.get('tenantId') || landingTenant());
  return (
    <div className="svc-landing">
      <header className="svc-landing-header">
        <Link to="/" className="svc-landing-brand">
          <FallbackImage src={config.data?.logo} fallback="/favicon.svg" alt="" width={32} height={32} />
          <span className="svc-landing-brand-name">{config.data?.title ?? t('app.title')}</span>
        </Link>
        <div className="svc-landing-tools">
          <LanguageSwitch />
          <Button type="primary" onClick={() => navigate(loggedIn ? '/home/serviceHall' : '/login')}>
            {loggedIn ? t('services.enterHall') : t('services.login')}
          </Button>
        </div>
      </header>
      <main className="svc-landing-main">
        <ServiceHallPage serviceType="" landing />
      </main>
    </div>
  );
}
