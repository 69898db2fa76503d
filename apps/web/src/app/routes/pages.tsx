import { Button, Result } from 'antd';
import { useTranslation } from '../../lib/i18n/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/session/session-store.ts';
import { NotBuilt } from '../../components/not-built.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { useRouteHandle } from '../route-handle.ts';

/** A route of 2.1 whose capability a later release builds: its title, and a plain statement. */
export function NotBuiltRoute({ backTo }: { backTo?: string }) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return <NotBuilt title={t(handle?.titleKey ?? 'pages.notFound')} backTo={backTo} />;
}

export function NoPowerPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('noPower.title')}</h1>}
      subTitle={t('noPower.body')}
      extra={<LinkButton to="/home/homePage">{t('noPower.back')}</LinkButton>}
    />
  );
}

/** /deleteNoPag: opened when a message has been deleted (4.2). */
/** /deleteNoPag: the message is gone — and a way on: back where the user came from, or home. */
export function DeletedMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.token !== null);
  const home = signedIn ? '/home/homePage' : '/';
  return (
    <main className="plain-page">
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('errors.deleted')}</h1>}
        extra={[
          window.history.length > 1 && (
            <Button key="back" onClick={() => navigate(-1)}>
              {t('errors.goBack')}
            </Button>
          ),
          <Button key="home" type="primary" onClick={() => navigate(home, { replace: true })}>
            {t('notBuilt.back')}
          </Button>,
        ]}
      />
    </main>
  );
}

/** 页面不存在. Outside the shell (an unknown address) the page is its own main landmark; inside, the shell's is. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const result = (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('pages.notFound')}</h1>}
      extra={<LinkButton to="/">{t('notBuilt.back')}</LinkButton>}
    />
  );
  return inShell ? result : <main>{result}</main>;
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
