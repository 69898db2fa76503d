import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';

/** Which session dialog is open: 2.4's session-expired dialog (on a 401) or the forced re-login dialog (4.3). */
type DialogState = {
  open: 'expired' | 'forced' | null;
  show: (which: 'expired' | 'forced') => void;
  close: () => void;
};

export const useSessionDialogs = create<DialogState>((set, get) => ({
  open: null,
  // The forced dialog wins over the expired one; neither opens twice.
  show: (which) => {
    if (get().open === 'forced') return;
    set({ open: which });
  },
  close: () => set({ open: null }),
}));

/** Both session dialogs. Their only button logs out and goes to /login (ARCHITECTURE: decisions on 401). */
export function SessionDialogs({ onReLogin }: { onReLogin: () => void }) {
  const { t } = useTranslation();
  const open = useSessionDialogs((s) => s.open);
  const close = useSessionDialogs((s) => s.close);
  const relogin = () => {
    close();
    onReLogin();
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
