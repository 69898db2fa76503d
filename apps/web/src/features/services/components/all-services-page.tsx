import { Button } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/session-store.ts';
import { ServiceHallPage } from './service-hall-page.tsx';
import '../services.css';

/** allServices: a landing-type page (no login needed) listing every service the caller may see. */
export function AllServicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => !!s.token && !!s.user);
  return (
    <div className="svc-landing">
      <header className="svc-landing-header">
        <Link to="/" className="svc-landing-brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t('app.title')}</span>
        </Link>
        <Button type="primary" onClick={() => navigate(loggedIn ? '/home/serviceHall' : '/login')}>
          {loggedIn ? t('services.enterHall') : t('services.login')}
        </Button>
      </header>
      <main className="svc-landing-main">
        <ServiceHallPage serviceType="" landing />
      </main>
    </div>
  );
}
