import { Button, Modal } from 'antd';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { useNavigate } from 'react-router';
import { sessionStore } from '../lib/session/session-store.ts';
import { useSessionDialogs } from './session-dialogs-store.ts';

/** Both session dialogs. Their only button logs out and goes to /login (ARCHITECTURE: decisions on 401). */
export function SessionDialogs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useSessionDialogs((s) => s.open);
  const close = useSessionDialogs((s) => s.close);
  const relogin = () => {
    close();
    sessionStore.getState().logoutClear();
    navigate('/login?isLogin=true', { replace: true });
  };
  return (
    <Modal
      open={open !== null}
      title={open === 'forced' ? t('session.forcedTitle') : t('session.expiredTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={relogin} autoFocus>
          {t('session.reLogin')}
        </Button>
      }
    >
      <p role="alert">{open === 'forced' ? t('errors.session') : t('session.expiredBody')}</p>
    </Modal>
  );
}
