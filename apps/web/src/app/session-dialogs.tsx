import { Button, Modal } from 'antd';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { useNavigate } from 'react-router';
import { useSessionDialogs } from './session-dialogs-store.ts';

/** Both session dialogs. Their only button logs out and goes to /login (ARCHITECTURE: decisions on 401). */
export function SessionDialogs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useSessionDialogs((s) => s.open);
  const close = useSessionDialogs((s) => s.close);
  const relogin = () => {
    close();
    // The re-login page clears the session (and tells the other tabs, which wait for the login there too). Cleared
    // here, while this page is still on screen (the route change is a transition), the guard sent the user to
    // /login?redirect=… instead. Back to this page after the login, as the other tabs come back to theirs.
    const here = window.location.pathname + window.location.search;
    navigate(`/login?isLogin=true&redirect=${encodeURIComponent(here)}`, { replace: true });
  };
  return (
    <Modal
      open={open !== null}
      title={open === 'expired' ? t('session.expiredTitle') : t('session.forcedTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={relogin} autoFocus>
          {t('session.reLogin')}
        </Button>
      }
    >
      {/* Section 8's session error only when the checks kept failing: a session whose time ran out says so. */}
      <p role="alert">{open === 'failing' ? t('errors.session') : t('session.expiredBody')}</p>
    </Modal>
  );
}
